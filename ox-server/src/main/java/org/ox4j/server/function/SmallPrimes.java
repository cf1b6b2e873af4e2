package org.ox4j.server.function;

/**
 * The first {@value #COUNT} primes for Asir's {@code prime(K)}, sieved once on first use (about 1.3 MB of sieve,
 * then an int table). Cost: O(N log log N) for N ≈ 1.3·10^6, once.
 */
final class SmallPrimes {
    /** How many primes {@code prime} knows (Asir's own table is smaller). */
    static final int COUNT = 100_000;

    private SmallPrimes() {
    }

    private static final class Table {
        /** The 100 000th prime is 1 299 709. */
        private static final int LIMIT = 1_299_710;
        static final int[] PRIMES = sieve();

        private static int[] sieve() {
            boolean[] composite = new boolean[LIMIT];
            int[] out = new int[COUNT];
            int n = 0;
            for (int i = 2; i < LIMIT && n < COUNT; i++) {
                if (!composite[i]) {
                    out[n++] = i;
                    for (long j = (long) i * i; j < LIMIT; j += i) {
                        composite[(int) j] = true;
                    }
                }
            }
            return out;
        }
    }

    /** The k-th prime, 0 ≤ k &lt; {@link #COUNT}. */
    static int get(int k) {
        return Table.PRIMES[k];
    }
}
