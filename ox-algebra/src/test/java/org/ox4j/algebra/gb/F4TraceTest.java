package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.ZPoly;

/** Replaying an F4 trace at other primes gives the bases a full F4 gives there, or refuses. */
class F4TraceTest {
    private static List<ModPoly> mod(List<ZPoly> f, long p) {
        Modulus m = Modulus.of(p);
        List<ModPoly> out = new ArrayList<>();
        for (ZPoly z : f) {
            out.add(ModPoly.of(z, m));
        }
        return out;
    }

    private static void assertReplaysLikeF4(List<ZPoly> f, long tracePrime, long... others) {
        F4Trace.Traced traced = F4.traced(mod(f, tracePrime), Interrupt.NONE);
        assertThat(traced.basis()).isEqualTo(F4.basis(mod(f, tracePrime), Interrupt.NONE, 1));
        for (long p : others) {
            List<ModPoly> full = F4.basis(mod(f, p), Interrupt.NONE, 2);
            List<ModPoly> replayed = F4.replay(traced.trace(), mod(f, p), Interrupt.NONE, 2);
            // a prime may depart from the trace (then null); when it follows, the basis is the full one
            if (replayed != null) {
                assertThat(replayed).as("prime %d", p).isEqualTo(full);
            }
        }
    }

    @Test
    void katsuraAndCyclicReplayedAtOtherPrimesEqualFullF4() {
        MonomialLayout l7 = MonomialLayout.of(MonomialOrder.grevlex(7), 8);
        List<ZPoly> k6 = StandardSystems.katsura(l7, 6);
        F4Trace.Traced traced = F4.traced(mod(k6, 2147483647L), Interrupt.NONE);
        long[] rows = traced.trace().rowCounts();
        // a replay skips the rows that reduced to zero (and all pair handling and symbolic preprocessing)
        assertThat(rows[0]).isPositive().isLessThan(rows[1]);
        for (long p : new long[] {2147483629L, 2147483587L, 1000003L, 32003L}) {
            assertThat(F4.replay(traced.trace(), mod(k6, p), Interrupt.NONE, 1)).as("katsura-6 mod %d", p)
                    .isEqualTo(F4.basis(mod(k6, p), Interrupt.NONE, 1));
        }
        MonomialLayout l6 = MonomialLayout.of(MonomialOrder.grevlex(6), 8);
        assertReplaysLikeF4(StandardSystems.cyclic(l6, 6), 2147483647L, 2147483629L, 65521L, 32003L);
    }

    @Test
    void randomSystemsReplayOrRefuse() {
        Random random = new Random(22);
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(3), 8);
        for (int round = 0; round < 40; round++) {
            List<ZPoly> f = F4Test.randomSystem(random, l, () -> BigInteger.valueOf(random.nextInt(201) - 100));
            List<ZPoly> nonZero = f.stream().filter(z -> !mod(List.of(z), 101).get(0).isZero()).toList();
            if (nonZero.size() != f.size()) {
                continue;
            }
            // small primes make departures likely: the replay must then refuse, never answer wrongly
            assertReplaysLikeF4(f, 2147483647L, 101L, 103L, 7L, 5L, 2147483629L);
        }
    }

    @Test
    void anInputWithOtherMonomialsIsRefused() {
        MonomialLayout l6 = MonomialLayout.of(MonomialOrder.grevlex(6), 8);
        List<ZPoly> c5 = StandardSystems.cyclic(MonomialLayout.of(MonomialOrder.grevlex(5), 8), 5);
        F4Trace trace = F4.traced(mod(c5, 32003), Interrupt.NONE).trace();
        List<ZPoly> k5 = StandardSystems.katsura(l6, 5);
        assertThat(F4.replay(trace, mod(k5.subList(0, c5.size()), 32003), Interrupt.NONE, 1)).isNull();
        assertThat(F4.replay(trace, mod(c5.subList(0, 3), 65521), Interrupt.NONE, 1)).isNull();
    }
}
