package org.ox4j.server.sm;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;
import org.ox4j.server.eval.EvaluationException;

/**
 * The conversion ox_asir applies to received data before it is pushed (spec §10.2), restricted to what changes the
 * CMO form: every zero (ZZ 0, CMO_ZERO) becomes Asir's zero, sent back as CMO_NULL; a rational is reduced and becomes
 * a ZZ when its denominator is 1. INT32 stays INT32 (it pops as INT32, as with ox_asir).
 */
public final class AsirValues {
    private AsirValues() {
    }

    /** The local form of a received object. */
    public static Cmo fromWire(Cmo c) {
        if (c instanceof CmoZZ z) {
            return z.value().signum() == 0 ? CmoNull.INSTANCE : z;
        }
        if (c instanceof CmoZero) {
            return CmoNull.INSTANCE;
        }
        if (c instanceof CmoQQ q) {
            return rational(q.numerator(), q.denominator());
        }
        if (c instanceof CmoList l) {
            List<Cmo> out = new ArrayList<>(l.size());
            boolean changed = false;
            for (Cmo e : l.elements()) {
                Cmo n = fromWire(e);
                changed |= n != e;
                out.add(n);
            }
            return changed ? new CmoList(out) : l;
        }
        return c;
    }

    /** num/den in lowest terms, as Asir holds it. */
    public static Cmo rational(BigInteger num, BigInteger den) {
        if (den.signum() == 0) {
            throw new EvaluationException("division by 0");
        }
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        BigInteger g = num.gcd(den);
        if (g.signum() != 0 && !g.equals(BigInteger.ONE)) {
            num = num.divide(g);
            den = den.divide(g);
        }
        if (num.signum() == 0) {
            return CmoNull.INSTANCE;
        }
        return den.equals(BigInteger.ONE) ? new CmoZZ(num) : new CmoQQ(num, den);
    }
}
