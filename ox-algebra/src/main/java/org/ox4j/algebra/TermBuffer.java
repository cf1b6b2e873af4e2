package org.ox4j.algebra;

import java.util.Arrays;

/** A growable array of monomials (words) with one parallel coefficient slot per term; used while building. */
final class TermBuffer {
    final int w;
    long[] mono;
    int size;

    TermBuffer(int words, int capacity) {
        this.w = words;
        this.mono = new long[Math.max(1, capacity) * words];
    }

    /** Makes room for one more term and returns its index; the caller writes the monomial at index·w. */
    int add() {
        if ((size + 1) * w > mono.length) {
            mono = Arrays.copyOf(mono, Math.max(mono.length * 2, (size + 1) * w));
        }
        return size++;
    }

    /** Capacity in terms (for the parallel coefficient array). */
    int capacity() {
        return mono.length / w;
    }

    long[] trimmed() {
        return mono.length == size * w ? mono : Arrays.copyOf(mono, size * w);
    }
}
