package org.ox4j.server.algebra;

import cc.redberry.rings.poly.multivar.AMonomial;
import cc.redberry.rings.poly.multivar.AMultivariatePolynomial;
import cc.redberry.rings.poly.multivar.DegreeVector;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.ox4j.server.eval.Interruption;

/**
 * Our own Buchberger driver over a coefficient field (Q or Z/p), using only rings' polynomial arithmetic: pair
 * selection by the sugar strategy, the Gebauer–Möller criteria, full reduction, and a final inter-reduction to the
 * reduced basis. It exists (rather than calling rings' {@code GroebnerBasis}) so that the session's interrupt flag
 * is checked between pairs and every few reduction steps: a reset stops the CPU work itself, not just the wait.
 *
 * @param <T> rings term type
 * @param <P> rings polynomial type; every polynomial must already carry the wanted term order
 */
public final class Buchberger<T extends AMonomial<T>, P extends AMultivariatePolynomial<T, P>> {
    private final Comparator<DegreeVector> order;
    private final Interruption interruption;
    private final Reduction<T, P> reduction;

    public Buchberger(Reduction<T, P> reduction) {
        this.reduction = reduction;
        this.order = reduction.order;
        this.interruption = reduction.interruption;
    }

    /** A critical pair of basis elements {@code i < j} with the lcm of their leading monomials and its sugar. */
    private record Pair(int i, int j, DegreeVector lcm, int sugar) {
    }

    /** The reduced Gröbner basis (monic, sorted by increasing leading monomial) of the ideal of {@code input}. */
    public List<P> reducedBasis(List<P> input) {
        List<P> all = new ArrayList<>();
        List<Integer> sugars = new ArrayList<>();
        List<Integer> active = new ArrayList<>();
        PriorityQueue<Pair> pairs = new PriorityQueue<>(
                Comparator.comparingInt(Pair::sugar).thenComparing(Pair::lcm, order));
        for (P f : input) {
            if (f.isZero()) {
                continue;
            }
            P g = reduction.normalize(f);
            all.add(g);
            sugars.add(g.degree());
            update(all, sugars, active, pairs, all.size() - 1);
        }
        while (!pairs.isEmpty()) {
            interruption.check();
            Pair pr = pairs.poll();
            P h = reduction.reduce(reduction.sPolynomial(all.get(pr.i()), all.get(pr.j()), pr.lcm()),
                    basisOf(all, active));
            if (!h.isZero()) {
                all.add(reduction.normalize(h));
                sugars.add(Math.max(pr.sugar(), h.degree()));
                update(all, sugars, active, pairs, all.size() - 1);
            }
        }
        return interreduce(basisOf(all, active));
    }

    private List<P> basisOf(List<P> all, List<Integer> active) {
        List<P> g = new ArrayList<>(active.size());
        for (int k : active) {
            g.add(all.get(k));
        }
        return g;
    }

    /** Gebauer–Möller update with the new element {@code h} (an index into {@code all}). */
    private void update(List<P> all, List<Integer> sugars, List<Integer> active, PriorityQueue<Pair> pairs, int h) {
        DegreeVector lth = all.get(h).lt(order);
        List<Pair> candidates = new ArrayList<>();
        for (int g : active) {
            candidates.add(pair(all, sugars, g, h));
        }
        // chain criterion among the new pairs (Gebauer–Möller): drop (g1,h) when lcm(g2,h) divides lcm(g1,h) for
        // another new pair that is still waiting or already kept; pairs with coprime leading monomials stay here
        // and are dropped by the product criterion below
        List<Pair> kept = new ArrayList<>();
        for (int a = 0; a < candidates.size(); a++) {
            Pair p = candidates.get(a);
            boolean redundant = false;
            if (!coprime(lth, all.get(p.i()).lt(order))) {
                for (int b = a + 1; b < candidates.size() && !redundant; b++) {
                    redundant = p.lcm().dvDivisibleBy(candidates.get(b).lcm());
                }
                for (int b = 0; b < kept.size() && !redundant; b++) {
                    redundant = p.lcm().dvDivisibleBy(kept.get(b).lcm());
                }
            }
            if (!redundant) {
                kept.add(p);
            }
        }
        // product criterion: coprime leading monomials never need a reduction
        List<Pair> fresh = new ArrayList<>();
        for (Pair p : kept) {
            if (!coprime(lth, all.get(p.i()).lt(order))) {
                fresh.add(p);
            }
        }
        // old pairs made redundant by h (Buchberger's triangle criterion)
        pairs.removeIf(p -> p.lcm().dvDivisibleBy(lth)
                && !p.lcm().dvEquals(lcm(all.get(p.i()).lt(order), lth))
                && !p.lcm().dvEquals(lcm(all.get(p.j()).lt(order), lth)));
        pairs.addAll(fresh);
        active.removeIf(g -> all.get(g).lt(order).dvDivisibleBy(lth));
        active.add(h);
    }

    private Pair pair(List<P> all, List<Integer> sugars, int g, int h) {
        DegreeVector a = all.get(g).lt(order);
        DegreeVector b = all.get(h).lt(order);
        DegreeVector l = lcm(a, b);
        int sugar = Math.max(sugars.get(g) + l.totalDegree - a.totalDegree, sugars.get(h) + l.totalDegree - b.totalDegree);
        return new Pair(g, h, l, sugar);
    }

    static DegreeVector lcm(DegreeVector a, DegreeVector b) {
        int[] e = new int[a.exponents.length];
        for (int k = 0; k < e.length; k++) {
            e[k] = Math.max(a.exponents[k], b.exponents[k]);
        }
        return new DegreeVector(e);
    }

    static boolean coprime(DegreeVector a, DegreeVector b) {
        for (int k = 0; k < a.exponents.length; k++) {
            if (a.exponents[k] > 0 && b.exponents[k] > 0) {
                return false;
            }
        }
        return true;
    }

    /** Reduction modulo polynomials that need not be normalised (copies are normalised first). */
    public P normalForm(P f, List<P> divisors) {
        List<P> normal = new ArrayList<>();
        for (P d : divisors) {
            if (!d.isZero()) {
                normal.add(reduction.normalize(d));
            }
        }
        return reduction.reduce(f, normal);
    }

    /** Minimal basis, then each element reduced by the others; sorted by increasing leading monomial. */
    private List<P> interreduce(List<P> g) {
        List<P> minimal = new ArrayList<>();
        for (int a = 0; a < g.size(); a++) {
            DegreeVector la = g.get(a).lt(order);
            boolean redundant = false;
            for (int b = 0; b < g.size() && !redundant; b++) {
                if (a != b) {
                    DegreeVector lb = g.get(b).lt(order);
                    redundant = la.dvDivisibleBy(lb) && (!la.dvEquals(lb) || b < a);
                }
            }
            if (!redundant) {
                minimal.add(g.get(a));
            }
        }
        List<P> reduced = new ArrayList<>();
        for (int a = 0; a < minimal.size(); a++) {
            interruption.check();
            List<P> others = new ArrayList<>(minimal);
            others.remove(a);
            // no other leading monomial divides this one's (minimal basis), so only the tail is rewritten
            reduced.add(reduction.normalize(reduction.reduce(minimal.get(a), others)));
        }
        reduced.sort((x, y) -> order.compare(x.lt(order), y.lt(order)));
        return reduced;
    }

    /** Whether every S-polynomial of {@code g} reduces to zero modulo {@code g} (i.e. {@code g} is a Gröbner basis). */
    public boolean isGroebnerBasis(List<P> g) {
        List<P> monic = new ArrayList<>();
        for (P p : g) {
            if (!p.isZero()) {
                monic.add(reduction.normalize(p));
            }
        }
        for (int a = 0; a < monic.size(); a++) {
            for (int b = a + 1; b < monic.size(); b++) {
                interruption.check();
                DegreeVector la = monic.get(a).lt(order);
                DegreeVector lb = monic.get(b).lt(order);
                if (coprime(la, lb)) {
                    continue;
                }
                if (!reduction.reduce(reduction.sPolynomial(monic.get(a), monic.get(b), lcm(la, lb)), monic).isZero()) {
                    return false;
                }
            }
        }
        return true;
    }
}
