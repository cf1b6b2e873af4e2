package org.ox4j.mpi.coll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.LongBinaryOperator;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.mpi.comm.CommException;
import org.ox4j.mpi.comm.Payload;

/**
 * Every built-in element-wise op on every element type, each operand a Java array or direct memory, against a
 * reference computed here element by element (the arrays' loops are one per op, {@link ElementOp}; direct memory
 * is read element by element), and streamed chunks combined at an offset.
 */
class ElementOpTest {
    /** A block size that a reading of direct memory might use. */
    private static final int CHUNK = 4096;
    /** Longer than two such blocks, and no multiple of one. */
    private static final int N = 2 * CHUNK + 37;

    private static final ReduceOp[] OPS = {ReduceOps.SUM, ReduceOps.PROD, ReduceOps.MIN, ReduceOps.MAX,
        ReduceOps.BAND, ReduceOps.BOR, ReduceOps.BXOR};

    private static LongBinaryOperator reference(ReduceOp op) {
        return switch (op.name()) {
            case "sum" -> (a, b) -> a + b;
            case "prod" -> (a, b) -> a * b;
            case "min" -> Math::min;
            case "max" -> Math::max;
            case "band" -> (a, b) -> a & b;
            case "bor" -> (a, b) -> a | b;
            case "bxor" -> (a, b) -> a ^ b;
            default -> throw new AssertionError(op.name());
        };
    }

    private static long[] longs(int seed) {
        long[] a = new long[N];
        for (int i = 0; i < N; i++) {
            a[i] = (i * 2_654_435_761L + seed) % 1_000_003 - 500_000;
        }
        return a;
    }

    private static double[] doubles(int seed) {
        double[] a = new double[N];
        for (int i = 0; i < N; i++) {
            a[i] = ((i * 7919 + seed) % 2003) * 0.25 - 250;
        }
        return a;
    }

    private static byte[] bytes(int seed) {
        byte[] a = new byte[N];
        for (int i = 0; i < N; i++) {
            a[i] = (byte) (i * 31 + seed);
        }
        return a;
    }

    /** The payload on the heap or as a copy in direct memory. */
    private static Payload placed(Payload p, boolean direct) {
        return direct ? p.toDirect() : p;
    }

    @Test
    void everyOpCombinesLongsAndBytesInEveryPlacementAsTheReferenceDoes() {
        long[] a = longs(1);
        long[] b = longs(2);
        byte[] x = bytes(3);
        byte[] y = bytes(4);
        for (ReduceOp op : OPS) {
            LongBinaryOperator f = reference(op);
            long[] expected = new long[N];
            byte[] expectedBytes = new byte[N];
            for (int i = 0; i < N; i++) {
                expected[i] = f.applyAsLong(a[i], b[i]);
                expectedBytes[i] = (byte) f.applyAsLong(x[i], y[i]);
            }
            for (int placement = 0; placement < 4; placement++) {
                boolean intoDirect = (placement & 1) != 0;
                boolean otherDirect = (placement & 2) != 0;
                Payload into = placed(Payload.ofLongs(a.clone()), intoDirect);
                op.combineArrays(into, placed(Payload.ofLongs(b.clone()), otherDirect));
                assertThat(into.onHeap().longs()).as("%s longs, placement %d", op.name(), placement)
                        .containsExactly(expected);
                Payload intoBytes = placed(Payload.ofBytes(x.clone()), intoDirect);
                op.combineArrays(intoBytes, placed(Payload.ofBytes(y.clone()), otherDirect));
                assertThat(intoBytes.onHeap().bytes()).as("%s bytes, placement %d", op.name(), placement)
                        .containsExactly(expectedBytes);
            }
            assertThat(op.apply(Payload.ofLongs(a), Payload.ofLongs(b)).longs()).containsExactly(expected);
            assertThat(op.apply(Payload.ofBytes(x), Payload.ofBytes(y)).bytes()).containsExactly(expectedBytes);
        }
    }

    @Test
    void theArithmeticOpsCombineDoublesInEveryPlacementAndTheBitwiseOnesRefuseThem() {
        double[] a = doubles(5);
        double[] b = doubles(6);
        for (ReduceOp op : OPS) {
            if (op.name().startsWith("b")) {
                assertThatThrownBy(() -> op.combineArrays(Payload.ofDoubles(a.clone()), Payload.ofDoubles(b)))
                        .isInstanceOf(CommException.class).hasMessageContaining("not defined on double[]");
                assertThatThrownBy(() -> op.apply(Payload.ofDoubles(a), Payload.ofDoubles(b)))
                        .isInstanceOf(CommException.class).hasMessageContaining("not defined on double[]");
                // with an operand in direct memory, where the elements are combined one by one: refused before the
                // first, so nothing is changed, and an empty operand is refused too
                for (int placement = 1; placement < 4; placement++) {
                    for (int n : new int[] {0, a.length}) {
                        Payload into = placed(Payload.ofDoubles(Arrays.copyOf(a, n)), (placement & 1) != 0);
                        Payload other = placed(Payload.ofDoubles(Arrays.copyOf(b, n)), (placement & 2) != 0);
                        assertThatThrownBy(() -> op.combineArrays(into, other)).as("%s, placement %d, %d doubles",
                                op.name(), placement, n).isInstanceOf(CommException.class)
                                .hasMessage(op.name() + ": not defined on double[]");
                        assertThat(into.onHeap().doubles()).containsExactly(Arrays.copyOf(a, n));
                    }
                }
                continue;
            }
            double[] expected = new double[N];
            for (int i = 0; i < N; i++) {
                expected[i] = switch (op.name()) {
                    case "sum" -> a[i] + b[i];
                    case "prod" -> a[i] * b[i];
                    case "min" -> Math.min(a[i], b[i]);
                    default -> Math.max(a[i], b[i]);
                };
            }
            for (int placement = 0; placement < 4; placement++) {
                Payload into = placed(Payload.ofDoubles(a.clone()), (placement & 1) != 0);
                op.combineArrays(into, placed(Payload.ofDoubles(b.clone()), (placement & 2) != 0));
                assertThat(into.onHeap().doubles()).as("%s doubles, placement %d", op.name(), placement)
                        .containsExactly(expected);
            }
            assertThat(op.apply(Payload.ofDoubles(a), Payload.ofDoubles(b)).doubles()).containsExactly(expected);
        }
    }

    @Test
    void everyOpCombinesSingleIntegersOfAnySizeAsBigIntegerDoes() {
        BigInteger big = BigInteger.ONE.shiftLeft(100).add(BigInteger.valueOf(12345));
        BigInteger small = BigInteger.valueOf(-987);
        for (ReduceOp op : OPS) {
            BigInteger expected = switch (op.name()) {
                case "sum" -> big.add(small);
                case "prod" -> big.multiply(small);
                case "min" -> big.min(small);
                case "max" -> big.max(small);
                case "band" -> big.and(small);
                case "bor" -> big.or(small);
                default -> big.xor(small);
            };
            Cmo got = op.apply(Payload.of(new CmoZZ(big)), Payload.of(new CmoInt32(-987))).cmo();
            assertThat(got).as(op.name()).isEqualTo(new CmoZZ(expected));
        }
    }

    @Test
    void aStreamedChunkCombinesWithTheSliceOfTheValueAtItsOffset() {
        long[] mine = longs(7);
        int first = CHUNK - 3;
        int count = CHUNK + 10;
        long[] chunk = longs(8);
        for (boolean mineDirect : new boolean[] {false, true}) {
            for (boolean accDirect : new boolean[] {false, true}) {
                // the chunk's elements sit between a position and a limit that are not the buffer's ends
                ByteBuffer acc = (accDirect ? ByteBuffer.allocateDirect(8 * (count + 2))
                        : ByteBuffer.allocate(8 * (count + 2))).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < count + 2; i++) {
                    acc.putLong(8 * i, chunk[i]);
                }
                acc.position(8).limit(8 * (count + 1));
                ReduceOps.MAX.combineInto(placed(Payload.ofLongs(mine.clone()), mineDirect), 8L * first, acc);
                assertThat(acc.position()).isEqualTo(8);
                assertThat(acc.limit()).isEqualTo(8 * (count + 1));
                acc.limit(acc.capacity());
                assertThat(acc.getLong(0)).isEqualTo(chunk[0]);
                assertThat(acc.getLong(8 * (count + 1))).isEqualTo(chunk[count + 1]);
                for (int i = 0; i < count; i++) {
                    assertThat(acc.getLong(8 * (i + 1))).as("element %d, %s/%s", i, mineDirect, accDirect)
                            .isEqualTo(Math.max(chunk[i + 1], mine[first + i]));
                }
            }
        }
        ByteBuffer odd = ByteBuffer.allocate(12);
        assertThatThrownBy(() -> ReduceOps.SUM.combineInto(Payload.ofLongs(mine).toDirect(), 0, odd))
                .isInstanceOf(CommException.class).hasMessageContaining("streamed bytes");
        ByteBuffer past = ByteBuffer.allocate(16);
        assertThatThrownBy(() -> ReduceOps.SUM.combineInto(Payload.ofLongs(mine), 8L * (N - 1), past))
                .isInstanceOf(CommException.class).hasMessageContaining("streamed slice");
    }
}
