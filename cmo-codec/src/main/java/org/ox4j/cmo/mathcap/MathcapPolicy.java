package org.ox4j.cmo.mathcap;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
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
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.MathcapViolationException;

/**
 * Decides whether a CMO may be sent to a peer, from the CMO tags the peer's mathcap lists under
 * {@code OX_DATA} (514).
 *
 * <p><b>What is checked: every tag, recursively.</b> {@link #check(Cmo)} walks the whole object — list
 * elements, polynomial variables, terms and coefficients, the ring of a distributed polynomial and each
 * monomial, the parts of rationals, complexes, trees, error and mathcap bodies — and refuses it if
 * <em>any</em> tag, the outermost one included, is missing from the peer's list.
 *
 * <p>This is deliberately stricter than Asir (specs: stack-machine.md, "Mathcap"; OpenXM_contrib2
 * {@code asir2018/io/ox.c}, {@code ox_check_cmo}): Asir checks the tags of integers (20), rationals (21),
 * polynomials (27) and rational functions (34) and the elements of lists, but never checks the list tag 17
 * itself, strings, INT32, errors, mathcaps, byte arrays, doubles, bigfloats, complex numbers, trees, or the
 * 31/19/24 tags of distributed polynomials. A peer's mathcap is the only statement of what it can decode,
 * and a CMO it cannot decode desynchronises the whole stream (an unknown tag has no length); so for a
 * server the safe rule is to send only tags the peer has declared. The practical consequence: Asir's own
 * mathcap omits {@code CMO_IEEE_DOUBLE_FLOAT} (51), so doubles are refused towards an Asir master although
 * Asir could read them; callers then send an error object instead, exactly as ox_asir does for refused data.
 *
 * <p>Before a mathcap is known (no {@code SM_setMathcap} yet), {@link #permissive()} allows everything, as
 * Asir does. Instances are immutable and thread-safe.
 */
public final class MathcapPolicy {
    private static final MathcapPolicy PERMISSIVE = new MathcapPolicy(null);

    /** Allowed tags, or {@code null} for "no mathcap known: allow all". */
    private final Set<Integer> allowed;

    private MathcapPolicy(Set<Integer> allowed) {
        this.allowed = allowed;
    }

    /** The policy for a peer that sent {@code peer}. */
    public static MathcapPolicy of(Mathcap peer) {
        Objects.requireNonNull(peer, "peer");
        return new MathcapPolicy(Set.copyOf(new HashSet<>(peer.cmoTags())));
    }

    /** The policy while no mathcap is known: everything may be sent. */
    public static MathcapPolicy permissive() {
        return PERMISSIVE;
    }

    /** Whether this policy restricts anything. */
    public boolean isPermissive() {
        return allowed == null;
    }

    /** Whether {@code cmo} passes {@link #check(Cmo)}. */
    public boolean allows(Cmo cmo) {
        return firstRefusedTag(cmo) == null;
    }

    /**
     * Checks every tag of {@code cmo}.
     *
     * @throws MathcapViolationException naming the first refused tag (depth-first, outermost first)
     */
    public void check(Cmo cmo) {
        CmoType refused = firstRefusedTag(cmo);
        if (refused != null) {
            throw new MathcapViolationException("mathcap violation: " + refused.specName() + " (" + refused.code()
                    + ") in " + cmo.type().specName() + " (expected: a tag the peer lists under OX_DATA)",
                    refused.code());
        }
    }

    private CmoType firstRefusedTag(Cmo root) {
        if (allowed == null) {
            return null;
        }
        // explicit stack: objects built in memory are not depth-limited like decoded ones
        Deque<Cmo> todo = new ArrayDeque<>();
        todo.push(root);
        while (!todo.isEmpty()) {
            Cmo c = todo.pop();
            if (!allowed.contains(c.type().code())) {
                return c.type();
            }
            pushChildren(c, todo);
        }
        return null;
    }

    /** Pushes the children of {@code c} so that they pop in wire order. */
    private static void pushChildren(Cmo c, Deque<Cmo> todo) {
        switch (c.type()) {
            case LIST -> pushAll(((CmoList) c).elements(), todo);
            case ARRAY -> pushAll(((CmoArray) c).elements(), todo);
            case MATHCAP -> todo.push(((CmoMathcap) c).body());
            case ERROR2 -> todo.push(((CmoError2) c).body());
            case INDETERMINATE -> todo.push(((CmoIndeterminate) c).name());
            case DMS_OF_N_VARIABLES -> todo.push(((CmoDmsOfNVariables) c).description());
            case RING_BY_NAME -> todo.push(((CmoRingByName) c).name());
            case MONOMIAL32 -> todo.push(((CmoMonomial32) c).coefficient());
            case RECURSIVE_POLYNOMIAL -> {
                CmoRecursivePolynomial p = (CmoRecursivePolynomial) c;
                todo.push(p.body());
                todo.push(p.variables());
            }
            case POLYNOMIAL_IN_ONE_VARIABLE -> {
                var terms = ((CmoPolynomialInOneVariable) c).terms();
                for (int i = terms.size() - 1; i >= 0; i--) {
                    todo.push(terms.get(i).coefficient());
                }
            }
            case DISTRIBUTED_POLYNOMIAL -> {
                CmoDistributedPolynomial p = (CmoDistributedPolynomial) c;
                pushAll(p.monomials(), todo);
                todo.push(p.ring());
            }
            case RATIONAL -> {
                CmoRational r = (CmoRational) c;
                todo.push(r.denominator());
                todo.push(r.numerator());
            }
            case COMPLEX -> {
                CmoComplex x = (CmoComplex) c;
                todo.push(x.imaginary());
                todo.push(x.real());
            }
            case TREE -> {
                CmoTree t = (CmoTree) c;
                todo.push(t.leaves());
                todo.push(t.attributes());
                todo.push(t.name());
            }
            case LAMBDA -> {
                CmoLambda l = (CmoLambda) c;
                todo.push(l.body());
                todo.push(l.arguments());
            }
            default -> {
                // leaves: NULL, INT32, DATUM, STRING, ATOM, ZZ, QQ, ZERO, DMS_GENERIC, doubles, bigfloats, ERROR
            }
        }
    }

    private static void pushAll(java.util.List<? extends Cmo> elements, Deque<Cmo> todo) {
        for (int i = elements.size() - 1; i >= 0; i--) {
            todo.push(elements.get(i));
        }
    }
}
