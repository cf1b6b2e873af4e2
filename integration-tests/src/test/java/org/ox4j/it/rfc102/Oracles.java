package org.ox4j.it.rfc102;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

/** Payloads per member and the sequential results the collectives must reproduce. */
final class Oracles {
    private Oracles() {
    }

    /** A small integer (Asir form: 0 is CMO_NULL). */
    static Cmo small(int member) {
        return member == 0 ? CmoNull.INSTANCE : CmoZZ.of(member * 7L - 3);
    }

    /** A several-hundred-bit signed integer. */
    static Cmo bignum(int member) {
        BigInteger v = BigInteger.valueOf(3).pow(200 + 13 * member).add(BigInteger.valueOf(member));
        return new CmoZZ(member % 2 == 0 ? v : v.negate());
    }

    /** A nested list naming its member. */
    static Cmo list(int member) {
        return CmoList.of(CmoString.of("member " + member), CmoList.of(CmoZZ.of(member + 1), bignum(member)));
    }

    /** (member+1)·x^(member+2) + y, as a recursive polynomial in x, y. */
    static Cmo polynomial(int member) {
        Cmo y = new CmoPolynomialInOneVariable(1, List.of(new CmoPolynomialInOneVariable.Term(1, CmoZZ.of(1))));
        return new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y")),
                new CmoPolynomialInOneVariable(0, List.of(
                        new CmoPolynomialInOneVariable.Term(member + 2, CmoZZ.of(member + 1)),
                        new CmoPolynomialInOneVariable.Term(0, y))));
    }

    /** Σ of {@link #polynomial} over members 0..n-1: Σ (m+1)·x^(m+2) + n·y, in Asir's recursive form. */
    static Cmo polynomialSum(int n) {
        List<CmoPolynomialInOneVariable.Term> terms = new ArrayList<>();
        for (int m = n - 1; m >= 0; m--) {
            terms.add(new CmoPolynomialInOneVariable.Term(m + 2, CmoZZ.of(m + 1)));
        }
        terms.add(new CmoPolynomialInOneVariable.Term(0, new CmoPolynomialInOneVariable(1,
                List.of(new CmoPolynomialInOneVariable.Term(1, CmoZZ.of(n))))));
        return new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y")),
                new CmoPolynomialInOneVariable(0, terms));
    }

    /** Σ of the integer payloads, in Asir form. */
    static Cmo sum(int n, IntFunction<Cmo> payload) {
        BigInteger s = BigInteger.ZERO;
        for (int i = 0; i < n; i++) {
            Cmo c = payload.apply(i);
            s = s.add(c instanceof CmoZZ z ? z.value() : BigInteger.ZERO);
        }
        return s.signum() == 0 ? CmoNull.INSTANCE : new CmoZZ(s);
    }

    /** Payloads appended in relative-rank order from {@code root}: d(root), d(root+1), …. */
    static Cmo appended(int n, int root, IntFunction<Cmo> payload) {
        List<Cmo> out = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            Cmo c = payload.apply((root + k) % n);
            if (c instanceof CmoList l) {
                out.addAll(l.elements());
            } else {
                out.add(c);
            }
        }
        return new CmoList(out);
    }
}
