package org.ox4j.benchmarks.codec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoWriter;

/** The benchmark inputs are what their names say and round-trip (so the benchmark measures real work). */
class CmoFixturesTest {

    @Test
    void fixturesHaveTheAnnouncedShape() {
        CmoZZ zz = (CmoZZ) CmoFixtures.ZZ_1MIB.build();
        assertThat(CmoWriter.toBytes(zz, ByteOrder.BIG_ENDIAN)).hasSize(8 + (1 << 20));
        assertThat(((CmoList) CmoFixtures.LIST_INT32_1E5.build()).size()).isEqualTo(100_000);
        CmoDistributedPolynomial dp = (CmoDistributedPolynomial) CmoFixtures.DP_1E4_200BIT.build();
        assertThat(dp.monomials()).hasSize(10_000);
        assertThat(((CmoZZ) dp.monomials().get(0).coefficient()).value().bitLength()).isEqualTo(200);
    }

    @Test
    void fixturesRoundTripInBothOrders() {
        for (CmoFixtures f : CmoFixtures.values()) {
            Cmo value = f.build();
            for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                byte[] wire = CmoWriter.toBytes(value, order);
                assertThat(CmoReader.read(ByteBufferSource.of(wire, order), CmoLimits.DEFAULT)).as("%s %s", f, order)
                        .isEqualTo(value);
            }
        }
    }
}
