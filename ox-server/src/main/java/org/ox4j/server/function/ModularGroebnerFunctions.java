package org.ox4j.server.function;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.algebra.KernelThreads;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.ZPoly;
import org.ox4j.algebra.gb.IntegralCandidate;
import org.ox4j.algebra.gb.ModularGroebner;
import org.ox4j.algebra.gb.ModularImages;
import org.ox4j.algebra.gb.ModularImagesCodec;
import org.ox4j.algebra.gb.ZPolyListCodec;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.Dp;
import org.ox4j.server.algebra.Groebner;
import org.ox4j.server.algebra.Lst;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Opaque;
import org.ox4j.server.algebra.Poly;
import org.ox4j.server.algebra.Polynomials;
import org.ox4j.server.algebra.TermOrder;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.eval.EvaluationException;

/**
 * The pieces of a Gröbner basis over Q computed by a group of servers (RFC-102): each rank computes images modulo
 * its own primes ({@code ox4j_gr_images}), the images travel up the binomial tree combined by the reduce operator
 * {@code crt}, and the root reconstructs and certifies ({@code ox4j_gr_lift}). Images travel as a
 * {@code CMO_DATUM} in the compact byte form of {@link ModularImagesCodec} (what {@code ox4j_gr_images} and
 * {@code crt} return); {@code crt} and the reconstruction also take the readable list form, a list of groups
 * {@code [M, Count, [D_1, …]]}, one per set of leading monomials, with the residues modulo M of the homogenised
 * basis as distributed polynomials (n+1 variables, the last the homogenising one), which
 * {@code ox4j_gr_image_groups} shows; {@code ox4j_gr_image_last} keeps each group's last element (the probe a group
 * reduces each round until the modulus is large enough). The certificate
 * can be split over the group: {@code ox4j_gr_candidate} says when the reconstruction is stable,
 * {@code ox4j_gr_check} checks one rank's share, {@code ox4j_gr_finish} turns the certified candidate into the
 * reduced basis; {@code ox4j_gr_lift} does all of it on one server. The images, candidates and certificate are
 * grevlex (order 0); the last two answer in any order nd_gr takes, converting the certified grevlex basis
 * ({@link Groebner#ndBasisFromGrevlex}).
 */
final class ModularGroebnerFunctions {
    private ModularGroebnerFunctions() {
    }

    static void register(FunctionRegistry registry) {
        BuiltinFunctions.reg(registry, "crt", 2, 2,
                "crt(A,B): Groebner basis images A and B combined (groups of equal leading monomials by CRT)",
                (a, alg, c) -> {
                    try {
                        return value(images(a.get(0)).combine(images(a.get(1))));
                    } catch (IllegalArgumentException e) {
                        throw new EvaluationException("crt : " + e.getMessage());
                    }
                });
        BuiltinFunctions.reg(registry, "ox4j_gr_image_groups", 1, 1,
                "ox4j_gr_image_groups(I): the image set I as a list of groups [M, Count, [residues...]]",
                (a, alg, c) -> listValue(images(a.get(0))));
        BuiltinFunctions.reg(registry, "ox4j_gr_image_last", 1, 1,
                "ox4j_gr_image_last(I): the images of each group's last element of I (a probe: ox4j_gr_candidate"
                        + " of it says whether the modulus may be large enough for the whole basis)",
                (a, alg, c) -> value(images(a.get(0)).lastElements()));
        BuiltinFunctions.reg(registry, "ox4j_gr_images", 7, 8,
                "ox4j_gr_images(F,V,O,Rank,Size,Round,K[,Replay]): images of the grevlex basis of F over Q modulo K"
                        + " primes dealt to Rank of Size in Round; Replay 0 computes every image in full (default:"
                        + " F4 traces replayed in the first " + TRACED_ROUNDS + " rounds)",
                (a, alg, c) -> {
                    ModularGroebner.Problem problem = problem(a.get(0), a.get(1), a.get(2), alg);
                    int rank = small(a.get(3), "ox4j_gr_images");
                    int size = small(a.get(4), "ox4j_gr_images");
                    int round = small(a.get(5), "ox4j_gr_images");
                    int k = small(a.get(6), "ox4j_gr_images");
                    if (rank >= size || (long) (round * (long) size + rank + 1) * k > MAX_PRIME_INDEX) {
                        throw new EvaluationException("ox4j_gr_images : rank " + rank + " of " + size + ", round "
                                + round + " and " + k + " primes ask for more than " + MAX_PRIME_INDEX + " primes");
                    }
                    List<Long> primes = new ArrayList<>();
                    for (int j = 0; j < k; j++) {
                        primes.add(ModularGroebner.prime((round * size + rank) * k + j));
                    }
                    // one prime after the other: a rank is one worker of the group (the group is the parallelism);
                    // the F4 trace is replayed in the first rounds only, so a trace that misleads (a rare event the
                    // certificate would expose) costs at most those rounds' images, which the master then drops; in a
                    // group the other ranks' traced images witness a rank's trace (crt lifts the largest group of
                    // equal leading monomials), alone the server computes a second prime in full for that
                    boolean replay = a.size() > 7 ? small(a.get(7), "ox4j_gr_images") != 0 : round < TRACED_ROUNDS;
                    return value(problem.images(primes, alg.interrupt(), 1, replay, size == 1));
                });
        BuiltinFunctions.reg(registry, "ox4j_gr_candidate", 2, 2,
                "ox4j_gr_candidate(Images,Previous): [1, C] when the candidate C is stable (Previous still agrees with"
                        + " the images, or C is reconstructed with a prime to spare), else [0, C] (C = 0: none yet)",
                (a, alg, c) -> {
                    List<QPoly> previous = a.get(1) instanceof Lst l ? candidate(l) : null;
                    ModularImages.Reconstruction r = ModularGroebner.candidate(images(a.get(0)), previous);
                    List<QPoly> candidate = r.candidate();
                    return Lst.of(Num.of(r.settled() ? 1 : 0), candidate == null ? Value.ZERO : dps(candidate));
                });
        BuiltinFunctions.reg(registry, "ox4j_gr_packed", 1, 1,
                "ox4j_gr_packed(C): the candidate C made integral, in the compact byte form ox4j_gr_check takes too"
                        + " (given that form, it prepares it for many ox4j_gr_check calls)",
                (a, alg, c) -> new Opaque(CmoDatum.deferred(integralCandidate(a.get(0), "ox4j_gr_packed"),
                        (IntegralCandidate ic) -> ZPolyListCodec.encode(ic.elements()))));
        BuiltinFunctions.reg(registry, "ox4j_gr_check", 6, 6,
                "ox4j_gr_check(C,F,V,O,Rank,Size): 1 when Rank's share of the certificate of C (a list of"
                        + " distributed polynomials, or ox4j_gr_packed's form) holds, else 0; Rank is one slot of"
                        + " 0..Size-1 or a list of them (the inputs at those remainders modulo Size and the pairs in"
                        + " those of Size runs of about equal cost)",
                (a, alg, c) -> {
                    int size = small(a.get(5), "ox4j_gr_check");
                    List<Value> given = a.get(4) instanceof Lst l ? l.elements() : List.of(a.get(4));
                    int[] slots = new int[given.size()];
                    for (int k = 0; k < slots.length; k++) {
                        slots[k] = small(given.get(k), "ox4j_gr_check");
                        if (slots[k] >= size) {
                            throw Algebra.invalid("ox4j_gr_check");
                        }
                    }
                    if (size == 0 || slots.length == 0) {
                        throw Algebra.invalid("ox4j_gr_check");
                    }
                    IntegralCandidate candidate = integralCandidate(a.get(0), "ox4j_gr_check");
                    ModularGroebner.Problem problem = problem(a.get(1), a.get(2), a.get(3), alg);
                    return Num.of(problem.checkShare(candidate, slots, size, alg.interrupt()) ? 1 : 0);
                });
        BuiltinFunctions.reg(registry, "ox4j_gr_finish", 4, 4,
                "ox4j_gr_finish(C,F,V,O): the reduced basis in the order O (0 grevlex, 1 glex, 2 lex) from a"
                        + " certified grevlex candidate C",
                (a, alg, c) -> {
                    if (!(a.get(0) instanceof Lst l)) {
                        throw Algebra.invalid("ox4j_gr_finish");
                    }
                    TermOrder order = TermOrder.ofAsir(a.get(3), "ox4j_gr_finish");
                    ModularGroebner.Problem problem = problem(a.get(1), a.get(2), alg);
                    return basisValue(problem.finish(candidate(l), alg.interrupt()), a.get(2), order, alg);
                });
        BuiltinFunctions.reg(registry, "ox4j_gr_lift", 5, 5,
                "ox4j_gr_lift(Images,Previous,F,V,O): [1, basis in the order O] when certified, else [0, candidate]",
                (a, alg, c) -> {
                    TermOrder order = TermOrder.ofAsir(a.get(4), "ox4j_gr_lift");
                    ModularGroebner.Problem problem = problem(a.get(2), a.get(3), alg);
                    List<QPoly> previous = a.get(1) instanceof Lst l ? candidate(l) : null;
                    ModularGroebner.Lifted lifted = problem.lift(images(a.get(0)), previous, alg.interrupt(),
                            THREADS);
                    if (lifted.basis() != null) {
                        return Lst.of(Num.of(1), basisValue(lifted.basis(), a.get(3), order, alg));
                    }
                    return Lst.of(Num.of(0), lifted.candidate() == null ? Value.ZERO : dps(lifted.candidate()));
                });
    }

    private static final int THREADS = KernelThreads.threads();

    private static Value dps(List<QPoly> polys) {
        List<Value> out = new ArrayList<>();
        for (QPoly q : polys) {
            out.add(new Dp(q));
        }
        return new Lst(out);
    }

    /**
     * The basis in {@code order} of the ideal whose certified reduced grevlex basis over the variables V is
     * {@code grevlex} (increasing leading terms), as polynomial values in the session's order, listed as
     * {@code nd_gr} lists it ({@link Groebner#ndBasisFromGrevlex}).
     */
    private static Value basisValue(List<ZPoly> grevlex, Value v, TermOrder order, Algebra alg) {
        List<String> vars = BuiltinFunctions.names(v, "ox4j_gr");
        return new Lst(new Groebner(alg).ndBasisFromGrevlex(grevlex, new Groebner.Ring(vars, order, 0)));
    }

    /**
     * Rounds of {@code ox4j_gr_images} that replay the input's F4 trace when the caller does not say (its eighth
     * argument); from this round on every image is a full F4 run. DistributedGroebner says, by its own budget.
     */
    static final int TRACED_ROUNDS = 8;

    /** The most primes a group may use (the index of the last one dealt): far beyond any real need. */
    static final long MAX_PRIME_INDEX = 20_000;

    /**
     * The multi-modular problem of F over V for the pieces that work in grevlex only (images, candidates, the
     * certificate): O must be 0.
     */
    private static ModularGroebner.Problem problem(Value f, Value v, Value o, Algebra alg) {
        if (Polynomials.integer(o, "ox4j_gr").signum() != 0) {
            throw new EvaluationException("ox4j_gr : only the order 0 (grevlex) is supported");
        }
        return problem(f, v, alg);
    }

    /** The multi-modular (grevlex) problem of F over V. */
    private static ModularGroebner.Problem problem(Value f, Value v, Algebra alg) {
        List<String> vars = BuiltinFunctions.names(v, "ox4j_gr");
        List<Value> polys = BuiltinFunctions.list(f, "ox4j_gr").elements();
        long degree = 0;
        for (Value p : polys) {
            if (p instanceof Poly q) {
                if (!vars.containsAll(q.variables())) {
                    throw new EvaluationException("ox4j_gr : a polynomial has variables outside " + vars);
                }
                degree = Math.max(degree, q.kernel().totalDegree());
            } else if (!(p instanceof Num)) {
                throw Algebra.invalid("ox4j_gr");
            }
        }
        MonomialLayout layout = MonomialLayout.forDegree(MonomialOrder.grevlex(vars.size()), degree);
        List<ZPoly> in = new ArrayList<>();
        for (Value p : polys) {
            in.add(Algebra.kernel(p, vars, layout).primitiveIntegral());
        }
        ModularGroebner.Problem problem = ModularGroebner.Problem.of(in);
        if (problem == null) {
            throw new EvaluationException("ox4j_gr : the input is zero");
        }
        return problem;
    }

    private static int small(Value v, String op) {
        BigInteger n = Polynomials.integer(v, op);
        if (n.signum() < 0 || n.bitLength() > 20) {
            throw Algebra.invalid(op);
        }
        return n.intValue();
    }

    /** Images from their byte form or their list form (0 stands for no image). */
    static ModularImages images(Value v) {
        if (v.isZero()) {
            return ModularImages.empty();
        }
        if (v instanceof Opaque o && o.cmo() instanceof CmoDatum d) {
            if (d.source() instanceof ModularImages made) {
                return made;
            }
            try {
                return ModularImagesCodec.decode(d.unsafeBytes());
            } catch (IllegalArgumentException e) {
                throw new EvaluationException("crt : " + e.getMessage());
            }
        }
        if (!(v instanceof Lst groups)) {
            throw Algebra.invalid("crt");
        }
        List<ModularImages.Group> out = new ArrayList<>();
        for (Value g : groups.elements()) {
            if (!(g instanceof Lst l) || l.size() != 3 || !(l.get(0) instanceof Num m) || !(l.get(1) instanceof Num n)
                    || !(l.get(2) instanceof Lst residues) || !m.isInteger() || m.signum() <= 0) {
                throw new EvaluationException("crt : an image group is [Modulus, Count, [residues...]]");
            }
            List<int[]> leads = new ArrayList<>();
            List<ZPoly> polys = new ArrayList<>();
            for (Value r : residues.elements()) {
                if (!(r instanceof Dp d) || d.kernel().isZero() || !d.kernel().denominator().equals(BigInteger.ONE)) {
                    throw new EvaluationException("crt : residues are distributed polynomials with integer coefficients");
                }
                leads.add(d.kernel().exponents(0));
                polys.add(d.kernel().numerator());
            }
            out.add(new ModularImages.Group(leads, m.numerator(), small(n, "crt"), polys));
        }
        return ModularImages.of(out);
    }

    /**
     * The byte form of images, as a value (an opaque CMO_DATUM), encoded only when it leaves the process: each rank
     * of a group combines its images of a round into what it has (crt), round after round, and rank 0 reconstructs
     * from what the tree brings; most of those image sets (megabytes of residues of hundreds of bits for katsura-9)
     * never go anywhere, and the functions here take the images from the datum again without decoding.
     */
    static Value value(ModularImages images) {
        try {
            ModularImagesCodec.requireEncodable(images);
        } catch (IllegalArgumentException e) {
            throw new EvaluationException("crt : " + e.getMessage());
        }
        return new Opaque(CmoDatum.deferred(images, ModularImagesCodec::encode, ModularImages::heapBytes));
    }

    /** The list form of images. */
    static Value listValue(ModularImages images) {
        List<Value> groups = new ArrayList<>();
        for (ModularImages.Group g : images.groups()) {
            List<Value> residues = new ArrayList<>();
            for (ZPoly r : g.residues()) {
                residues.add(new Dp(QPoly.of(r)));
            }
            groups.add(Lst.of(Num.of(g.modulus()), Num.of(g.primes()), new Lst(residues)));
        }
        return new Lst(groups);
    }

    /**
     * A candidate for ox4j_gr_check: a list of distributed polynomials, or the byte form of ox4j_gr_packed (made by
     * this process: taken as it is, with the pairs and index earlier checks of it prepared).
     */
    private static IntegralCandidate integralCandidate(Value v, String op) {
        try {
            if (v instanceof Lst l) {
                return IntegralCandidate.of(ModularGroebner.Problem.integral(candidate(l)));
            }
            if (v instanceof Opaque o && o.cmo() instanceof CmoDatum d) {
                if (d.source() instanceof IntegralCandidate made) {
                    return made;
                }
                return IntegralCandidate.of(ZPolyListCodec.decode(d.unsafeBytes()));
            }
        } catch (IllegalArgumentException e) {
            throw new EvaluationException(op + " : " + e.getMessage());
        }
        throw Algebra.invalid(op);
    }

    private static List<QPoly> candidate(Lst l) {
        List<QPoly> out = new ArrayList<>();
        for (Value v : l.elements()) {
            if (!(v instanceof Dp d)) {
                throw new EvaluationException("ox4j_gr_lift : the previous candidate is a list of distributed polynomials");
            }
            out.add(d.kernel());
        }
        return out;
    }
}
