package org.ox4j.mpi.coll;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Payload;

/**
 * Built-in reduce ops. The arithmetic ones work element-wise on {@code long[]}, {@code double[]} and
 * {@code byte[]} payloads of equal length (bitwise ops on integer arrays only; byte arithmetic wraps) and on
 * single integers ({@code CMO_ZZ} or {@code CMO_INT32}, result {@code CMO_ZZ}). {@link #LIST_APPEND} concatenates
 * {@code CMO_LIST}s and is the reference non-commutative op.
 */
public final class ReduceOps {
    private ReduceOps() {
    }

    /**
     * An element-wise op: {@link ElementOp}'s loops combine Java arrays, its single-element forms the elements of an
     * operand in direct memory (or a streamed chunk) one by one, and single integers.
     */
    private record Elementwise(ElementOp loops) implements ReduceOp {
        @Override
        public String name() {
            return loops.opName();
        }

        @Override
        public boolean isCommutative() {
            return true;
        }

        @Override
        public boolean isElementwise() {
            return true;
        }

        @Override
        public Payload apply(Payload a, Payload b) {
            if (a.kind() != b.kind()) {
                throw new CommException(name() + ": operand kinds differ: " + a.kind() + " vs " + b.kind());
            }
            switch (a.kind()) {
                case LONGS: {
                    long[] r = a.longs().clone();
                    checkLength(r.length, b.longs().length);
                    loops.longs(r, 0, b.longs(), 0, r.length);
                    return Payload.ofLongs(r);
                }
                case BYTES: {
                    byte[] r = a.bytes().clone();
                    checkLength(r.length, b.bytes().length);
                    loops.bytes(r, 0, b.bytes(), 0, r.length);
                    return Payload.ofBytes(r);
                }
                case DOUBLES: {
                    double[] r = a.doubles().clone();
                    checkLength(r.length, b.doubles().length);
                    loops.doubles(r, 0, b.doubles(), 0, r.length);
                    return Payload.ofDoubles(r);
                }
                case CMO:
                    return Payload.of(new CmoZZ(loops.apply(integer(a.cmo()), integer(b.cmo()))));
                default:
                    throw new CommException(name() + ": not defined on " + a.kind());
            }
        }

        @Override
        public void combineInto(Payload mine, long byteOffset, ByteBuffer acc) {
            ByteBuffer b = acc.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            int pos = b.position();
            int n = b.remaining();
            if (mine.isDirect()) {
                // a caller's value in direct memory, its bytes read where they are (the chunk holds whole elements)
                int size = mine.kind() == Payload.Kind.BYTES ? 1 : 8;
                if (byteOffset < 0 || byteOffset + n > mine.byteSize() || byteOffset % size != 0 || n % size != 0) {
                    throw new CommException(name() + ": streamed bytes " + byteOffset + "+" + n + " of " + mine);
                }
                combineDirect(b.slice(pos, n), mine.directBuffer().slice((int) byteOffset, n), mine.kind());
                return;
            }
            switch (mine.kind()) {
                case LONGS -> {
                    long[] x = mine.longs();
                    int first = (int) (byteOffset / 8);
                    checkSlice(first, n / 8, x.length);
                    for (int i = 0; i < n / 8; i++) {
                        int at = pos + 8 * i;
                        b.putLong(at, loops.apply(x[first + i], b.getLong(at)));
                    }
                }
                case DOUBLES -> {
                    loops.requireOnDoubles();
                    double[] x = mine.doubles();
                    int first = (int) (byteOffset / 8);
                    checkSlice(first, n / 8, x.length);
                    for (int i = 0; i < n / 8; i++) {
                        int at = pos + 8 * i;
                        b.putDouble(at, loops.apply(x[first + i], b.getDouble(at)));
                    }
                }
                case BYTES -> {
                    byte[] x = mine.bytes();
                    int first = (int) byteOffset;
                    checkSlice(first, n, x.length);
                    for (int i = 0; i < n; i++) {
                        b.put(pos + i, (byte) loops.apply(x[first + i], b.get(pos + i)));
                    }
                }
                default -> throw new CommException(name() + ": cannot combine streamed " + mine.kind());
            }
        }

        @Override
        public void combineArrays(Payload into, Payload other) {
            if (!into.sameArrayShape(other)) {
                throw new CommException(name() + ": operands " + into + " and " + other
                        + " (expected: arrays of the same kind and length)");
            }
            if (into.isDirect()) {
                // the streamed chunks' path: direct memory combined with a Java array or with direct memory where it
                // is (a wire form becomes its array first)
                combineInto(other.isDirect() ? other : other.onHeap(), 0, into.directBuffer());
                return;
            }
            if (other.isDirect() && into.kind() != Payload.Kind.BYTES) {
                combineFromDirect(into, other.directBuffer());
                return;
            }
            Payload o = other.onHeap();
            switch (into.kind()) {
                case LONGS -> loops.longs(into.longs(), 0, o.longs(), 0, into.count());
                case DOUBLES -> loops.doubles(into.doubles(), 0, o.doubles(), 0, into.count());
                default -> loops.bytes(into.bytes(), 0, o.bytes(), 0, into.count());
            }
        }

        /**
         * A Java array combined with the elements of direct memory read where they are (a large message received
         * there), where {@link Payload#onHeap} would copy them into a new array first.
         */
        private void combineFromDirect(Payload into, ByteBuffer other) {
            int pos = other.position();
            if (into.kind() == Payload.Kind.LONGS) {
                long[] x = into.longs();
                for (int i = 0; i < x.length; i++) {
                    x[i] = loops.apply(x[i], other.getLong(pos + 8 * i));
                }
                return;
            }
            loops.requireOnDoubles();
            double[] x = into.doubles();
            for (int i = 0; i < x.length; i++) {
                x[i] = loops.apply(x[i], other.getDouble(pos + 8 * i));
            }
        }

        /**
         * Direct memory combined with direct memory element by element from position 0 where both are (a caller's
         * buffer in direct memory and a large message received there, or a streamed chunk and a caller's value),
         * where {@link Payload#onHeap} would copy one into a new array. The element-wise ops are commutative, so
         * which operand comes first does not matter.
         */
        private void combineDirect(ByteBuffer into, ByteBuffer other, Payload.Kind kind) {
            into.order(ByteOrder.LITTLE_ENDIAN);
            other.order(ByteOrder.LITTLE_ENDIAN);
            if (kind == Payload.Kind.BYTES) {
                for (int i = 0; i < into.remaining(); i++) {
                    into.put(i, (byte) loops.apply(into.get(i), other.get(i)));
                }
                return;
            }
            int n = into.remaining() / 8;
            if (kind == Payload.Kind.LONGS) {
                for (int i = 0; i < n; i++) {
                    into.putLong(8 * i, loops.apply(into.getLong(8 * i), other.getLong(8 * i)));
                }
                return;
            }
            loops.requireOnDoubles();
            for (int i = 0; i < n; i++) {
                into.putDouble(8 * i, loops.apply(into.getDouble(8 * i), other.getDouble(8 * i)));
            }
        }

        private void checkSlice(int first, int count, int length) {
            if (first < 0 || first + count > length) {
                throw new CommException(name() + ": streamed slice " + first + "+" + count + " outside " + length
                        + " elements");
            }
        }

        private void checkLength(int x, int y) {
            if (x != y) {
                throw new CommException(name() + ": array lengths differ: " + x + " vs " + y);
            }
        }

        private BigInteger integer(Cmo c) {
            if (c instanceof CmoZZ z) {
                return z.value();
            }
            if (c instanceof CmoInt32 i) {
                return BigInteger.valueOf(i.value());
            }
            throw new CommException(name() + ": CMO operand " + c.type() + " (expected: ZZ or INT32)");
        }
    }

    public static final ReduceOp SUM = new Elementwise(ElementOp.SUM);
    public static final ReduceOp PROD = new Elementwise(ElementOp.PROD);
    public static final ReduceOp MIN = new Elementwise(ElementOp.MIN);
    public static final ReduceOp MAX = new Elementwise(ElementOp.MAX);
    public static final ReduceOp BAND = new Elementwise(ElementOp.BAND);
    public static final ReduceOp BOR = new Elementwise(ElementOp.BOR);
    public static final ReduceOp BXOR = new Elementwise(ElementOp.BXOR);

    /** Concatenation of {@code CMO_LIST}s: associative, not commutative. */
    public static final ReduceOp LIST_APPEND = new ReduceOp() {
        @Override
        public String name() {
            return "list_append";
        }

        @Override
        public Payload apply(Payload a, Payload b) {
            if (!(a.cmo() instanceof CmoList x) || !(b.cmo() instanceof CmoList y)) {
                throw new CommException("list_append: operands must be CMO_LIST");
            }
            List<Cmo> all = new ArrayList<>(x.size() + y.size());
            all.addAll(x.elements());
            all.addAll(y.elements());
            return Payload.of(new CmoList(all));
        }

        @Override
        public boolean isCommutative() {
            return false;
        }

        @Override
        public String toString() {
            return "ReduceOp[list_append]";
        }
    };
}
