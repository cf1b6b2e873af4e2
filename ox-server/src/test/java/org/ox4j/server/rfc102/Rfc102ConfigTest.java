package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class Rfc102ConfigTest {
    @AfterEach
    void clear() {
        System.clearProperty("ox.rfc102.barrierSpinMicros");
        System.clearProperty("ox.rfc102.replySpinMicros");
        System.clearProperty("ox.rfc102.spinMicros");
        System.clearProperty("ox.rfc102.waiterReads");
        System.clearProperty("ox.rfc102.byteorder");
        System.clearProperty("ox.rfc102.timeout");
        System.clearProperty("ox.rfc102.receiveBufferBytes");
    }

    @Test
    void aBarrierPollsEvenWhereMembersOutnumberTheCores() {
        Rfc102Config c = Rfc102Config.fromSystemProperties();
        assertThat(c.spinNanos(8, 2)).isZero();
        assertThat(c.spinNanos(2, 2)).isEqualTo(Rfc102Config.AUTOMATIC_SPIN_MICROS * 1_000L);
        assertThat(c.barrierSpinMicros()).isEqualTo(Rfc102Config.DEFAULT_BARRIER_SPIN_MICROS);
        assertThat(c.replySpinMicros()).isEqualTo(Rfc102Config.DEFAULT_REPLY_SPIN_MICROS);
    }

    @Test
    void propertiesSetEverySpin() {
        System.setProperty("ox.rfc102.barrierSpinMicros", "0");
        System.setProperty("ox.rfc102.replySpinMicros", "300");
        System.setProperty("ox.rfc102.spinMicros", "50");
        Rfc102Config c = Rfc102Config.fromSystemProperties();
        assertThat(c.barrierSpinMicros()).isZero();
        assertThat(c.replySpinMicros()).isEqualTo(300);
        assertThat(c.spinNanos(8, 2)).isEqualTo(50_000L);
        System.setProperty("ox.rfc102.barrierSpinMicros", "-5");
        assertThatThrownBy(Rfc102Config::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("barrierSpinMicros");
        System.setProperty("ox.rfc102.barrierSpinMicros", "0");
        System.setProperty("ox.rfc102.replySpinMicros", "-1");
        assertThatThrownBy(Rfc102Config::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("replySpinMicros");
    }

    @Test
    void aPropertySetsTheLinksReceiveBuffer() {
        assertThat(Rfc102Config.fromSystemProperties().receiveBufferBytes())
                .isEqualTo(Rfc102Config.DEFAULT_RECEIVE_BUFFER_BYTES);
        System.setProperty("ox.rfc102.receiveBufferBytes", "0");
        assertThat(Rfc102Config.fromSystemProperties().receiveBufferBytes()).isZero();
        System.setProperty("ox.rfc102.receiveBufferBytes", "-1");
        assertThatThrownBy(Rfc102Config::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("receiveBufferBytes");
    }

    @Test
    void aMistypedPropertyIsAnErrorNotTheDefault() {
        System.setProperty("ox.rfc102.barrierSpinMicros", "2OO");
        assertThatThrownBy(Rfc102Config::fromSystemProperties).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ox.rfc102.barrierSpinMicros").hasMessageContaining("2OO");
        System.clearProperty("ox.rfc102.barrierSpinMicros");
        System.setProperty("ox.rfc102.waiterReads", "yes");
        assertThatThrownBy(Rfc102Config::fromSystemProperties).hasMessageContaining("ox.rfc102.waiterReads");
        System.clearProperty("ox.rfc102.waiterReads");
        System.setProperty("ox.rfc102.byteorder", "little");
        assertThatThrownBy(Rfc102Config::fromSystemProperties).hasMessageContaining("ox.rfc102.byteorder");
        System.clearProperty("ox.rfc102.byteorder");
        System.setProperty("ox.rfc102.timeout", "30 seconds");
        assertThatThrownBy(Rfc102Config::fromSystemProperties).hasMessageContaining("ox.rfc102.timeout");
        System.setProperty("ox.rfc102.timeout", "PT30S");
        System.setProperty("ox.rfc102.spinMicros", "AUTO");
        assertThat(Rfc102Config.fromSystemProperties().timeout()).hasSeconds(30);
    }
}
