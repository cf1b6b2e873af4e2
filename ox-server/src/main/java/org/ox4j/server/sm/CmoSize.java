package org.ox4j.server.sm;

import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoArray;
import org.ox4j.cmo.CmoBigFloat32;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoTrees;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.KeptEncoded;

/** A cheap estimate of the heap bytes a CMO value holds, used for the per-session memory budget. */
public final class CmoSize {
    private static final long OBJECT = 24;

    private CmoSize() {
    }

    /** Estimated bytes of {@code c} and everything it contains (visited without recursion, however deep). */
    public static long estimate(Cmo c) {
        if (c instanceof KeptEncoded k && k.wireLength() >= 0) {
            // kept encoded: about what its tree will take once built (a list: an object of 24 bytes and a reference
            // per 8-byte INT32; a polynomial: objects per term beside its big coefficients' bytes)
            return OBJECT + (c instanceof CmoList ? 4 : 2) * k.wireLength();
        }
        long[] total = {0};
        CmoTrees.forEach(c, node -> total[0] += own(node));
        return total[0];
    }

    /** The bytes {@code c} holds itself, without the CMOs inside it. */
    private static long own(Cmo c) {
        if (c instanceof CmoZZ z) {
            return OBJECT + 16 + 4L * z.wordCount();
        } else if (c instanceof CmoQQ q) {
            return OBJECT + 32 + (q.numerator().bitLength() + q.denominator().bitLength()) / 8;
        } else if (c instanceof CmoString s) {
            return OBJECT + 16 + s.byteLength();
        } else if (c instanceof CmoDatum d) {
            return OBJECT + 16 + d.sizeEstimate();
        } else if (c instanceof CmoList l) {
            return OBJECT + 16 + 8L * l.size();
        } else if (c instanceof CmoArray a) {
            return OBJECT + 16 + 8L * a.elements().size();
        } else if (c instanceof CmoPolynomialInOneVariable u) {
            return OBJECT + 16 + 16L * u.terms().size();
        } else if (c instanceof CmoDistributedPolynomial) {
            return OBJECT + 16;
        } else if (c instanceof CmoMonomial32 m) {
            return OBJECT + 16 + 4L * m.arity();
        } else if (c instanceof CmoBigFloat32 b) {
            return OBJECT + 32 + 4L * b.wordCount();
        }
        return OBJECT;
    }
}
