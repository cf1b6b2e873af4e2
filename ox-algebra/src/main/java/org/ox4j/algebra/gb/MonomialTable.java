package org.ox4j.algebra.gb;

import java.util.Arrays;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialSort;

/**
 * The monomials met by one F4 run, each stored once and named by an int: open addressing on the packed words,
 * with the support mask of each monomial kept beside it for quick divisibility tests. Lookups cost one hash of the
 * words and, on average, about one comparison.
 */
final class MonomialTable {
    private final MonomialLayout layout;
    private final int w;
    private long[] words;
    private long[] masks;
    private int size;
    private int[] slots;

    MonomialTable(MonomialLayout layout) {
        this.layout = layout;
        this.w = layout.words();
        this.words = new long[1024 * w];
        this.masks = new long[1024];
        this.slots = new int[2048];
        Arrays.fill(slots, -1);
    }

    /** The column of each monomial of {@code ids} in a matrix whose column of monomial id is {@code columnOf[id]}. */
    static int[] columns(int[] ids, int[] columnOf) {
        int[] cols = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            cols[i] = columnOf[ids[i]];
        }
        return cols;
    }

    MonomialLayout layout() {
        return layout;
    }

    int size() {
        return size;
    }

    long[] words() {
        return words;
    }

    int offset(int id) {
        return id * w;
    }

    long mask(int id) {
        return masks[id];
    }

    int degree(int id) {
        return layout.degree(words, id * w);
    }

    /** The id of the monomial at {@code src[off..]}, inserting it if new. */
    int intern(long[] src, int off) {
        int h = hash(src, off) & (slots.length - 1);
        while (true) {
            int id = slots[h];
            if (id < 0) {
                break;
            }
            if (layout.same(words, id * w, src, off)) {
                return id;
            }
            h = (h + 1) & (slots.length - 1);
        }
        if ((size + 1) * w > words.length) {
            words = Arrays.copyOf(words, words.length * 2);
            masks = Arrays.copyOf(masks, masks.length * 2);
        }
        int id = size++;
        System.arraycopy(src, off, words, id * w, w);
        masks[id] = layout.support(src, off);
        slots[h] = id;
        if (size * 2 > slots.length) {
            rehash();
        }
        return id;
    }

    private void rehash() {
        int[] bigger = new int[slots.length * 2];
        Arrays.fill(bigger, -1);
        for (int id = 0; id < size; id++) {
            int h = hash(words, id * w) & (bigger.length - 1);
            while (bigger[h] >= 0) {
                h = (h + 1) & (bigger.length - 1);
            }
            bigger[h] = id;
        }
        slots = bigger;
    }

    private int hash(long[] src, int off) {
        long h = 0x9E3779B97F4A7C15L;
        for (int k = 0; k < w; k++) {
            h = (h ^ src[off + k]) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        return (int) h;
    }

    /** Whether monomial {@code d} divides monomial {@code m}. */
    boolean divides(int d, int m) {
        return (masks[d] & ~masks[m]) == 0 && layout.divides(words, d * w, words, m * w);
    }

    int compare(int a, int b) {
        return layout.compare(words, a * w, words, b * w);
    }

    /**
     * The monomials {@code ids}, largest first (an int merge sort: no boxing, and one small method for the JIT, where
     * a comparator sort of boxed ids was recompiled again and again as F4's matrices changed).
     */
    int[] sortedDescending(int[] ids) {
        return MonomialSort.descending(ids, this::compare);
    }
}
