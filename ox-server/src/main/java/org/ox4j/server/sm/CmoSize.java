package org.ox4j.server.sm;

import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoArray;
import org.ox4j.cmo.CmoBigFloat32;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoTree;
import org.ox4j.cmo.CmoZZ;

/** A cheap estimate of the heap bytes a CMO value holds, used for the per-session memory budget. */
public final class CmoSize {
    private static final long OBJECT = 24;

    private CmoSize() {
    }

    /** Estimated bytes of {@code c} and everything it contains. */
    public static long estimate(Cmo c) {
        if (c instanceof CmoZZ z) {
            return OBJECT + 16 + z.value().bitLength() / 8;
        } else if (c instanceof CmoQQ q) {
            return OBJECT + 32 + (q.numerator().bitLength() + q.denominator().bitLength()) / 8;
        } else if (c instanceof CmoString s) {
            return OBJECT + 16 + s.byteLength();
        } else if (c instanceof CmoDatum d) {
            return OBJECT + 16 + d.length();
        } else if (c instanceof CmoList l) {
            return OBJECT + 16 + sum(l.elements());
        } else if (c instanceof CmoArray a) {
            return OBJECT + 16 + sum(a.elements());
        } else if (c instanceof CmoMathcap m) {
            return OBJECT + estimate(m.body());
        } else if (c instanceof CmoError2 e) {
            return OBJECT + estimate(e.body());
        } else if (c instanceof CmoComplex x) {
            return OBJECT + estimate(x.real()) + estimate(x.imaginary());
        } else if (c instanceof CmoRational r) {
            return OBJECT + estimate(r.numerator()) + estimate(r.denominator());
        } else if (c instanceof CmoIndeterminate i) {
            return OBJECT + estimate(i.name());
        } else if (c instanceof CmoTree t) {
            return OBJECT + estimate(t.name()) + estimate(t.attributes()) + estimate(t.leaves());
        } else if (c instanceof CmoRecursivePolynomial p) {
            return OBJECT + estimate(p.variables()) + estimate(p.body());
        } else if (c instanceof CmoPolynomialInOneVariable u) {
            long n = OBJECT + 16;
            for (CmoPolynomialInOneVariable.Term t : u.terms()) {
                n += 16 + estimate(t.coefficient());
            }
            return n;
        } else if (c instanceof CmoDistributedPolynomial d) {
            long n = OBJECT + 16 + estimate(d.ring());
            for (CmoMonomial32 m : d.monomials()) {
                n += estimate(m);
            }
            return n;
        } else if (c instanceof CmoMonomial32 m) {
            return OBJECT + 16 + 4L * m.arity() + estimate(m.coefficient());
        } else if (c instanceof CmoBigFloat32 b) {
            return OBJECT + 32 + 4L * b.wordCount();
        }
        return OBJECT;
    }

    private static long sum(java.util.List<Cmo> l) {
        long n = 8L * l.size();
        for (Cmo c : l) {
            n += estimate(c);
        }
        return n;
    }
}
