package org.ox4j.server.mpi;

import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIntegers;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.server.eval.EvaluationException;

/** Argument checks of the {@code mpi_*} functions; failures are {@link EvaluationException}s naming the function. */
final class MpiArgs {
    private MpiArgs() {
    }

    /** A small integer. */
    static int integer(List<Cmo> a, int i, String what, String fn) {
        Optional<BigInteger> v = CmoIntegers.value(a.get(i));
        if (v.isEmpty()) {
            throw new EvaluationException(fn + " : " + what + " must be an integer (got " + a.get(i).type() + ")");
        }
        if (v.get().bitLength() > 31) {
            throw new EvaluationException(fn + " : " + what + " out of range: " + v.get().bitLength()
                    + "-bit integer");
        }
        return v.get().intValueExact();
    }

    /** An integer up to 63 bits. */
    static long longInteger(List<Cmo> a, int i, String what, String fn) {
        Optional<BigInteger> v = CmoIntegers.value(a.get(i));
        if (v.isEmpty() || v.get().bitLength() > 63) {
            throw new EvaluationException(fn + " : " + what + " must be an integer below 2^63 (got "
                    + a.get(i).type() + ")");
        }
        return v.get().longValueExact();
    }

    /** The integer at {@code i}, or {@code dflt} when absent. */
    static int integerOr(List<Cmo> a, int i, int dflt, String what, String fn) {
        return a.size() > i ? integer(a, i, what, fn) : dflt;
    }

    /** A string. */
    static String string(List<Cmo> a, int i, String what, String fn) {
        if (a.get(i) instanceof CmoString s) {
            return s.value();
        }
        throw new EvaluationException(fn + " : " + what + " must be a string (got " + a.get(i).type() + ")");
    }

    /** The optional algorithm name at {@code i}: absent, "" or "auto" mean the selector's choice (null). */
    static String algorithm(List<Cmo> a, int i, String fn) {
        if (a.size() <= i) {
            return null;
        }
        String s = string(a, i, "algorithm", fn).trim();
        return s.isEmpty() || s.equals("auto") ? null : s;
    }

    /** A list. */
    static CmoList list(List<Cmo> a, int i, String what, String fn) {
        if (a.get(i) instanceof CmoList l) {
            return l;
        }
        throw new EvaluationException(fn + " : " + what + " must be a list (got " + a.get(i).type() + ")");
    }

    /** A rank of a group of {@code size}, or one of the allowed wildcards. */
    static int rank(List<Cmo> a, int i, int size, String what, String fn, int... wildcards) {
        int r = integer(a, i, what, fn);
        for (int w : wildcards) {
            if (r == w) {
                return r;
            }
        }
        if (r < 0 || r >= size) {
            throw new EvaluationException(fn + " : " + what + " " + r + " (expected: 0.." + (size - 1)
                    + (wildcards.length > 0 ? " or -1 for any" : "") + ")");
        }
        return r;
    }
}
