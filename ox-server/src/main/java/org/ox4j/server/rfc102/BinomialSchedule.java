package org.ox4j.server.rfc102;

import java.util.ArrayList;
import java.util.List;

/**
 * The binomial trees of RFC-102's broadcast and reduction as pure functions of (group size n, root, member)
 * (openxm-wire.md §8.4). Ranks are absolute; the trees are built on the relative rank r = (me − root) mod n.
 *
 * <p>Broadcast: a member with r &gt; 0 receives from r − lowbit(r), then sends to r + m for every power of two m
 * below lowbit(r) (the root: below n), largest first, while r + m &lt; n. Reduction: for m = 1, 2, 4, … &lt; n, a
 * member whose bit m is set sends its accumulator to r − m and stops; otherwise it receives from r + m when that
 * exists. Both finish in ⌈log₂ n⌉ rounds.
 */
public final class BinomialSchedule {
    private BinomialSchedule() {
    }

    /** One step of a member's reduction: receive from or send to an absolute rank. */
    public record Step(Kind kind, int peer) {
        /** Direction of a step. */
        public enum Kind { RECEIVE, SEND }
    }

    /** r = (me − root) mod n. */
    public static int relative(int n, int root, int me) {
        check(n, root, me);
        return Math.floorMod(me - root, n);
    }

    /** ⌈log₂ n⌉, the number of rounds (0 for one member). */
    public static int rounds(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("n: " + n + " (expected: >= 1)");
        }
        return n == 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /** The member a broadcast receives from, or -1 at the root. */
    public static int bcastParent(int n, int root, int me) {
        int r = relative(n, root, me);
        if (r == 0) {
            return -1;
        }
        return absolute(n, root, r - Integer.lowestOneBit(r));
    }

    /** The members a broadcast sends to, in sending order (largest subtree first). */
    public static List<Integer> bcastChildren(int n, int root, int me) {
        int r = relative(n, root, me);
        int limit = r == 0 ? highestPowerOfTwoAtLeast(n) : Integer.lowestOneBit(r);
        List<Integer> out = new ArrayList<>();
        for (int m = limit >>> 1; m >= 1; m >>>= 1) {
            if (r + m < n) {
                out.add(absolute(n, root, r + m));
            }
        }
        return out;
    }

    /** A member's reduction steps in order: some receives, then (except at the root) one send. */
    public static List<Step> reduceSteps(int n, int root, int me) {
        int r = relative(n, root, me);
        List<Step> out = new ArrayList<>();
        for (int m = 1; m < n; m <<= 1) {
            if ((r & m) != 0) {
                out.add(new Step(Step.Kind.SEND, absolute(n, root, r - m)));
                break;
            }
            if (r + m < n) {
                out.add(new Step(Step.Kind.RECEIVE, absolute(n, root, r + m)));
            }
        }
        return out;
    }

    private static int absolute(int n, int root, int relative) {
        return (relative + root) % n;
    }

    private static int highestPowerOfTwoAtLeast(int n) {
        int p = 1;
        while (p < n) {
            p <<= 1;
        }
        return p;
    }

    private static void check(int n, int root, int me) {
        if (n < 1) {
            throw new IllegalArgumentException("nserver: " + n + " (expected: >= 1)");
        }
        if (root < 0 || root >= n) {
            throw new IllegalArgumentException("root: " + root + " (expected: 0.." + (n - 1) + ")");
        }
        if (me < 0 || me >= n) {
            throw new IllegalArgumentException("rank: " + me + " (expected: 0.." + (n - 1) + ")");
        }
    }
}
