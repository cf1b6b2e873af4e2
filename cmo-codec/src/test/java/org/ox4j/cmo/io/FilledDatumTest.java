package org.ox4j.cmo.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.BufferFiller;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;

/** A datum whose bytes a filler puts where they go: encoded as the datum of those bytes, by every kind of sink. */
class FilledDatumTest {
    /** Byte i of the source is (i * 7 + 3) mod 256; the filler records the pieces it is asked for. */
    private static BufferFiller pattern(List<long[]> pieces) {
        return (dst, offset) -> {
            pieces.add(new long[] {offset, dst.remaining()});
            for (long i = offset; dst.hasRemaining(); i++) {
                dst.put((byte) (i * 7 + 3));
            }
        };
    }

    private static byte[] patternBytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + 3);
        }
        return b;
    }

    /** A sink with only the four required writes: the default {@link ByteSink#writeFilled} is used. */
    private static final class PlainSink implements ByteSink {
        final GrowableByteSink into = new GrowableByteSink(ByteOrder.BIG_ENDIAN);

        @Override
        public ByteOrder order() {
            return into.order();
        }

        @Override
        public void writeInt(int v) {
            into.writeInt(v);
        }

        @Override
        public void writeLong(long v) {
            into.writeLong(v);
        }

        @Override
        public void writeBytes(byte[] src, int off, int len) {
            into.writeBytes(src, off, len);
        }
    }

    @Test
    void itIsEncodedAsTheDatumOfItsBytesWithoutMakingThem() {
        for (int n : new int[] {0, 1, 13, 64 * 1024, 200_001}) {
            List<long[]> pieces = new ArrayList<>();
            CmoDatum filled = CmoDatum.filledBy(n, pattern(pieces));
            CmoList message = CmoList.of(CmoString.of("head"), filled);
            byte[] expected = CmoWriter.toBytes(CmoList.of(CmoString.of("head"), CmoDatum.wrap(patternBytes(n))),
                    ByteOrder.BIG_ENDIAN);

            assertThat(CmoWriter.toBytes(message, ByteOrder.BIG_ENDIAN)).as("n=%d, growable sink", n)
                    .isEqualTo(expected);
            PlainSink plain = new PlainSink();
            CmoWriter.write(message, plain);
            assertThat(plain.into.toByteArray()).as("n=%d, default writeFilled", n).isEqualTo(expected);
            // the default asks for pieces of at most FILLED_PIECE_BYTES, in order, covering the datum once
            long next = 0;
            for (long[] piece : pieces.subList(1, pieces.size())) {
                assertThat(piece[0]).isEqualTo(next);
                assertThat(piece[1]).isBetween(1L, (long) ByteSink.FILLED_PIECE_BYTES);
                next += piece[1];
            }
            assertThat(next).isEqualTo(n);
            // still a filled datum: its length and size come without making its bytes
            assertThat(filled.filler()).isNotNull();
            assertThat(filled.length()).isEqualTo(n);
            assertThat(filled.sizeEstimate()).isEqualTo(n);
            assertThat(filled.toString()).contains("filled");
        }
    }

    @Test
    void askedForItsBytesItFillsThemOnceAndIsThenAPlainDatum() {
        List<long[]> pieces = new ArrayList<>();
        CmoDatum filled = CmoDatum.filledBy(1000, pattern(pieces));
        CmoDatum plain = CmoDatum.of(patternBytes(1000));
        assertThat(filled).isEqualTo(plain).hasSameHashCodeAs(plain);
        assertThat(filled.bytes()).isEqualTo(patternBytes(1000));
        assertThat(pieces).hasSize(1);
        assertThat(filled.filler()).as("made: the encoder writes the bytes").isNull();
        assertThat(CmoWriter.toBytes(filled, ByteOrder.LITTLE_ENDIAN))
                .isEqualTo(CmoWriter.toBytes(plain, ByteOrder.LITTLE_ENDIAN));
        assertThat(pieces).hasSize(1);
        assertThat(filled.source()).isNull();
    }

    @Test
    void aFillerThatLeavesBytesUnfilledFailsInsteadOfWritingAShorterDatum() {
        BufferFiller lazy = (dst, offset) -> dst.put((byte) 1);
        CmoDatum filled = CmoDatum.filledBy(10, lazy);
        assertThatThrownBy(() -> CmoWriter.toBytes(filled, ByteOrder.BIG_ENDIAN))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("unfilled");
        assertThatThrownBy(() -> CmoWriter.write(filled, new PlainSink()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("unfilled");
        assertThatThrownBy(filled::bytes).isInstanceOf(IllegalStateException.class).hasMessageContaining("left 9");
        assertThatThrownBy(() -> CmoDatum.filledBy(-1, lazy)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPieceMayBeginAnywhere() {
        ByteBuffer dst = ByteBuffer.allocate(5);
        pattern(new ArrayList<>()).fill(dst, 11);
        assertThat(dst.array()).isEqualTo(java.util.Arrays.copyOfRange(patternBytes(16), 11, 16));
    }
}
