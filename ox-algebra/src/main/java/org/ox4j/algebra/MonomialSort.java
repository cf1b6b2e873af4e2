package org.ox4j.algebra;

/** Sorts term indices by monomial, largest first (a merge sort on int indices: stable, no boxing). */
final class MonomialSort {
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
        int[] tmp = new int[count];
        int w = layout.words();
        for (int width = 1; width < count; width *= 2) {
            for (int lo = 0; lo < count; lo += 2 * width) {
                int mid = Math.min(lo + width, count);
                int hi = Math.min(lo + 2 * width, count);
                int a = lo;
                int b = mid;
                int k = lo;
                while (a < mid && b < hi) {
                    tmp[k++] = layout.compare(mono, idx[a] * w, mono, idx[b] * w) >= 0 ? idx[a++] : idx[b++];
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
