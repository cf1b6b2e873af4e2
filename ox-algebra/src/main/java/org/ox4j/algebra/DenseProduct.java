package org.ox4j.algebra;

import java.math.BigInteger;

/**
 * Product over Z by Kronecker substitution into a dense array of 192-bit accumulators, for factors whose
 * coefficients fit in a long and whose product lies in a small box: exponent vector e ↦ Σ e_v·s_v with strides
 * s_v = Π_{u&lt;v}(deg_u f + deg_u g + 1), so monomial products become index sums and every term product is one
 * multiply-add at {@code acc[k_i + k_j]}, no comparison at all. The terms of g are sorted by index, so each row
 * walks the array forwards; threads own disjoint index ranges of the one array (found by binary search per row)
 * and never synchronise.
 *
 * <p>Cost: |f|·|g| multiply-adds plus O(B) to scan a box of B slots (3·8·B bytes). Chosen by
 * {@link #worthIt(ZPoly, ZPoly)} when B is at most {@link #MAX_SLOTS} and at most 4·|f|·|g|, where it beats the heap
 * (Fateman's f·(f+1), f = (1+x+y+z+t)^20: 113 M term products into 2.8 M slots).
 */
final class DenseProduct {
    /** The largest box (slots) a dense product may use: 24 bytes each, 100 MB (Fateman degree 20 needs 67 MB). */
    static final long MAX_SLOTS = Long.getLong("ox4j.algebra.denseSlots", 1L << 22);

    private DenseProduct() {
    }

    /** The box size of f·g, or -1 when it exceeds {@link #MAX_SLOTS}. */
    static long box(ZPoly f, ZPoly g) {
        int n = f.layout().variables();
        long b = 1;
        for (int v = 0; v < n; v++) {
            b *= (long) f.degree(v) + g.degree(v) + 1;
            if (b > MAX_SLOTS) {
                return -1;
            }
        }
        return b;
    }

    static boolean worthIt(ZPoly f, ZPoly g) {
        long b = box(f, g);
        return b > 0 && b <= 4L * f.size() * g.size() && f.fitsLong() && g.fitsLong();
    }

    static ZPoly multiply(ZPoly f, ZPoly g, Interrupt interrupt, int threads) {
        MonomialLayout layout = f.layout();
        int n = layout.variables();
        long[] stride = new long[n + 1];
        stride[0] = 1;
        for (int v = 0; v < n; v++) {
            stride[v + 1] = stride[v] * ((long) f.degree(v) + g.degree(v) + 1);
        }
        int slots = (int) stride[n];
        int[] kf = indices(f, stride);
        int[] kg = indices(g, stride);
        long[] cf = new long[f.size()];
        for (int i = 0; i < cf.length; i++) {
            cf[i] = f.coefficient(i).longValue();
        }
        // g by increasing index, so a row's targets increase
        int[] order = sortByIndex(kg);
        int[] sg = new int[kg.length];
        long[] cg = new long[kg.length];
        for (int k = 0; k < order.length; k++) {
            sg[k] = kg[order[k]];
            cg[k] = g.coefficient(order[k]).longValue();
        }
        long[] acc = new long[3 * slots];
        int parts = Math.max(1, Math.min(threads, (int) Math.min(64, (long) f.size() * g.size() / 1_000_000)));
        KernelThreads.run(parts, p -> accumulate(kf, cf, sg, cg, acc, (int) ((long) slots * p / parts),
                (int) ((long) slots * (p + 1) / parts), interrupt));
        return extract(layout, acc, stride, f.totalDegree() + g.totalDegree());
    }

    private static int[] indices(ZPoly p, long[] stride) {
        int n = stride.length - 1;
        int[] k = new int[p.size()];
        for (int i = 0; i < k.length; i++) {
            long s = 0;
            for (int v = 0; v < n; v++) {
                s += p.exponent(i, v) * stride[v];
            }
            k[i] = (int) s;
        }
        return k;
    }

    private static int[] sortByIndex(int[] k) {
        long[] packed = new long[k.length];
        for (int i = 0; i < k.length; i++) {
            packed[i] = ((long) k[i] << 32) | i;
        }
        java.util.Arrays.sort(packed);
        int[] order = new int[k.length];
        for (int i = 0; i < k.length; i++) {
            order[i] = (int) packed[i];
        }
        return order;
    }

    /** Adds every f_i·g_j whose index falls in [lo, hi). */
    private static void accumulate(int[] kf, long[] cf, int[] sg, long[] cg, long[] acc, int lo, int hi,
            Interrupt interrupt) {
        for (int i = 0; i < kf.length; i++) {
            if ((i & 63) == 0) {
                interrupt.check();
            }
            int base = kf[i];
            long a = cf[i];
            int j = lowerBound(sg, lo - base);
            int m = sg.length;
            for (; j < m; j++) {
                int t = base + sg[j];
                if (t >= hi) {
                    break;
                }
                long b = cg[j];
                long plo = a * b;
                long phi = Math.multiplyHigh(a, b);
                int at = 3 * t;
                long l0 = acc[at];
                long l = l0 + plo;
                long c1 = Long.compareUnsigned(l, plo) < 0 ? 1 : 0;
                long t1 = acc[at + 1] + phi;
                long c2 = Long.compareUnsigned(t1, phi) < 0 ? 1 : 0;
                long mid = t1 + c1;
                long c3 = Long.compareUnsigned(mid, t1) < 0 ? 1 : 0;
                acc[at] = l;
                acc[at + 1] = mid;
                acc[at + 2] += (phi >> 63) + c2 + c3;
            }
        }
    }

    private static int lowerBound(int[] a, int key) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static ZPoly extract(MonomialLayout layout, long[] acc, long[] stride, int degree) {
        int n = stride.length - 1;
        int slots = acc.length / 3;
        int count = 0;
        for (int t = 0; t < slots; t++) {
            if ((acc[3 * t] | acc[3 * t + 1] | acc[3 * t + 2]) != 0) {
                count++;
            }
        }
        MonomialLayout l = layout.widenedFor(degree);
        int w = l.words();
        long[] mono = new long[count * w];
        BigInteger[] coef = new BigInteger[count];
        int[] e = new int[n];
        Int192 v = new Int192();
        int k = 0;
        for (int t = 0; t < slots; t++) {
            if ((acc[3 * t] | acc[3 * t + 1] | acc[3 * t + 2]) == 0) {
                continue;
            }
            long rest = t;
            for (int x = 0; x < n; x++) {
                long base = stride[x + 1] / stride[x];
                e[x] = (int) (rest % base);
                rest /= base;
            }
            l.encode(e, mono, k * w);
            v.lo = acc[3 * t];
            v.mid = acc[3 * t + 1];
            v.hi = acc[3 * t + 2];
            coef[k++] = v.toBigInteger();
        }
        return ZPoly.sortedFrom(l, mono, coef, count);
    }
}
