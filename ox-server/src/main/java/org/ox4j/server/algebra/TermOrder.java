package org.ox4j.server.algebra;

import cc.redberry.rings.poly.multivar.DegreeVector;
import cc.redberry.rings.poly.multivar.MonomialOrder;
import java.util.Comparator;
import org.ox4j.server.eval.EvaluationException;

/** Asir's term order numbers: 0 degree reverse lexicographic, 1 degree lexicographic, 2 lexicographic. */
public enum TermOrder {
    GREVLEX(0, MonomialOrder.GREVLEX),
    GLEX(1, MonomialOrder.GRLEX),
    LEX(2, MonomialOrder.LEX);

    private final int asirNumber;
    private final Comparator<DegreeVector> comparator;

    TermOrder(int asirNumber, Comparator<DegreeVector> comparator) {
        this.asirNumber = asirNumber;
        this.comparator = comparator;
    }

    /** Asir's number for this order. */
    public int asirNumber() {
        return asirNumber;
    }

    /** rings' comparator (variable 0 is the highest, as the first variable of Asir's list). */
    public Comparator<DegreeVector> comparator() {
        return comparator;
    }

    /** The order with Asir's number {@code n}. */
    public static TermOrder ofAsir(Value v, String function) {
        if (v instanceof Num n && n.intValue().isPresent()) {
            for (TermOrder o : values()) {
                if (o.asirNumber == n.intValue().getAsInt()) {
                    return o;
                }
            }
        }
        throw new EvaluationException(function + " : unsupported term order (use 0 grevlex, 1 glex or 2 lex)");
    }
}
