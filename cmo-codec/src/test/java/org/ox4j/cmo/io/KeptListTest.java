package org.ox4j.cmo.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDepthExceededException;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.KeptEncoding;
import org.ox4j.cmo.mathcap.Mathcap;

/** A large list read keeping its encoding: the same value, the same bytes back, decoded only when asked. */
class KeptListTest {
    private static CmoList ints(int n, int from) {
        List<Cmo> e = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            e.add(new CmoInt32(from + i));
        }
        return new CmoList(e);
    }

    private static Cmo read(byte[] wire, ByteOrder order) {
        return CmoReader.readKeepingEncoding(ByteBufferSource.of(wire, order), CmoLimits.DEFAULT);
    }

    @Test
    void aLargeListIsKeptWrittenBackAsTheSameBytesAndEqualsTheDecodedOne() {
        CmoList made = new CmoList(List.of(ints(5000, -7), CmoString.of("x"), new CmoZZ(BigInteger.TEN.pow(40))));
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            byte[] wire = CmoWriter.toBytes(made, order);
            CmoList back = (CmoList) read(wire, order);
            KeptEncoding kept = back.keptEncoding();
            assertThat(kept).isNotNull();
            assertThat(kept.length()).isEqualTo(wire.length);
            assertThat(kept.tags()).containsExactlyInAnyOrder(CmoType.LIST.code(), CmoType.INT32.code(),
                    CmoType.STRING.code(), CmoType.ZZ.code());
            assertThat(kept.zeroInteger()).isFalse();
            assertThat(CmoWriter.toBytes(back, order)).isEqualTo(wire);
            // the elements are asked for: decoded once, the made value
            assertThat(back.size()).isEqualTo(3);
            assertThat(back).isEqualTo(made).hasSameHashCodeAs(made).hasToString(made.toString());
            assertThat(back.keptEncoding()).isNull();
            assertThat(CmoWriter.toBytes(back, order)).isEqualTo(wire);
            // in the other byte order a kept list is encoded anew
            ByteOrder other = order == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
            CmoList again = (CmoList) read(wire, order);
            assertThat(CmoWriter.toBytes(again, other)).isEqualTo(CmoWriter.toBytes(made, other));
        }
    }

    @Test
    void aSmallListIsDecodedAtOnce() {
        CmoList made = ints(10, 0);
        Cmo back = read(CmoWriter.toBytes(made, ByteOrder.LITTLE_ENDIAN), ByteOrder.LITTLE_ENDIAN);
        assertThat(((CmoList) back).keptEncoding()).isNull();
        assertThat(back).isEqualTo(made);
        Cmo number = read(CmoWriter.toBytes(new CmoInt32(5), ByteOrder.LITTLE_ENDIAN), ByteOrder.LITTLE_ENDIAN);
        assertThat(number).isEqualTo(new CmoInt32(5));
    }

    @Test
    void theScanReportsAZeroInteger() {
        List<Cmo> e = new ArrayList<>(ints(4000, 1).elements());
        e.add(new CmoZZ(BigInteger.ZERO));
        CmoList back = (CmoList) read(CmoWriter.toBytes(new CmoList(e), ByteOrder.BIG_ENDIAN), ByteOrder.BIG_ENDIAN);
        assertThat(back.keptEncoding().zeroInteger()).isTrue();
        assertThat(back.get(4000)).isEqualTo(new CmoZZ(BigInteger.ZERO));
    }

    @Test
    void aMathcapIsCheckedAgainstTheScannedTagsWithoutDecoding() {
        CmoList back = (CmoList) read(CmoWriter.toBytes(new CmoList(List.of(ints(3000, 0), CmoString.of("s"))),
                ByteOrder.LITTLE_ENDIAN), ByteOrder.LITTLE_ENDIAN);
        Mathcap noStrings = Mathcap.builder("t").dataFormat(514, new int[] {CmoType.LIST.code(),
            CmoType.INT32.code()}).build();
        assertThat(noStrings.firstRefusedTag(back)).contains(CmoType.STRING.code());
        assertThat(back.keptEncoding()).isNotNull();
    }

    @Test
    void aListNestedTooDeepIsRefusedWithTheInputInStep() {
        Cmo deep = ints(3000, 0);
        for (int i = 0; i < 5; i++) {
            deep = CmoList.of(deep);
        }
        byte[] wire = CmoWriter.toBytes(deep, ByteOrder.LITTLE_ENDIAN);
        byte[] next = CmoWriter.toBytes(new CmoInt32(42), ByteOrder.LITTLE_ENDIAN);
        byte[] both = new byte[wire.length + next.length];
        System.arraycopy(wire, 0, both, 0, wire.length);
        System.arraycopy(next, 0, both, wire.length, next.length);
        ByteBufferSource in = ByteBufferSource.of(both, ByteOrder.LITTLE_ENDIAN);
        assertThatThrownBy(() -> CmoReader.readKeepingEncoding(in, CmoLimits.builder().maxDepth(3).build()))
                .isInstanceOf(CmoDepthExceededException.class);
        assertThat(CmoReader.read(in, CmoLimits.DEFAULT)).isEqualTo(new CmoInt32(42));
    }
}
