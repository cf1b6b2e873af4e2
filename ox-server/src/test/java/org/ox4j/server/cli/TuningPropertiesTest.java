package org.ox4j.server.cli;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TuningPropertiesTest {
    private static final String[] NAMES = {"ox4j.maxSteps", "ox4j.gb.contentEvery", "ox4j.algebra.denseSlots"};

    @AfterEach
    void clear() {
        for (String n : NAMES) {
            System.clearProperty(n);
        }
    }

    @Test
    void absentAndPositiveValuesPass() {
        assertThatCode(TuningProperties::check).doesNotThrowAnyException();
        System.setProperty("ox4j.maxSteps", "5000");
        System.setProperty("ox4j.gb.contentEvery", " 3 ");
        System.setProperty("ox4j.algebra.denseSlots", "4194304");
        assertThatCode(TuningProperties::check).doesNotThrowAnyException();
    }

    @Test
    void mistypedOrNonPositiveValuesAreRefusedByName() {
        String[][] refused = {{"ox4j.maxSteps", "1e9"}, {"ox4j.maxSteps", "-5"}, {"ox4j.gb.contentEvery", "0"},
            {"ox4j.gb.contentEvery", "3.5"}, {"ox4j.algebra.denseSlots", "4M"}};
        for (String[] nameAndValue : refused) {
            System.setProperty(nameAndValue[0], nameAndValue[1]);
            assertThatThrownBy(TuningProperties::check).as("%s=%s", nameAndValue[0], nameAndValue[1])
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(nameAndValue[0])
                    .hasMessageContaining(nameAndValue[1]);
            System.clearProperty(nameAndValue[0]);
        }
    }
}
