package org.ox4j.algebra;

import java.util.function.IntBinaryOperator;

/** Sorts int items (term indices, monomial ids) by monomial, largest first: a merge sort on ints, stable, no boxing. */
public final class MonomialSort {
    private MonomialSort() {
    }

    /** The indices 0..count-1 ordered so that their monomials decrease. */
    static int[] descending(MonomialLayout layout, long[] mono, int count) {
        int[] idx = new int[count];
        for (int i = 0; i < count; i++) {
            idx[i] = i;
        }
        if (sorted(layout, mono, count)) {
            return idx;
        }
        int w = layout.words();
        return descending(idx, (a, b) -> layout.compare(mono, a * w, mono, b * w));
    }

    /**
     * {@code items} ordered so that {@code compare} decreases (compare(a, b) &gt; 0: a first), equal ones in their
     * given order; a bottom-up merge sort, O(n log n) comparisons.
     */
    public static int[] descending(int[] items, IntBinaryOperator compare) {
        int count = items.length;
        int[] idx = items.clone();
        int[] tmp = new int[count];
        for (int width = 1; width < count; width *= 2) {
            for (int lo = 0; lo < count; lo += 2 * width) {
                int mid = Math.min(lo + width, count);
                int hi = Math.min(lo + 2 * width, count);
                int a = lo;
                int b = mid;
                int k = lo;
                while (a < mid && b < hi) {
                    tmp[k++] = compare.applyAsInt(idx[a], idx[b]) >= 0 ? idx[a++] : idx[b++];
                }
                while (a < mid) {
                    tmp[k++] = idx[a++];
                }
                while (b < hi) {
                    tmp[k++] = idx[b++];
                }
            }
            int[] t = idx;
            idx = tmp;
            tmp = t;
        }
        return idx;
    }

    private static boolean sorted(MonomialLayout layout, long[] mono, int count) {
        int w = layout.words();
        for (int i = 1; i < count; i++) {
            if (layout.compare(mono, (i - 1) * w, mono, i * w) <= 0) {
                return false;
            }
        }
        return true;
    }
}
