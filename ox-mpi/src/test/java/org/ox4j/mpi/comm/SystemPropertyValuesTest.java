package org.ox4j.mpi.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SystemPropertyValuesTest {
    private static final String NAME = "ox4j.test.systemPropertyValues";

    @AfterEach
    void clear() {
        System.clearProperty(NAME);
    }

    @Test
    void absentOrBlankGivesTheDefault() {
        assertEquals(7, SystemPropertyValues.integer(NAME, 7));
        System.setProperty(NAME, "  ");
        assertEquals(9L, SystemPropertyValues.longInteger(NAME, 9L));
        assertTrue(SystemPropertyValues.bool(NAME, true));
    }

    @Test
    void valuesAreParsedTrimmed() {
        System.setProperty(NAME, " 250 ");
        assertEquals(250, SystemPropertyValues.integer(NAME, 7));
        System.setProperty(NAME, "FALSE");
        assertFalse(SystemPropertyValues.bool(NAME, true));
    }

    @Test
    void aMistypedValueIsAnErrorNamingTheProperty() {
        System.setProperty(NAME, "2OO");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SystemPropertyValues.integer(NAME, 200));
        assertTrue(e.getMessage().contains(NAME) && e.getMessage().contains("2OO"), e.getMessage());
        System.setProperty(NAME, "yes");
        assertThrows(IllegalArgumentException.class, () -> SystemPropertyValues.bool(NAME, false));
        System.setProperty(NAME, "4294967296");
        assertThrows(IllegalArgumentException.class, () -> SystemPropertyValues.integer(NAME, 1));
        assertEquals(4294967296L, SystemPropertyValues.longInteger(NAME, 1));
    }
}
