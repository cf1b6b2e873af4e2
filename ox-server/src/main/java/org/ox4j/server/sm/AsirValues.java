package org.ox4j.server.sm;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;
import org.ox4j.cmo.KeptEncoding;
import org.ox4j.server.eval.EvaluationException;

/**
 * The conversion ox_asir applies to received data before it is pushed (spec §10.2), restricted to what changes the
 * CMO form: every zero (ZZ 0, CMO_ZERO) becomes Asir's zero, sent back as CMO_NULL; a rational is reduced and becomes
 * a ZZ when its denominator is 1. INT32 stays INT32 (it pops as INT32, as with ox_asir).
 */
public final class AsirValues {
    private AsirValues() {
    }

    /**
     * The local form of a received object: zeros become CMO_NULL and rationals are reduced, also inside lists, which
     * are rebuilt only where something changed. Lists are walked with an explicit stack, however deep they nest.
     */
    public static Cmo fromWire(Cmo c) {
        if (!(c instanceof CmoList root)) {
            return atom(c);
        }
        if (keptAsIs(root)) {
            return root;
        }
        ArrayDeque<ListInProgress> open = new ArrayDeque<>();
        open.push(new ListInProgress(root));
        while (true) {
            ListInProgress top = open.peek();
            if (top.next < top.source.size()) {
                Cmo e = top.source.get(top.next++);
                if (e instanceof CmoList inner) {
                    open.push(new ListInProgress(inner));
                } else {
                    top.add(e, atom(e));
                }
                continue;
            }
            open.pop();
            Cmo done = top.result();
            if (open.isEmpty()) {
                return done;
            }
            ListInProgress parent = open.peek();
            parent.add(parent.source.get(parent.next - 1), done);
        }
    }

    /**
     * Whether {@code list} is still kept encoded and holds nothing this conversion changes (no CMO_ZERO, no CMO_QQ,
     * no CMO_ZZ of value zero, as its scan found): then it stays in its bytes, and popping it copies them.
     */
    private static boolean keptAsIs(CmoList list) {
        KeptEncoding k = list.keptEncoding();
        return k != null && !k.zeroInteger() && !k.holds(CmoType.ZERO) && !k.holds(CmoType.QQ);
    }

    private static Cmo atom(Cmo c) {
        if (c instanceof CmoZZ z) {
            return z.isZero() ? CmoNull.INSTANCE : z;
        }
        if (c instanceof CmoZero) {
            return CmoNull.INSTANCE;
        }
        if (c instanceof CmoQQ q) {
            return rational(q.numerator(), q.denominator());
        }
        return c;
    }

    /** A received list being converted: its elements so far, and whether any of them changed. */
    private static final class ListInProgress {
        final CmoList list;
        final List<Cmo> source;
        final List<Cmo> out;
        int next;
        boolean changed;

        ListInProgress(CmoList list) {
            this.list = list;
            this.source = list.elements();
            this.out = new ArrayList<>(source.size());
        }

        void add(Cmo original, Cmo converted) {
            changed |= converted != original;
            out.add(converted);
        }

        Cmo result() {
            return changed ? new CmoList(out) : list;
        }
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
