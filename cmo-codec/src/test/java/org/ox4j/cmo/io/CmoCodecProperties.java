package org.ox4j.cmo.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoZZ;

/** Round trips of random CMO trees and big integers, in both byte orders. */
class CmoCodecProperties {
    private static final ByteOrder[] ORDERS = {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN};

    @Provide
    Arbitrary<Cmo> cmos() {
        return CmoArbitraries.cmos();
    }

    @Provide
    Arbitrary<BigInteger> bigs() {
        return CmoArbitraries.bigIntegers(3000);
    }

    @Property(tries = 1000)
    void randomTreesRoundTripInBothOrders(@ForAll("cmos") Cmo value) {
        net.jqwik.api.statistics.Statistics.label("outer type").collect(value.type());
        for (ByteOrder order : ORDERS) {
            byte[] wire = CmoWriter.toBytes(value, order);
            ByteBufferSource src = ByteBufferSource.of(wire, order);
            assertThat(CmoReader.read(src, CmoLimits.DEFAULT)).isEqualTo(value);
            assertThat(src.remaining()).isZero();
            assertThat(CmoWriter.toBytes(CmoReader.read(ByteBufferSource.of(wire, order), CmoLimits.DEFAULT), order))
                    .isEqualTo(wire);
        }
    }

    @Property(tries = 1000)
    void scannerConsumesExactlyWhatTheWriterWrote(@ForAll("cmos") Cmo value) {
        for (ByteOrder order : ORDERS) {
            byte[] wire = CmoWriter.toBytes(value, order);
            byte[] withTrailer = java.util.Arrays.copyOf(wire, wire.length + 7); // bytes of a next message
            ByteBuffer buf = ByteBuffer.wrap(withTrailer);
            CmoScanner.skip(new ByteBufferSource(buf, order), CmoLimits.DEFAULT);
            assertThat(buf.position()).isEqualTo(wire.length);
        }
    }

    @Property(tries = 500)
    void bigIntegersRoundTripWithMinimalWordCounts(@ForAll("bigs") BigInteger v) {
        for (ByteOrder order : ORDERS) {
            byte[] wire = CmoWriter.toBytes(new CmoZZ(v), order);
            int words = naiveLimbs(v).length;
            ByteBuffer b = ByteBuffer.wrap(wire).order(order);
            assertThat(b.getInt()).isEqualTo(20);
            assertThat(b.getInt()).isEqualTo(v.signum() < 0 ? -words : words);
            for (int limb : naiveLimbs(v)) {
                assertThat(b.getInt()).isEqualTo(limb);
            }
            assertThat(b.remaining()).isZero();
            assertThat(CmoReader.read(ByteBufferSource.of(wire, order), CmoLimits.DEFAULT)).isEqualTo(new CmoZZ(v));
        }
    }

    /** Limbs of |v| low first, by repeated shifting: quadratic, but obviously right. */
    static int[] naiveLimbs(BigInteger v) {
        BigInteger m = v.abs();
        int n = (m.bitLength() + 31) / 32;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = m.shiftRight(32 * i).intValue();
        }
        return out;
    }
}
