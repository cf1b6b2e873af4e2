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
        switch (c.type()) {
            case LIST:
                return ((CmoList) c).elements();
            case ARRAY:
                return ((CmoArray) c).elements();
            case MATHCAP:
                return List.of(((CmoMathcap) c).body());
            case ERROR2:
                return List.of(((CmoError2) c).body());
            case MONOMIAL32:
                return List.of(((CmoMonomial32) c).coefficient());
            case DMS_OF_N_VARIABLES:
                return List.of(((CmoDmsOfNVariables) c).description());
            case RING_BY_NAME:
                return List.of(((CmoRingByName) c).name());
            case INDETERMINATE:
                return List.of(((CmoIndeterminate) c).name());
            case RECURSIVE_POLYNOMIAL: {
                CmoRecursivePolynomial p = (CmoRecursivePolynomial) c;
                return List.of(p.variables(), p.body());
            }
            case RATIONAL: {
                CmoRational r = (CmoRational) c;
                return List.of(r.numerator(), r.denominator());
            }
            case COMPLEX: {
                CmoComplex x = (CmoComplex) c;
                return List.of(x.real(), x.imaginary());
            }
            case LAMBDA: {
                CmoLambda l = (CmoLambda) c;
                return List.of(l.arguments(), l.body());
            }
            case TREE: {
                CmoTree t = (CmoTree) c;
                return List.of(t.name(), t.attributes(), t.leaves());
            }
            case DISTRIBUTED_POLYNOMIAL: {
                CmoDistributedPolynomial d = (CmoDistributedPolynomial) c;
                List<Cmo> out = new ArrayList<>(d.monomials().size() + 1);
                out.add(d.ring());
                out.addAll(d.monomials());
                return out;
            }
            case POLYNOMIAL_IN_ONE_VARIABLE: {
                List<CmoPolynomialInOneVariable.Term> terms = ((CmoPolynomialInOneVariable) c).terms();
                List<Cmo> out = new ArrayList<>(terms.size());
                for (CmoPolynomialInOneVariable.Term t : terms) {
                    out.add(t.coefficient());
                }
                return out;
            }
            default:
                return List.of();
        }
    }

    /** Visits {@code root} and every CMO inside it, each once, parents before children, in wire order. */
    public static void forEach(Cmo root, Consumer<Cmo> visitor) {
        visitor.accept(root);
        List<Cmo> rootKids = children(root);
        if (rootKids.isEmpty()) {
            return;
        }
        // one frame per open composite: its children and the next one to visit; leaves never touch the stack
        ArrayDeque<List<Cmo>> lists = new ArrayDeque<>();
        int[] next = new int[16];
        lists.push(rootKids);
        int depth = 1;
        while (depth > 0) {
            List<Cmo> kids = lists.peek();
            int i = next[depth - 1];
            if (i == kids.size()) {
                lists.pop();
                next[--depth] = 0;
                continue;
            }
            next[depth - 1] = i + 1;
            Cmo c = kids.get(i);
            visitor.accept(c);
            List<Cmo> grandKids = children(c);
            if (!grandKids.isEmpty()) {
                if (depth == next.length) {
                    next = java.util.Arrays.copyOf(next, depth * 2);
                }
                lists.push(grandKids);
                next[depth++] = 0;
            }
        }
    }
}
