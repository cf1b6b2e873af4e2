package org.ox4j.cmo;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Walks CMO trees without recursion: the codec accepts nesting thousands of levels deep, so whatever visits a
 * received object (size estimates, tag sets, printers) must not use one Java frame per level.
 */
public final class CmoTrees {
    private CmoTrees() {
    }

    /** The CMOs directly inside {@code c}, in wire order (empty for leaves). */
    public static List<Cmo> children(Cmo c) {
        if (c instanceof CmoList l) {
            return l.elements();
        } else if (c instanceof CmoArray a) {
            return a.elements();
        } else if (c instanceof CmoMathcap m) {
            return List.of(m.body());
        } else if (c instanceof CmoError2 e) {
            return List.of(e.body());
        } else if (c instanceof CmoMonomial32 m) {
            return List.of(m.coefficient());
        } else if (c instanceof CmoDmsOfNVariables d) {
            return List.of(d.description());
        } else if (c instanceof CmoRingByName r) {
            return List.of(r.name());
        } else if (c instanceof CmoIndeterminate i) {
            return List.of(i.name());
        } else if (c instanceof CmoRecursivePolynomial p) {
            return List.of(p.variables(), p.body());
        } else if (c instanceof CmoRational r) {
            return List.of(r.numerator(), r.denominator());
        } else if (c instanceof CmoComplex x) {
            return List.of(x.real(), x.imaginary());
        } else if (c instanceof CmoLambda l) {
            return List.of(l.arguments(), l.body());
        } else if (c instanceof CmoTree t) {
            return List.of(t.name(), t.attributes(), t.leaves());
        } else if (c instanceof CmoDistributedPolynomial d) {
            List<Cmo> out = new ArrayList<>(d.monomials().size() + 1);
            out.add(d.ring());
            out.addAll(d.monomials());
            return out;
        } else if (c instanceof CmoPolynomialInOneVariable u) {
            List<Cmo> out = new ArrayList<>(u.terms().size());
            for (CmoPolynomialInOneVariable.Term t : u.terms()) {
                out.add(t.coefficient());
            }
            return out;
        }
        return List.of();
    }

    /** Visits {@code root} and every CMO inside it, each once, parents before children, in wire order. */
    public static void forEach(Cmo root, Consumer<Cmo> visitor) {
        ArrayDeque<Cmo> pending = new ArrayDeque<>();
        pending.push(root);
        while (!pending.isEmpty()) {
            Cmo c = pending.pop();
            visitor.accept(c);
            List<Cmo> kids = children(c);
            for (int i = kids.size() - 1; i >= 0; i--) {
                pending.push(kids.get(i));
            }
        }
    }
}
