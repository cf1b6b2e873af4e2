package org.ox4j.mpi.coll;

import java.util.Objects;
import java.util.function.BinaryOperator;
import org.ox4j.cmo.Cmo;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Payload;

/**
 * An associative combining operation for reduce, allreduce, scan and exscan. {@code apply(a, b)} combines a
 * value from lower ranks ({@code a}) with one from higher ranks ({@code b}); algorithms that reorder operands
 * are only chosen for commutative ops. Element-wise ops may be applied to slices of arrays (Rabenseifner, ring).
 */
public interface ReduceOp {
    /** Name used in logs and errors. */
    String name();

    /** Combines {@code a} (lower ranks) with {@code b} (higher ranks). */
    Payload apply(Payload a, Payload b);

    /** True if {@code apply(a, b)} equals {@code apply(b, a)}. */
    boolean isCommutative();

    /** True if the op works element by element on arrays, so it may be applied to matching slices. */
    default boolean isElementwise() {
        return false;
    }

    /**
     * True if slices of arrays may be combined in any order and grouping: what the algorithms that cut arrays into
     * blocks or stream them in pieces need.
     */
    default boolean combinesSlicesInAnyOrder() {
        return isCommutative() && isElementwise();
    }

    /**
     * Combines a slice of this rank's array into a chunk of a stream in place: element i of {@code acc} (the
     * little-endian elements from its position to its limit, which stay unchanged) becomes
     * {@code apply(mine[first + i], acc[i])} with {@code first = byteOffset / 8} for {@code long[]} and
     * {@code double[]} ({@code byteOffset} for {@code byte[]}). Only element-wise ops support it.
     */
    default void combineInto(Payload mine, long byteOffset, java.nio.ByteBuffer acc) {
        throw new CommException(name() + " cannot combine streamed chunks (not element-wise)");
    }

    /**
     * Combines {@code other} into {@code into} in place, element by element: {@code into[i]} becomes
     * {@code apply(into[i], other[i])} (arrays of the same kind and length, in direct memory or not). What the
     * algorithms that write into a caller's receive buffer use instead of {@link #apply}, which makes a new array;
     * only ops whose slices combine in any order ({@link #combinesSlicesInAnyOrder()}) support it.
     */
    default void combineArrays(Payload into, Payload other) {
        throw new CommException(name() + " cannot combine arrays in place (not element-wise)");
    }

    /**
     * An op on CMO payloads supplied by the server (for example polynomial "+" from the algebra layer).
     *
     * @param commutative whether operand order may be changed
     */
    static ReduceOp ofCmo(String name, boolean commutative, BinaryOperator<Cmo> f) {
        Objects.requireNonNull(f, "f");
        return new ReduceOp() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Payload apply(Payload a, Payload b) {
                return Payload.of(f.apply(a.cmo(), b.cmo()));
            }

            @Override
            public boolean isCommutative() {
                return commutative;
            }

            @Override
            public String toString() {
                return "ReduceOp[" + name + "]";
            }
        };
    }
}
