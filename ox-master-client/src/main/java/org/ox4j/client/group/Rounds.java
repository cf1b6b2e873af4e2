package org.ox4j.client.group;

import java.util.ArrayList;
import java.util.List;

/**
 * All pairs {@code i < j} of {@code 0..n-1} in rounds of disjoint pairs (the circle method of round-robin
 * tournaments): n−1 rounds for even n, n rounds for odd n, each member in at most one pair per round.
 */
final class Rounds {
    private Rounds() {
    }

    static List<List<int[]>> of(int n) {
        List<List<int[]>> rounds = new ArrayList<>();
        if (n < 2) {
            return rounds;
        }
        int m = n % 2 == 0 ? n : n + 1; // odd n: a dummy member m-1 sits out each round
        for (int r = 0; r < m - 1; r++) {
            List<int[]> round = new ArrayList<>();
            add(round, r, m - 1, n);
            for (int k = 1; k < m / 2; k++) {
                add(round, (r + k) % (m - 1), (r - k + m - 1) % (m - 1), n);
            }
            rounds.add(round);
        }
        return rounds;
    }

    private static void add(List<int[]> round, int a, int b, int n) {
        if (a < n && b < n) {
            round.add(new int[] {Math.min(a, b), Math.max(a, b)});
        }
    }
}
