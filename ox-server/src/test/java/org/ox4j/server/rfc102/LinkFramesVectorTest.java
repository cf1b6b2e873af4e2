package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoPolynomialInOneVariable.Term;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.specs.GoldenVectors;

/** The rank-to-rank link of vector f_rfc102, reproduced byte for byte from the same objects and serials. */
class LinkFramesVectorTest {
    private static final String FOLDER = "f_rfc102";
    private static final String R0_TO_R1 = "rfc102-rank0-rank1.rank0_to_rank1.bin";
    private static final String R1_TO_R0 = "rfc102-rank0-rank1.rank1_to_rank0.bin";

    private static Cmo x() {
        return CmoIndeterminate.of("x");
    }

    private static Cmo zz(long v) {
        return CmoZZ.of(v);
    }

    /** x+1 */
    private static Cmo xPlusOne() {
        return new CmoRecursivePolynomial(CmoList.of(x()),
                new CmoPolynomialInOneVariable(0, List.of(new Term(1, zz(1)), new Term(0, zz(1)))));
    }

    /** x-1 */
    private static Cmo xMinusOne() {
        return new CmoRecursivePolynomial(CmoList.of(x()),
                new CmoPolynomialInOneVariable(0, List.of(new Term(1, zz(1)), new Term(0, zz(-1)))));
    }

    /** x^2+y */
    private static Cmo xSquaredPlusY() {
        Cmo y = new CmoPolynomialInOneVariable(1, List.of(new Term(1, zz(1))));
        return new CmoRecursivePolynomial(CmoList.of(x(), CmoIndeterminate.of("y")),
                new CmoPolynomialInOneVariable(0, List.of(new Term(2, zz(1)), new Term(0, y))));
    }

    @Test
    void bothEndsWroteOneSoTheLinkIsLittleEndian() {
        byte[] a = GoldenVectors.bytes(FOLDER, R0_TO_R1);
        byte[] b = GoldenVectors.bytes(FOLDER, R1_TO_R0);
        assertThat(a[0]).isEqualTo(ByteOrderByte.LITTLE_ENDIAN);
        assertThat(b[0]).isEqualTo(ByteOrderByte.LITTLE_ENDIAN);
        assertThat(ByteOrderByte.negotiate(a[0], b[0])).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(ByteOrderByte.negotiate(ByteOrderByte.LITTLE_ENDIAN, ByteOrderByte.NETWORK))
                .isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(ByteOrderByte.negotiate(ByteOrderByte.BIG_ENDIAN, ByteOrderByte.BIG_ENDIAN))
                .isEqualTo(ByteOrder.BIG_ENDIAN);
    }

    @Test
    void rankZeroToRankOneIsReproducedByteForByte() {
        List<OxMessage> sent = List.of(
                new OxData(2, CmoList.of(xPlusOne(), CmoString.of("bcast-data"),
                        new CmoZZ(BigInteger.TWO.pow(80)))),
                new OxData(5, xSquaredPlusY()),
                new OxSyncBall(8));
        assertThat(link(ByteOrderByte.LITTLE_ENDIAN, sent)).isEqualTo(GoldenVectors.bytes(FOLDER, R0_TO_R1));
    }

    @Test
    void rankOneToRankZeroIsReproducedByteForByte() {
        List<OxMessage> sent = List.of(
                new OxData(3, new CmoZZ(BigInteger.valueOf(3).pow(50))),
                new OxData(6, xMinusOne()));
        assertThat(link(ByteOrderByte.LITTLE_ENDIAN, sent)).isEqualTo(GoldenVectors.bytes(FOLDER, R1_TO_R0));
    }

    @Test
    void theCapturedMessagesDecodeToTheSameObjects() {
        byte[] bytes = GoldenVectors.bytes(FOLDER, R0_TO_R1);
        ByteBufferSource in = new ByteBufferSource(ByteBuffer.wrap(bytes, 1, bytes.length - 1),
                ByteOrder.LITTLE_ENDIAN);
        List<Inbound> got = new ArrayList<>();
        while (in.remaining() > 0) {
            got.add(LinkFrames.read(in, CmoLimits.DEFAULT));
        }
        assertThat(got).hasSize(3);
        assertThat(got.get(0).value()).isEqualTo(CmoList.of(xPlusOne(), CmoString.of("bcast-data"),
                new CmoZZ(BigInteger.TWO.pow(80))));
        assertThat(got.get(1).value()).isEqualTo(xSquaredPlusY());
        assertThat(got.get(2).isSyncBall()).isTrue();
        assertThat(((Inbound.Message) got.get(2)).message().serial()).isEqualTo(8);
    }

    @Test
    void sharedCmoBytesFramedPerDestinationEqualTheWholeEncoding() {
        Cmo data = xSquaredPlusY();
        byte[] cmo = LinkFrames.encodeCmo(data, ByteOrder.BIG_ENDIAN);
        ByteBuffer a = LinkFrames.dataFrame(41, cmo, ByteOrder.BIG_ENDIAN);
        ByteBuffer b = LinkFrames.encode(new OxData(41, data), ByteOrder.BIG_ENDIAN);
        assertThat(a).isEqualTo(b);
    }

    private static byte[] link(byte first, List<OxMessage> messages) {
        List<byte[]> parts = new ArrayList<>();
        parts.add(new byte[] {first});
        for (OxMessage m : messages) {
            ByteBuffer b = LinkFrames.encode(m, ByteOrder.LITTLE_ENDIAN);
            byte[] a = new byte[b.remaining()];
            b.get(a);
            parts.add(a);
        }
        int len = parts.stream().mapToInt(p -> p.length).sum();
        byte[] out = new byte[len];
        int off = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, off, p.length);
            off += p.length;
        }
        return Arrays.copyOf(out, len);
    }
}
