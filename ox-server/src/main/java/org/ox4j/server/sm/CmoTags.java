package org.ox4j.server.sm;

import java.util.Set;
import java.util.TreeSet;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoArray;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsOfNVariables;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoLambda;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoRingByName;
import org.ox4j.cmo.CmoTree;

/** Collects every CMO tag a value would use on the wire (for the mathcap check before sending). */
public final class CmoTags {
    private CmoTags() {
    }

    /** All tags in {@code c}, nested ones included. */
    public static Set<Integer> of(Cmo c) {
        Set<Integer> out = new TreeSet<>();
        collect(c, out);
        return out;
    }

    private static void collect(Cmo c, Set<Integer> out) {
        out.add(c.type().code());
        if (c instanceof CmoList l) {
            l.elements().forEach(e -> collect(e, out));
        } else if (c instanceof CmoArray a) {
            a.elements().forEach(e -> collect(e, out));
        } else if (c instanceof CmoMathcap m) {
            collect(m.body(), out);
        } else if (c instanceof CmoError2 e) {
            collect(e.body(), out);
        } else if (c instanceof CmoComplex x) {
            collect(x.real(), out);
            collect(x.imaginary(), out);
        } else if (c instanceof CmoRational r) {
            collect(r.numerator(), out);
            collect(r.denominator(), out);
        } else if (c instanceof CmoIndeterminate i) {
            collect(i.name(), out);
        } else if (c instanceof CmoTree t) {
            collect(t.name(), out);
            collect(t.attributes(), out);
            collect(t.leaves(), out);
        } else if (c instanceof CmoLambda l) {
            collect(l.arguments(), out);
            collect(l.body(), out);
        } else if (c instanceof CmoRecursivePolynomial p) {
            collect(p.variables(), out);
            collect(p.body(), out);
        } else if (c instanceof CmoPolynomialInOneVariable u) {
            u.terms().forEach(t -> collect(t.coefficient(), out));
        } else if (c instanceof CmoDistributedPolynomial d) {
            collect(d.ring(), out);
            d.monomials().forEach(m -> collect(m, out));
        } else if (c instanceof CmoMonomial32 m) {
            collect(m.coefficient(), out);
        } else if (c instanceof CmoDmsOfNVariables d) {
            collect(d.description(), out);
        } else if (c instanceof CmoRingByName r) {
            collect(r.name(), out);
        }
    }
}
