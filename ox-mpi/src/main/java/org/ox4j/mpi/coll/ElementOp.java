package org.ox4j.mpi.coll;

import java.math.BigInteger;
import java.util.Locale;
import org.ox4j.mpi.comm.CommException;

/**
 * The built-in element-wise ops: their loops over Java arrays, {@code x[xo + i] = op(x[xo + i], y[yo + i])}, one
 * plain loop per op and element type, chosen by a switch before the loop; and the op on single elements, for
 * operands in direct memory (read element by element) and for single integers of any size. Byte arithmetic wraps;
 * byte minimum and maximum compare signed values.
 *
 * <p>Why a loop per op instead of one loop that calls the op through an interface: the JIT inlines such a call, and
 * vectorises the loop, only while a single op has run there. Once other ops had used the same loop (a maximum and a
 * minimum, then a sum, in one JVM), combining two arrays of 1 MiB of longs took 640 µs instead of 36 (Temurin 25,
 * this host; benchmarks/results/messaging-2026-12-07.md, part 15.1); each loop here has one op, whatever else has
 * run. Operands in direct memory are read element by element ({@link ReduceOps}): bulk copies of chunks into an
 * array, then these loops, measured slower there (75-80 µs against 54 for 1 MiB).
 *
 * <p>Cost: n element operations, vectorised where the CPU can.
 */
enum ElementOp {
    SUM, PROD, MIN, MAX, BAND, BOR, BXOR;

    /** The op's name in messages and in {@link ReduceOp#name()}. */
    String opName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Throws {@link CommException} unless the op is defined on {@code double} elements (the bitwise ones are not);
     * callers that combine element by element call it before the first element, so an empty operand fails alike.
     */
    void requireOnDoubles() {
        if (!(this == SUM || this == PROD || this == MIN || this == MAX)) {
            throw notOnDoubles();
        }
    }

    private CommException notOnDoubles() {
        return new CommException(opName() + ": not defined on double[]");
    }

    /** The op on two longs (bytes widen to them and narrow back). */
    long apply(long a, long b) {
        return switch (this) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            case BAND -> a & b;
            case BOR -> a | b;
            case BXOR -> a ^ b;
        };
    }

    /** The op on two doubles; {@link CommException} for a bitwise op. */
    double apply(double a, double b) {
        return switch (this) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            default -> throw notOnDoubles();
        };
    }

    /** The op on two integers of any size. */
    BigInteger apply(BigInteger a, BigInteger b) {
        return switch (this) {
            case SUM -> a.add(b);
            case PROD -> a.multiply(b);
            case MIN -> a.min(b);
            case MAX -> a.max(b);
            case BAND -> a.and(b);
            case BOR -> a.or(b);
            case BXOR -> a.xor(b);
        };
    }

    /** {@code x[xo + i] = op(x[xo + i], y[yo + i])} for i &lt; n. */
    void longs(long[] x, int xo, long[] y, int yo, int n) {
        switch (this) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] += y[yo + i];
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] *= y[yo + i];
                }
            }
            case MIN -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] = Math.min(x[xo + i], y[yo + i]);
                }
            }
            case MAX -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] = Math.max(x[xo + i], y[yo + i]);
                }
            }
            case BAND -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] &= y[yo + i];
                }
            }
            case BOR -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] |= y[yo + i];
                }
            }
            case BXOR -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] ^= y[yo + i];
                }
            }
            default -> throw new IllegalStateException(name());
        }
    }

    /** As {@link #longs} on doubles; {@link CommException} for a bitwise op. */
    void doubles(double[] x, int xo, double[] y, int yo, int n) {
        switch (this) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] += y[yo + i];
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] *= y[yo + i];
                }
            }
            case MIN -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] = Math.min(x[xo + i], y[yo + i]);
                }
            }
            case MAX -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] = Math.max(x[xo + i], y[yo + i]);
                }
            }
            default -> throw notOnDoubles();
        }
    }

    /** As {@link #longs} on bytes: arithmetic wraps, minimum and maximum compare signed values. */
    void bytes(byte[] x, int xo, byte[] y, int yo, int n) {
        switch (this) {
            case SUM -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] += y[yo + i];
                }
            }
            case PROD -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] *= y[yo + i];
                }
            }
            case MIN -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] = (byte) Math.min(x[xo + i], y[yo + i]);
                }
            }
            case MAX -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] = (byte) Math.max(x[xo + i], y[yo + i]);
                }
            }
            case BAND -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] &= y[yo + i];
                }
            }
            case BOR -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] |= y[yo + i];
                }
            }
            case BXOR -> {
                for (int i = 0; i < n; i++) {
                    x[xo + i] ^= y[yo + i];
                }
            }
            default -> throw new IllegalStateException(name());
        }
    }
}
