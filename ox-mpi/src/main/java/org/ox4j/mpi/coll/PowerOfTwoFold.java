package org.ox4j.mpi.coll;

import org.ox4j.mpi.comm.Payload;

/**
 * MPICH's reduction of a group of p ranks to its largest power-of-two subset p' = 2^⌊lg p⌋ (r = p − p'): each
 * even rank below 2r sends its value to the odd rank above it, which combines them (lower rank first) and takes
 * part as rank r/2; ranks from 2r on take part as rank − r. After the power-of-two phase, {@link #unfold} copies
 * the result back to the ranks that sat out.
 *
 * @param pof2 the power-of-two group size p'
 * @param rem the number of folded pairs r
 * @param newrank this rank's rank in the power-of-two group, or −1 if it sits out
 * @param value this rank's value after folding (meaningless when {@code newrank} is −1)
 */
record PowerOfTwoFold(int pof2, int rem, int newrank, Payload value) {

    /** Messages the fold and the unfold of p ranks send: one each way per rank that sits out. */
    static int foldMessages(int p) {
        return 2 * (p - CollectiveAlgorithm.pof2(p));
    }

    /** Runs the folding step on {@code ch} (its phase 0). */
    static PowerOfTwoFold fold(CollChannel ch, Payload value, ReduceOp op) {
        int p = ch.size();
        int r = ch.rank();
        int pof2 = CollectiveAlgorithm.pof2(p);
        int rem = p - pof2;
        if (r >= 2 * rem) {
            return new PowerOfTwoFold(pof2, rem, r - rem, value);
        }
        if (r % 2 == 0) {
            ch.send(r + 1, value);
            return new PowerOfTwoFold(pof2, rem, -1, value);
        }
        return new PowerOfTwoFold(pof2, rem, r / 2, op.apply(ch.recv(r - 1), value));
    }

    /** True if this rank takes part in the power-of-two phase. */
    boolean participates() {
        return newrank >= 0;
    }

    /** The real rank of power-of-two group member {@code groupRank}. */
    int realRank(int groupRank) {
        return groupRank < rem ? groupRank * 2 + 1 : groupRank + rem;
    }

    /**
     * Copies the result {@code v} back from each folded odd rank to its even partner on {@code ch.phase(phase)}.
     *
     * @return the final value at this rank ({@code v} unless this rank sat out)
     */
    Payload unfold(CollChannel ch, Payload v, int phase) {
        int r = ch.rank();
        if (r >= 2 * rem) {
            return v;
        }
        CollChannel back = ch.phase(phase);
        if (r % 2 == 1) {
            back.send(r - 1, v);
            return v;
        }
        return back.recv(r + 1);
    }
}
