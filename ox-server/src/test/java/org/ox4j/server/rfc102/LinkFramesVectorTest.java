package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoPolynomialInOneVariable.Term;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.blocking.ChannelByteSource;
import org.ox4j.protocol.blocking.OxFrame;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.protocol.blocking.OxMessageWriter;
import org.ox4j.protocol.handshake.ByteOrderBytes;
import org.ox4j.specs.GoldenVectors;

/**
 * The rank-to-rank link of vector f_rfc102, reproduced byte for byte from the same objects and serials by the
 * blocking writer the links use, and decoded by their reader.
 */
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
        assertThat(a[0]).isEqualTo(ByteOrderBytes.LITTLE_ENDIAN);
        assertThat(b[0]).isEqualTo(ByteOrderBytes.LITTLE_ENDIAN);
        assertThat(ByteOrderBytes.decide(a[0], b[0])).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(ByteOrderBytes.decide(ByteOrderBytes.LITTLE_ENDIAN, ByteOrderBytes.NETWORK_BYTE_ORDER))
                .isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(ByteOrderBytes.decide(ByteOrderBytes.BIG_ENDIAN, ByteOrderBytes.BIG_ENDIAN))
                .isEqualTo(ByteOrder.BIG_ENDIAN);
    }

    @Test
    void rankZeroToRankOneIsReproducedByteForByte() {
        List<OxMessage> sent = List.of(
                new OxData(2, CmoList.of(xPlusOne(), CmoString.of("bcast-data"),
                        new CmoZZ(BigInteger.TWO.pow(80)))),
                new OxData(5, xSquaredPlusY()),
                new OxSyncBall(8));
        assertThat(link(ByteOrderBytes.LITTLE_ENDIAN, sent)).isEqualTo(GoldenVectors.bytes(FOLDER, R0_TO_R1));
    }

    @Test
    void rankOneToRankZeroIsReproducedByteForByte() {
        List<OxMessage> sent = List.of(
                new OxData(3, new CmoZZ(BigInteger.valueOf(3).pow(50))),
                new OxData(6, xMinusOne()));
        assertThat(link(ByteOrderBytes.LITTLE_ENDIAN, sent)).isEqualTo(GoldenVectors.bytes(FOLDER, R1_TO_R0));
    }

    @Test
    void theCapturedMessagesDecodeToTheSameObjects() {
        byte[] bytes = GoldenVectors.bytes(FOLDER, R0_TO_R1);
        ChannelByteSource in = new ChannelByteSource(Channels.newChannel(
                new ByteArrayInputStream(bytes, 1, bytes.length - 1)));
        in.order(ByteOrder.LITTLE_ENDIAN);
        OxMessageReader reader = new OxMessageReader(in, CmoLimits.DEFAULT, OxMessageReader.UnknownTags.HEADER_ONLY);
        List<Inbound> got = new ArrayList<>();
        long read = 0;
        while (read < bytes.length - 1) {
            OxFrame f = reader.read();
            read += f.bytes();
            got.add(new Inbound.Message(f.message()));
        }
        assertThat(got).hasSize(3);
        assertThat(got.get(0).value()).isEqualTo(CmoList.of(xPlusOne(), CmoString.of("bcast-data"),
                new CmoZZ(BigInteger.TWO.pow(80))));
        assertThat(got.get(1).value()).isEqualTo(xSquaredPlusY());
        assertThat(got.get(2).isSyncBall()).isTrue();
        assertThat(((Inbound.Message) got.get(2)).message().serial()).isEqualTo(8);
    }

    private static byte[] link(byte first, List<OxMessage> messages) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        OxMessageWriter w = new OxMessageWriter(Channels.newChannel(bytes));
        w.writeRaw(new byte[] {first});
        w.order(ByteOrder.LITTLE_ENDIAN);
        for (OxMessage m : messages) {
            w.send(m);
        }
        return bytes.toByteArray();
    }
}
