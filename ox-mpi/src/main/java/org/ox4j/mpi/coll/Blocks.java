package org.ox4j.mpi.coll;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Payload;
import org.ox4j.mpi.comm.PeerWire;

/**
 * Cutting payloads into blocks and putting them back together, and packing several blocks into one message.
 *
 * <p>Splitting: arrays split by element ranges, {@code CMO_LIST}s by elements; any other CMO is opaque and
 * becomes one block holding the whole value followed by {@link Payload#NONE} blocks, so data-splitting
 * algorithms stay correct (only unbalanced). {@link #concat} is the inverse and skips NONE blocks.
 */
public final class Blocks {
    private Blocks() {
    }

    /** True if {@link #split} divides {@code p} evenly-ish (arrays and lists). */
    public static boolean isSplittable(Payload p) {
        return p.isArray() || (p.kind() == Payload.Kind.CMO && p.cmo() instanceof CmoList);
    }

    /** Start index of block {@code i} of {@code k} over {@code n} elements. */
    public static int blockStart(int n, int k, int i) {
        return (int) ((long) n * i / k);
    }

    /** Cuts {@code p} into {@code k} consecutive blocks. */
    public static List<Payload> split(Payload p, int k) {
        List<Payload> out = new ArrayList<>(k);
        if (!isSplittable(p)) {
            out.add(p);
            for (int i = 1; i < k; i++) {
                out.add(Payload.NONE);
            }
            return out;
        }
        int n = p.count();
        for (int i = 0; i < k; i++) {
            out.add(slice(p, blockStart(n, k, i), blockStart(n, k, i + 1)));
        }
        return out;
    }

    /** Elements {@code [from, to)} of a splittable payload. */
    public static Payload slice(Payload p, int from, int to) {
        return switch (p.kind()) {
            case LONGS, DOUBLES, BYTES -> {
                Payload out = Payload.zeroed(p.kind(), to - from);
                p.copyTo(from, out, 0, to - from);
                yield out;
            }
            case CMO -> Payload.of(new CmoList(((CmoList) p.cmo()).elements().subList(from, to)));
            case NONE -> Payload.NONE;
        };
    }

    /** Joins blocks made by {@link #split} (NONE blocks skipped). */
    public static Payload concat(List<Payload> blocks) {
        List<Payload> real = blocks.stream().filter(b -> b.kind() != Payload.Kind.NONE).toList();
        if (real.isEmpty()) {
            return Payload.NONE;
        }
        if (real.size() == 1) {
            return real.get(0);
        }
        Payload first = real.get(0);
        for (Payload b : real) {
            if (b.kind() != first.kind()) {
                throw new CommException("cannot join blocks of kinds " + first.kind() + " and " + b.kind());
            }
        }
        int n = real.stream().mapToInt(Payload::count).sum();
        switch (first.kind()) {
            case LONGS:
            case DOUBLES:
            case BYTES: {
                Payload joined = Payload.zeroed(first.kind(), n);
                int at = 0;
                for (Payload b : real) {
                    b.copyTo(0, joined, at, b.count());
                    at += b.count();
                }
                return joined;
            }
            case CMO: {
                List<Cmo> all = new ArrayList<>(n);
                for (Payload b : real) {
                    if (!(b.cmo() instanceof CmoList l)) {
                        throw new CommException("cannot join opaque CMO blocks");
                    }
                    all.addAll(l.elements());
                }
                return Payload.of(new CmoList(all));
            }
            default:
                throw new IllegalStateException();
        }
    }

    /** Several blocks as one CMO payload: {@code CMO_LIST [INT32 kind, cmo, INT32 kind, cmo, ...]}. */
    public static Payload pack(List<Payload> blocks) {
        List<Cmo> parts = new ArrayList<>(2 * blocks.size());
        for (Payload b : blocks) {
            parts.add(new CmoInt32(b.kind().code()));
            parts.add(PeerWire.payloadToCmo(b));
        }
        return Payload.of(new CmoList(parts));
    }

    /** Inverse of {@link #pack}. */
    public static List<Payload> unpack(Payload packed) {
        if (!(packed.cmo() instanceof CmoList l) || l.size() % 2 != 0) {
            throw new CommException("malformed packed blocks");
        }
        List<Payload> out = new ArrayList<>(l.size() / 2);
        for (int i = 0; i < l.size(); i += 2) {
            if (!(l.get(i) instanceof CmoInt32 k)) {
                throw new CommException("malformed packed blocks: kind " + l.get(i).type());
            }
            out.add(PeerWire.payloadFromCmo(Payload.Kind.fromCode(k.value()), l.get(i + 1)));
        }
        return out;
    }
}
