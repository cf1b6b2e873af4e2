package org.ox4j.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoZZ;

class OxMessageSummaryTest {
    @Test
    void summariesNameTagSerialAndTypeButNeverTheValue() {
        BigInteger huge = BigInteger.TEN.pow(50).add(BigInteger.valueOf(123456789));
        assertThat(new OxData(-1, new CmoZZ(huge)).summary()).isEqualTo("OX_DATA serial=4294967295 CMO_ZZ")
                .doesNotContain("123456789");
        assertThat(OxCommand.of(3, SmCommand.POP_CMO).summary()).isEqualTo("OX_COMMAND serial=3 SM_popCMO");
        assertThat(new OxCommand(4, 9999).summary()).isEqualTo("OX_COMMAND serial=4 code 9999");
        assertThat(new OxSyncBall(5).summary()).isEqualTo("OX_SYNC_BALL serial=5");
        assertThat(new OxLocalObject(0x7fcdef30, 6, new byte[] {1, 2}).summary())
                .isEqualTo("OX_LOCAL_OBJECT_ASIR serial=6 (2 bytes)");
    }
}
