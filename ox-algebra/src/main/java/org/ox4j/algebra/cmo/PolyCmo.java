package org.ox4j.algebra.cmo;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.RecursiveView;
import org.ox4j.algebra.ZPoly;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsGeneric;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;

/**
 * Kernel polynomials to and from their CMO forms in linear time: the body of a CMO_RECURSIVE_POLYNOMIAL is walked
 * with an explicit stack straight into exponent and coefficient arrays (one common denominator), and written back
 * from the {@link RecursiveView} in ox_asir's shape (decreasing degrees, numbers as CMO_ZZ/CMO_QQ, zero as
 * CMO_NULL); CMO_DISTRIBUTED_POLYNOMIAL monomials map one to one onto terms. Malformed input is an
 * {@link IllegalArgumentException} whose message names the CMO at fault.
 */
public final class PolyCmo {
    private PolyCmo() {
    }

    /** A CMO number as num/den (den > 0), or null when {@code c} is not a number. */
    public static BigInteger[] number(Cmo c) {
        if (c instanceof CmoNull || c instanceof CmoZero) {
            return new BigInteger[] {BigInteger.ZERO, BigInteger.ONE};
        }
        if (c instanceof CmoInt32 i) {
            return new BigInteger[] {BigInteger.valueOf(i.value()), BigInteger.ONE};
        }
        if (c instanceof CmoZZ z) {
            return new BigInteger[] {z.value(), BigInteger.ONE};
        }
        if (c instanceof CmoQQ q) {
            if (q.denominator().signum() == 0) {
                throw new IllegalArgumentException("CMO_QQ with denominator 0");
            }
            BigInteger num = q.numerator();
            BigInteger den = q.denominator();
            if (den.signum() < 0) {
                num = num.negate();
                den = den.negate();
            }
            BigInteger g = num.gcd(den);
            return g.equals(BigInteger.ONE) || g.signum() == 0
                    ? new BigInteger[] {num, den} : new BigInteger[] {num.divide(g), den.divide(g)};
        }
        return null;
    }

    /** The CMO ox_asir sends for the number num/den (reduced, den > 0). */
    public static Cmo number(BigInteger num, BigInteger den) {
        if (num.signum() == 0) {
            return CmoNull.INSTANCE;
        }
        return den.equals(BigInteger.ONE) ? new CmoZZ(num) : new CmoQQ(num, den);
    }

    private record Pending(Cmo node, int[] exponents, int depth) {
    }

    /**
     * The polynomial of a recursive body over {@code senderVariables} variables, variable k of the sender becoming
     * variable {@code map[k]} of the result's {@code targetVariables} (a lexicographic layout; several sender
     * variables may map to one, their exponents add).
     */
    public static QPoly fromRecursiveBody(Cmo body, int senderVariables, int[] map, int targetVariables) {
        List<int[]> exps = new ArrayList<>();
        List<BigInteger> nums = new ArrayList<>();
        List<BigInteger> dens = new ArrayList<>();
        BigInteger lcm = BigInteger.ONE;
        long maxDegree = 0;
        Deque<Pending> stack = new ArrayDeque<>();
        stack.push(new Pending(body, new int[targetVariables], 0));
        while (!stack.isEmpty()) {
            Pending at = stack.pop();
            if (at.node() instanceof CmoPolynomialInOneVariable u) {
                if (at.depth() > senderVariables) {
                    throw new IllegalArgumentException("CMO_RECURSIVE_POLYNOMIAL: nesting deeper than its variables");
                }
                if (u.variable() < 0 || u.variable() >= senderVariables) {
                    throw new IllegalArgumentException("CMO_POLYNOMIAL_IN_ONE_VARIABLE: variable index "
                            + u.variable() + " outside the variable list of " + senderVariables);
                }
                // pushed last term first, so the walk meets the terms in the sender's (decreasing) order and an
                // ox_asir polynomial arrives already sorted for the lexicographic layout (no sort needed)
                List<CmoPolynomialInOneVariable.Term> terms = u.terms();
                for (int k = terms.size() - 1; k >= 0; k--) {
                    CmoPolynomialInOneVariable.Term t = terms.get(k);
                    if (t.exponent() < 0) {
                        throw new IllegalArgumentException("CMO_POLYNOMIAL_IN_ONE_VARIABLE: negative exponent");
                    }
                    int[] e = at.exponents().clone();
                    long s = (long) e[map[u.variable()]] + t.exponent();
                    if (s > Integer.MAX_VALUE) {
                        throw new IllegalArgumentException("CMO_RECURSIVE_POLYNOMIAL: an exponent exceeds 2^31-1");
                    }
                    e[map[u.variable()]] = (int) s;
                    stack.push(new Pending(t.coefficient(), e, at.depth() + 1));
                }
                continue;
            }
            BigInteger[] q = number(at.node());
            if (q == null) {
                throw new IllegalArgumentException("CMO_RECURSIVE_POLYNOMIAL: a coefficient must be a number, not "
                        + at.node().type());
            }
            if (q[0].signum() == 0) {
                continue;
            }
            long d = 0;
            for (int x : at.exponents()) {
                d += x;
            }
            maxDegree = Math.max(maxDegree, d);
            exps.add(at.exponents());
            nums.add(q[0]);
            dens.add(q[1]);
            if (!q[1].equals(BigInteger.ONE)) {
                lcm = lcm.divide(lcm.gcd(q[1])).multiply(q[1]);
            }
        }
        return assemble(MonomialLayout.forDegree(MonomialOrder.lex(targetVariables), maxDegree), exps, nums, dens,
                lcm);
    }

    private static QPoly assemble(MonomialLayout layout, List<int[]> exps, List<BigInteger> nums,
            List<BigInteger> dens, BigInteger lcm) {
        BigInteger[] c = new BigInteger[nums.size()];
        for (int k = 0; k < c.length; k++) {
            c[k] = lcm.equals(BigInteger.ONE) ? nums.get(k) : nums.get(k).multiply(lcm.divide(dens.get(k)));
        }
        return QPoly.of(ZPoly.of(layout, exps.toArray(int[][]::new), c), lcm);
    }

    /** The recursive body of a non-constant polynomial in a lexicographic layout. */
    public static Cmo toRecursiveBody(QPoly p) {
        return RecursiveView.fold(p, new RecursiveView.Folder<Cmo>() {
            @Override
            public Cmo constant(BigInteger num, BigInteger den) {
                return number(num, den);
            }

            @Override
            public Cmo sum(int variable, int[] exponents, List<Cmo> coefficients) {
                List<CmoPolynomialInOneVariable.Term> terms = new ArrayList<>(exponents.length);
                for (int k = 0; k < exponents.length; k++) {
                    terms.add(new CmoPolynomialInOneVariable.Term(exponents[k], coefficients.get(k)));
                }
                return new CmoPolynomialInOneVariable(variable, terms);
            }
        });
    }

    /** The polynomial of a distributed polynomial's monomials (all of one arity), in {@code order}. */
    public static QPoly fromDistributed(CmoDistributedPolynomial dp, MonomialOrder order) {
        int n = order.variables();
        List<int[]> exps = new ArrayList<>();
        List<BigInteger> nums = new ArrayList<>();
        List<BigInteger> dens = new ArrayList<>();
        BigInteger lcm = BigInteger.ONE;
        long maxDegree = 0;
        for (CmoMonomial32 m : dp.monomials()) {
            if (m.arity() != n) {
                throw new IllegalArgumentException(
                        "CMO_DISTRIBUTED_POLYNOMIAL: monomials with different numbers of variables");
            }
            BigInteger[] q = number(m.coefficient());
            if (q == null) {
                throw new IllegalArgumentException("CMO_MONOMIAL32: the coefficient must be a number");
            }
            if (q[0].signum() == 0) {
                continue;
            }
            int[] e = m.exponents();
            long d = 0;
            for (int x : e) {
                if (x < 0) {
                    throw new IllegalArgumentException("CMO_MONOMIAL32: negative exponent");
                }
                d += x;
            }
            maxDegree = Math.max(maxDegree, d);
            exps.add(e);
            nums.add(q[0]);
            dens.add(q[1]);
            if (!q[1].equals(BigInteger.ONE)) {
                lcm = lcm.divide(lcm.gcd(q[1])).multiply(q[1]);
            }
        }
        return assemble(MonomialLayout.forDegree(order, maxDegree), exps, nums, dens, lcm);
    }

    /** As Asir writes a distributed polynomial: DMS_GENERIC and the terms in the polynomial's order. */
    public static Cmo toDistributed(QPoly p) {
        if (p.isZero()) {
            return CmoNull.INSTANCE;
        }
        List<CmoMonomial32> monomials = new ArrayList<>(p.size());
        for (int i = 0; i < p.size(); i++) {
            BigInteger[] c = p.coefficientInLowestTerms(i);
            monomials.add(CmoMonomial32.of(p.exponents(i), number(c[0], c[1])));
        }
        return new CmoDistributedPolynomial(CmoDmsGeneric.INSTANCE, monomials);
    }
}
