package org.ox4j.algebra;

/**
 * The Monagan–Pearce heap product of two sorted term lists: the monomials of f·g are produced in decreasing order,
 * each with the (i, j) index pairs of the term products f_i·g_j that land on it, so the caller combines the
 * coefficients in its own domain without the heap knowing it.
 *
 * <p>The heap holds at most one entry per row i of f (the next unused column j of that row), and row i+1 enters
 * only after f_i·g_0 was taken, so it stays at most |f| entries and usually far fewer. Equal monomials are taken
 * together (chained) before the next monomial is looked at. Cost: O(|f|·|g|·log h) monomial comparisons for a
 * heap of h entries, O(|f|·w) extra memory for monomials of w words; no allocation per term.
 */
final class HeapProduct {
    /** Receives one monomial of the product with the pairs that make it. */
    interface Sink {
        /**
         * {@code mono[0..words)} is the monomial; {@code rows[k], cols[k]} for k &lt; count are its pairs. The
         * arrays are reused after the call returns.
         */
        void term(long[] mono, int[] rows, int[] cols, int count);
    }

    private final MonomialLayout layout;
    private final long[] fm;
    private final int fStart;
    private final int fEnd;
    private final long[] gm;
    private final int gn;
    private final int w;

    /** The product of rows {@code [fStart, fEnd)} of f by all of g (monomial arrays of {@code layout}). */
    HeapProduct(MonomialLayout layout, long[] fm, int fStart, int fEnd, long[] gm, int gn) {
        this.layout = layout;
        this.fm = fm;
        this.fStart = fStart;
        this.fEnd = fEnd;
        this.gm = gm;
        this.gn = gn;
        this.w = layout.words();
    }

    /** Runs the product, calling {@code sink} once per monomial in decreasing order; checks {@code interrupt}. */
    void run(Sink sink, Interrupt interrupt) {
        int rows = fEnd - fStart;
        if (rows <= 0 || gn == 0) {
            return;
        }
        long[] keys = new long[rows * w];
        int[] col = new int[rows];
        int[] heap = new int[rows];
        int size = 0;
        long[] current = new long[w];
        int[] pr = new int[64];
        int[] pc = new int[64];
        // row 0 enters with column 0
        layout.multiply(fm, fStart * w, gm, 0, keys, 0);
        heap[size++] = 0;
        int nextRow = 1;
        long steps = 0;
        while (size > 0) {
            int top = heap[0];
            System.arraycopy(keys, top * w, current, 0, w);
            int count = 0;
            boolean enterNext = false;
            do {
                int r = heap[0];
                if (count == pr.length) {
                    pr = java.util.Arrays.copyOf(pr, count * 2);
                    pc = java.util.Arrays.copyOf(pc, count * 2);
                }
                int c = col[r];
                pr[count] = fStart + r;
                pc[count] = c;
                count++;
                if (c == 0 && r + 1 == nextRow && nextRow < rows) {
                    enterNext = true;
                }
                c++;
                col[r] = c;
                if (c < gn) {
                    layout.multiply(fm, (fStart + r) * w, gm, c * w, keys, r * w);
                    siftDown(heap, size, 0, keys);
                } else {
                    heap[0] = heap[--size];
                    if (size > 0) {
                        siftDown(heap, size, 0, keys);
                    }
                }
            } while (size > 0 && layout.same(keys, heap[0] * w, current, 0));
            if (enterNext) {
                int r = nextRow++;
                layout.multiply(fm, (fStart + r) * w, gm, 0, keys, r * w);
                heap[size] = r;
                siftUp(heap, size++, keys);
            }
            steps += count;
            if (steps > 65536) {
                steps = 0;
                interrupt.check();
            }
            sink.term(current, pr, pc, count);
        }
    }

    private void siftDown(int[] heap, int size, int at, long[] keys) {
        int e = heap[at];
        int eo = e * w;
        while (true) {
            int child = 2 * at + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && greater(keys, heap[child + 1] * w, heap[child] * w)) {
                child++;
            }
            if (!greater(keys, heap[child] * w, eo)) {
                break;
            }
            heap[at] = heap[child];
            at = child;
        }
        heap[at] = e;
    }

    private void siftUp(int[] heap, int at, long[] keys) {
        int e = heap[at];
        int eo = e * w;
        while (at > 0) {
            int parent = (at - 1) >>> 1;
            if (!greater(keys, eo, heap[parent] * w)) {
                break;
            }
            heap[at] = heap[parent];
            at = parent;
        }
        heap[at] = e;
    }

    /** Whether the monomial at a is greater than the one at b (same array). */
    private boolean greater(long[] keys, int a, int b) {
        for (int k = 0; k < w; k++) {
            long x = keys[a + k];
            long y = keys[b + k];
            if (x != y) {
                return x > y;
            }
        }
        return false;
    }
}
