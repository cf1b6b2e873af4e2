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
        System.setProperty("ox4j.maxSteps", "1e9");
        assertThatThrownBy(TuningProperties::check).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ox4j.maxSteps").hasMessageContaining("1e9");
        System.clearProperty("ox4j.maxSteps");
        System.setProperty("ox4j.gb.contentEvery", "0");
        assertThatThrownBy(TuningProperties::check).hasMessageContaining("ox4j.gb.contentEvery");
        System.clearProperty("ox4j.gb.contentEvery");
        System.setProperty("ox4j.algebra.denseSlots", "4M");
        assertThatThrownBy(TuningProperties::check).hasMessageContaining("ox4j.algebra.denseSlots");
    }
}
