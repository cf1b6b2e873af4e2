package org.ox4j.cmo.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDepthExceededException;
import org.ox4j.cmo.CmoException;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.mathcap.Mathcap;

/** A recursive polynomial read keeping its encoding: the same value, the same bytes back, decoded only when asked. */
class KeptPolynomialTest {
    /** A dense polynomial in x, y of the given degree with coefficients of {@code bits} bits, as Asir sends one. */
    private static CmoRecursivePolynomial polynomial(int degree, int bits, long seed) {
        Random r = new Random(seed);
        List<CmoPolynomialInOneVariable.Term> xs = new ArrayList<>();
        for (int i = degree; i >= 0; i--) {
            List<CmoPolynomialInOneVariable.Term> ys = new ArrayList<>();
            for (int j = degree - i; j >= 0; j--) {
                Cmo c = (i + j) % 3 == 0 ? new CmoInt32(i - j) : new CmoZZ(new BigInteger(bits, r).negate());
                ys.add(new CmoPolynomialInOneVariable.Term(j, c));
            }
            xs.add(new CmoPolynomialInOneVariable.Term(i, new CmoPolynomialInOneVariable(1, ys)));
        }
        return new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y")),
                new CmoPolynomialInOneVariable(0, xs));
    }

    private static CmoRecursivePolynomial kept(byte[] wire, ByteOrder order, CmoLimits limits) {
        return (CmoRecursivePolynomial) CmoReader.readKeepingEncoding(ByteBufferSource.of(wire, order), limits);
    }

    @Test
    void theKeptPolynomialIsWrittenBackAsTheSameBytesAndEqualsTheDecodedOne() {
        CmoRecursivePolynomial made = polynomial(12, 90, 1);
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            byte[] wire = CmoWriter.toBytes(made, order);
            CmoRecursivePolynomial back = kept(wire, order, CmoLimits.DEFAULT);
            assertThat(back.wireLength()).isEqualTo(wire.length);
            assertThat(CmoWriter.toBytes(back, order)).isEqualTo(wire);
            assertThat(back.wireTags()).containsExactlyInAnyOrder(CmoType.RECURSIVE_POLYNOMIAL.code(),
                    CmoType.LIST.code(), CmoType.INDETERMINATE.code(), CmoType.STRING.code(),
                    CmoType.POLYNOMIAL_IN_ONE_VARIABLE.code(), CmoType.INT32.code(), CmoType.ZZ.code());
            // inside a list too, still as bytes; then the other byte order re-encodes
            assertThat(CmoWriter.toBytes(CmoList.of(back), order)).isEqualTo(CmoWriter.toBytes(CmoList.of(made), order));
            ByteOrder other = order == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
            assertThat(CmoWriter.toBytes(back, other)).isEqualTo(CmoWriter.toBytes(made, other));
            // asking for its parts decodes it once; the value is the made one
            assertThat(back).isEqualTo(made).hasSameHashCodeAs(made);
            assertThat(back.wireLength()).isEqualTo(-1);
            assertThat(CmoWriter.toBytes(back, order)).isEqualTo(wire);
        }
    }

    @Test
    void aMathcapIsCheckedAgainstTheTagsTheScanFoundWithoutDecoding() {
        byte[] wire = CmoWriter.toBytes(polynomial(6, 80, 2), ByteOrder.LITTLE_ENDIAN);
        CmoRecursivePolynomial back = kept(wire, ByteOrder.LITTLE_ENDIAN, CmoLimits.DEFAULT);
        int[] withoutZz = {CmoType.RECURSIVE_POLYNOMIAL.code(), CmoType.LIST.code(), CmoType.INDETERMINATE.code(),
            CmoType.STRING.code(), CmoType.POLYNOMIAL_IN_ONE_VARIABLE.code(), CmoType.INT32.code()};
        Mathcap noZz = Mathcap.builder("t").dataFormat(514, withoutZz).build();
        assertThat(noZz.firstRefusedTag(back)).contains(CmoType.ZZ.code());
        assertThat(back.wireLength()).isEqualTo(wire.length);
        int[] all = java.util.Arrays.copyOf(withoutZz, withoutZz.length + 1);
        all[withoutZz.length] = CmoType.ZZ.code();
        assertThat(Mathcap.builder("t").dataFormat(514, all).build().accepts(back)).isTrue();
    }

    @Test
    void theScanOfNumberCoefficientsRecordsZerosAndKeepsTheWordLimit() {
        // x^2 + 0*x + 5 with a zero ZZ among the coefficients (the scanner's fast path for number terms)
        CmoRecursivePolynomial p = new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("x")),
                new CmoPolynomialInOneVariable(0, List.of(
                        new CmoPolynomialInOneVariable.Term(2, new CmoZZ(BigInteger.TWO.pow(100))),
                        new CmoPolynomialInOneVariable.Term(1, new CmoZZ(BigInteger.ZERO)),
                        new CmoPolynomialInOneVariable.Term(0, new CmoInt32(5)))));
        byte[] wire = CmoWriter.toBytes(p, ByteOrder.BIG_ENDIAN);
        CmoRecursivePolynomial back = kept(wire, ByteOrder.BIG_ENDIAN, CmoLimits.DEFAULT);
        assertThat(back.keptEncoding().zeroInteger()).isTrue();
        assertThat(back.wireTags()).contains(CmoType.ZZ.code(), CmoType.INT32.code());
        assertThat(back).isEqualTo(p);
        CmoLimits fewWords = CmoLimits.builder().maxBignumWords(3).build();
        assertThatThrownBy(() -> kept(wire, ByteOrder.BIG_ENDIAN, fewWords)).isInstanceOf(CmoException.class);
        assertThat(kept(CmoWriter.toBytes(polynomial(5, 20, 4), ByteOrder.BIG_ENDIAN), ByteOrder.BIG_ENDIAN, fewWords)
                .keptEncoding().zeroInteger()).isFalse();
    }

    @Test
    void oneNestedTooDeepIsReadToItsEndAndRefused() {
        byte[] wire = CmoWriter.toBytes(polynomial(3, 40, 3), ByteOrder.LITTLE_ENDIAN);
        byte[] twice = new byte[2 * wire.length];
        System.arraycopy(wire, 0, twice, 0, wire.length);
        System.arraycopy(wire, 0, twice, wire.length, wire.length);
        ByteBufferSource in = ByteBufferSource.of(twice, ByteOrder.LITTLE_ENDIAN);
        CmoLimits shallow = CmoLimits.builder().maxDepth(3).build();
        assertThatThrownBy(() -> CmoReader.readKeepingEncoding(in, shallow))
                .isInstanceOf(CmoDepthExceededException.class);
        // the input is in step: the second copy follows
        assertThat(CmoReader.read(in, CmoLimits.DEFAULT)).isEqualTo(polynomial(3, 40, 3));
        assertThatThrownBy(() -> CmoReader.read(ByteBufferSource.of(wire, ByteOrder.LITTLE_ENDIAN), shallow))
                .isInstanceOf(CmoDepthExceededException.class);
    }

    @Test
    void aWellFramedButMalformedPolynomialFailsWhenItsPartsAreAskedFor() {
        // CMO_RECURSIVE_POLYNOMIAL whose variables are an INT32, not a LIST: framing is fine, the value is not
        GrowableByteSink sink = new GrowableByteSink(ByteOrder.LITTLE_ENDIAN);
        sink.writeInt(CmoType.RECURSIVE_POLYNOMIAL.code());
        CmoWriter.write(new CmoInt32(7), sink);
        CmoWriter.write(new CmoInt32(1), sink);
        byte[] wire = sink.toByteArray();
        CmoRecursivePolynomial back = kept(wire, ByteOrder.LITTLE_ENDIAN, CmoLimits.DEFAULT);
        assertThat(CmoWriter.toBytes(back, ByteOrder.LITTLE_ENDIAN)).isEqualTo(wire);
        assertThatThrownBy(back::variables).isInstanceOf(CmoException.class);
        assertThatThrownBy(() -> CmoReader.read(ByteBufferSource.of(wire, ByteOrder.LITTLE_ENDIAN), CmoLimits.DEFAULT))
                .isInstanceOf(CmoException.class);
    }

    /**
     * A source that hands over its capture in a longer array, as a socket reader does (it captures into an array it
     * doubles and does not trim): everything past the limit is someone else's garbage.
     */
    private static final class PaddedCaptureSource implements ByteSource {
        private final ByteBufferSource in;

        PaddedCaptureSource(byte[] wire, ByteOrder order) {
            in = ByteBufferSource.of(wire, order);
        }

        @Override
        public ByteOrder order() {
            return in.order();
        }

        @Override
        public long remaining() {
            return in.remaining();
        }

        @Override
        public int readInt() {
            return in.readInt();
        }

        @Override
        public long readLong() {
            return in.readLong();
        }

        @Override
        public void readBytes(byte[] dst, int off, int len) {
            in.readBytes(dst, off, len);
        }

        @Override
        public void skip(long n) {
            in.skip(n);
        }

        @Override
        public boolean startCapture() {
            return in.startCapture();
        }

        @Override
        public java.nio.ByteBuffer endCapture() {
            java.nio.ByteBuffer exact = in.endCapture();
            byte[] padded = new byte[exact.remaining() * 2 + 7];
            java.util.Arrays.fill(padded, (byte) 0x5a);
            exact.get(padded, 0, exact.remaining());
            return java.nio.ByteBuffer.wrap(padded, 0, exact.limit());
        }
    }

    @Test
    void anEncodingKeptInALongerArrayIsWrittenAndDecodedToItsLengthOnly() {
        CmoRecursivePolynomial made = polynomial(9, 70, 4);
        byte[] wire = CmoWriter.toBytes(made, ByteOrder.LITTLE_ENDIAN);
        CmoRecursivePolynomial back = (CmoRecursivePolynomial) CmoReader.readKeepingEncoding(
                new PaddedCaptureSource(wire, ByteOrder.LITTLE_ENDIAN), CmoLimits.DEFAULT);
        assertThat(back.wireLength()).isEqualTo(wire.length);
        assertThat(back.wire(ByteOrder.LITTLE_ENDIAN)).isEqualTo(wire);
        assertThat(CmoWriter.toBytes(CmoList.of(back, new CmoInt32(7)), ByteOrder.LITTLE_ENDIAN))
                .isEqualTo(CmoWriter.toBytes(CmoList.of(made, new CmoInt32(7)), ByteOrder.LITTLE_ENDIAN));
        assertThat(back).isEqualTo(made);
    }
}
