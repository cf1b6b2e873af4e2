package org.ox4j.benchmarks.soak;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ox4j.cmo.CmoType;
import org.ox4j.specs.GoldenVectors;

/**
 * Hostile byte strings for a data or control channel after the opening, little-endian as negotiated: mutations of
 * the captured master-to-server streams of the golden vectors, CMO trees with absurd lengths, depths and tags,
 * truncations of captured streams at every offset (in turn), well-framed commands with arbitrary codes and
 * arguments, and random bytes. Deterministic for a seed.
 */
final class HostileFrames {
    /** The kinds, in the order {@link #next} cycles through them. */
    enum Kind { MUTATED_CAPTURE, ABSURD_TREE, TRUNCATED_CAPTURE, ARBITRARY_COMMAND, RANDOM_BYTES }

    private static final int OX_COMMAND = 513;
    private static final int OX_DATA = 514;

    private final SplittableRandom random;
    private final List<byte[]> captures = new ArrayList<>();
    private long truncations;

    HostileFrames(long seed) {
        random = new SplittableRandom(seed);
        for (GoldenVectors.Stream s : GoldenVectors.streams()) {
            byte[] all = GoldenVectors.bytes(s.folder(), s.binFile());
            if (all.length > 1 && s.byteOrder() == ByteOrder.LITTLE_ENDIAN) {
                byte[] frames = new byte[all.length - 1];
                System.arraycopy(all, 1, frames, 0, frames.length);
                captures.add(frames);
            }
        }
        if (captures.isEmpty()) {
            throw new IllegalStateException("no little-endian captures among the golden vectors");
        }
    }

    /** Kind of frame {@code index}. */
    static Kind kindOf(long index) {
        return Kind.values()[(int) (index % Kind.values().length)];
    }

    /** The bytes of frame {@code index}. */
    byte[] next(long index) {
        return switch (kindOf(index)) {
            case MUTATED_CAPTURE -> mutate(capture());
            case ABSURD_TREE -> absurdTree();
            case TRUNCATED_CAPTURE -> truncated();
            case ARBITRARY_COMMAND -> arbitraryCommand();
            case RANDOM_BYTES -> randomBytes(1 + random.nextInt(4096));
        };
    }

    private byte[] capture() {
        return captures.get(random.nextInt(captures.size()));
    }

    private byte[] mutate(byte[] original) {
        byte[] b = original.clone();
        int edits = 1 + random.nextInt(8);
        for (int i = 0; i < edits && b.length > 0; i++) {
            int at = random.nextInt(b.length);
            switch (random.nextInt(4)) {
                case 0 -> b[at] = (byte) random.nextInt(256);
                case 1 -> b[at] ^= (byte) (1 << random.nextInt(8));
                case 2 -> b = splice(b, at, new byte[] {(byte) random.nextInt(256)}, 0);
                default -> b = splice(b, at, new byte[0], 1);
            }
        }
        return b;
    }

    private static byte[] splice(byte[] b, int at, byte[] insert, int delete) {
        int del = Math.min(delete, b.length - at);
        byte[] out = new byte[b.length - del + insert.length];
        System.arraycopy(b, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(b, at + del, out, at + insert.length, b.length - at - del);
        return out;
    }

    /** The captures cut in turn at every offset: capture k at offsets 1, 2, ..., length − 1, then capture k + 1. */
    private byte[] truncated() {
        long t = truncations++;
        int k = 0;
        while (true) {
            byte[] c = captures.get(k % captures.size());
            if (c.length > 1 && t < c.length - 1) {
                byte[] out = new byte[(int) t + 1];
                System.arraycopy(c, 0, out, 0, out.length);
                return out;
            }
            t -= Math.max(0, c.length - 1);
            k++;
            if (k >= captures.size()) {
                truncations = 0;
                t = 0;
                k = 0;
            }
        }
    }

    private byte[] absurdTree() {
        ByteBuffer b = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(OX_DATA).putInt(random.nextInt());
        switch (random.nextInt(8)) {
            case 0 -> b.putInt(CmoType.LIST.code()).putInt(Integer.MAX_VALUE - random.nextInt(16)).putInt(
                    CmoType.NULL.code());
            case 1 -> b.putInt(CmoType.STRING.code()).putInt(Integer.MAX_VALUE - random.nextInt(16)).put(
                    (byte) 'a');
            case 2 -> b.putInt(CmoType.ZZ.code()).putInt(random.nextBoolean() ? Integer.MAX_VALUE
                    : Integer.MIN_VALUE + 1).putInt(7);
            case 3 -> b.putInt(CmoType.LIST.code()).putInt(-1 - random.nextInt(1000));
            case 4 -> {
                // nested one-element lists, deeper than any limit, ending in an integer
                int depth = 1000 + random.nextInt(100_000);
                for (int i = 0; i < depth && b.remaining() > 16; i++) {
                    b.putInt(CmoType.LIST.code()).putInt(1);
                }
                b.putInt(CmoType.INT32.code()).putInt(1);
            }
            case 5 -> b.putInt(random.nextInt()).putInt(random.nextInt()).putInt(random.nextInt());
            case 6 -> b.putInt(CmoType.DISTRIBUTED_POLYNOMIAL.code()).putInt(Integer.MAX_VALUE).putInt(
                    CmoType.DMS_GENERIC.code());
            default -> b.putInt(CmoType.RECURSIVE_POLYNOMIAL.code()).putInt(CmoType.LIST.code()).putInt(0)
                    .putInt(CmoType.POLYNOMIAL_IN_ONE_VARIABLE.code()).putInt(1).putInt(random.nextInt())
                    .putInt(random.nextInt(64)).putInt(CmoType.INT32.code()).putInt(1);
        }
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    /** A few small values and a command with an arbitrary code, well framed: the machine must answer or ignore it. */
    private byte[] arbitraryCommand() {
        ByteBuffer b = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        int values = random.nextInt(4);
        for (int i = 0; i < values; i++) {
            b.putInt(OX_DATA).putInt(i);
            switch (random.nextInt(3)) {
                case 0 -> b.putInt(CmoType.INT32.code()).putInt(random.nextInt());
                case 1 -> {
                    String s = random.nextBoolean() ? "igcd" : "x^" + random.nextInt(100) + "+1;";
                    b.putInt(CmoType.STRING.code()).putInt(s.length()).put(s.getBytes(
                            java.nio.charset.StandardCharsets.US_ASCII));
                }
                default -> b.putInt(CmoType.NULL.code());
            }
        }
        int code = random.nextBoolean() ? 256 + random.nextInt(64) : random.nextInt();
        b.putInt(OX_COMMAND).putInt(values).putInt(code);
        b.putInt(OX_COMMAND).putInt(values + 1).putInt(262); // SM_popCMO: something to answer
        byte[] out = new byte[b.position()];
        b.flip().get(out);
        return out;
    }

    byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) random.nextInt(256);
        }
        return b;
    }
}
