package org.ox4j.cmo.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.CmoException;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoScanner;
import org.ox4j.specs.GoldenVectors;

/**
 * 10^4 random mutations (byte flips, truncations, insertions, int32 overwrites) of every capture: decoding
 * the mutated stream must give values or a {@link CmoException} — never another exception, never an error.
 */
class MutatedVectorTest {
    private static final int MUTATIONS = 10_000;
    private static final CmoLimits SMALL = CmoLimits.builder().maxDepth(16).maxElements(1000).maxStringBytes(4096)
            .maxBignumWords(64).maxMessageBytes(1 << 16).build();
    private static final int[] NASTY_INTS = {0, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 1, 17, 20, 0x7f000002};

    static Stream<GoldenVectors.Stream> streams() {
        return GoldenVectors.streams().stream().filter(s -> s.bytes().length > 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void mutationsGiveValuesOrTypedErrors(GoldenVectors.Stream stream) {
        byte[] original = stream.bytes();
        Random r = new Random(original.length * 31L + stream.name().hashCode());
        int typedErrors = 0;
        for (int i = 0; i < MUTATIONS; i++) {
            byte[] mutated = mutate(original, r);
            try {
                decodeAll(mutated, stream.byteOrder());
            } catch (CmoException e) {
                typedErrors++;
            } catch (Throwable t) {
                fail("mutation " + i + " of " + stream + " threw " + t, t);
            }
        }
        // the mutations must actually reach the decoder's error paths
        assertThat(typedErrors).isGreaterThan(MUTATIONS / 10);
    }

    /** Reads every OX message; a CMO the reader accepts must be accepted by the scanner with the same length. */
    private static void decodeAll(byte[] bin, ByteOrder order) {
        ByteBuffer buf = ByteBuffer.wrap(bin);
        buf.position(1);
        ByteBufferSource src = new ByteBufferSource(buf, order);
        while (src.remaining() > 0) {
            int tag = src.readInt();
            src.readInt();
            if (tag == OxTranscript.OX_COMMAND) {
                src.readInt();
            } else if (tag == OxTranscript.OX_DATA) {
                int start = src.position();
                ByteBuffer copy = ByteBuffer.wrap(bin);
                copy.position(start);
                CmoReader.read(src, SMALL);
                ByteBufferSource scan = new ByteBufferSource(copy, order);
                try {
                    CmoScanner.skip(scan, SMALL);
                } catch (CmoException e) {
                    throw new AssertionError("reader accepted what the scanner refused: " + e, e);
                }
                if (scan.position() != src.position()) {
                    throw new AssertionError("scanner ended at " + scan.position() + ", reader at " + src.position());
                }
            } else if (tag != OxTranscript.OX_SYNC_BALL) {
                return; // an unknown OX tag is the framing layer's business, not the CMO codec's
            }
        }
    }

    private static byte[] mutate(byte[] in, Random r) {
        byte[] b = in.clone();
        int kinds = 1 + r.nextInt(3);
        for (int k = 0; k < kinds; k++) {
            int pos = 1 + r.nextInt(Math.max(1, b.length - 1));
            switch (r.nextInt(5)) {
                case 0 -> b[Math.min(pos, b.length - 1)] ^= (byte) (1 << r.nextInt(8));
                case 1 -> b = Arrays.copyOf(b, Math.max(1, pos));
                case 2 -> {
                    byte[] ins = new byte[1 + r.nextInt(8)];
                    r.nextBytes(ins);
                    byte[] out = new byte[b.length + ins.length];
                    int at = Math.min(pos, b.length);
                    System.arraycopy(b, 0, out, 0, at);
                    System.arraycopy(ins, 0, out, at, ins.length);
                    System.arraycopy(b, at, out, at + ins.length, b.length - at);
                    b = out;
                }
                case 3 -> {
                    if (b.length >= 5) {
                        int at = 1 + r.nextInt(b.length - 4);
                        ByteBuffer.wrap(b).putInt(at, NASTY_INTS[r.nextInt(NASTY_INTS.length)]);
                    }
                }
                default -> b[Math.min(pos, b.length - 1)] = (byte) r.nextInt(256);
            }
        }
        return b;
    }
}
