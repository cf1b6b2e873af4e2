package org.ox4j.server.rfc102;

import java.math.BigInteger;
import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIntegers;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.server.eval.EvaluationException;

/**
 * Argument conversion of the RFC-102 commands and functions, as ox_asir reads them: numbers are CMO_ZZ with 0
 * sent as CMO_NULL (ox4j also accepts CMO_INT32, which ox_asir rejects with "ZTOS : invalid argument"); a port is
 * an integer (TCP) or a STRING (AF_UNIX path); a host is a STRING (may be 0 for AF_UNIX).
 */
final class Rfc102Args {
    private Rfc102Args() {
    }

    /** A small integer argument named {@code what} of {@code command}. */
    static int integer(Cmo c, String what, String command) {
        Optional<BigInteger> v = CmoIntegers.value(c);
        if (v.isEmpty()) {
            throw new EvaluationException(command + " : " + what + " must be an integer (got " + c.type() + ")");
        }
        if (v.get().bitLength() > 31) {
            throw new EvaluationException(command + " : " + what + " out of range: " + v.get().bitLength()
                    + "-bit integer");
        }
        return v.get().intValueExact();
    }

    /** A port argument: integer → TCP, STRING → AF_UNIX path. */
    static LinkAddress port(Cmo c, String command) {
        if (c instanceof CmoString s) {
            return new LinkAddress.Unix(s.value());
        }
        int p = integer(c, "port", command);
        if (p < 0 || p > 65535) {
            throw new EvaluationException(command + " : port " + p + " (expected: 0..65535 or a socket path)");
        }
        return new LinkAddress.Tcp(p);
    }

    /** A host argument: STRING, or 0 (no host, allowed for AF_UNIX only). */
    static String host(Cmo c, LinkAddress port, String command) {
        if (c instanceof CmoString s) {
            return s.value();
        }
        if (c instanceof CmoNull && port instanceof LinkAddress.Unix) {
            return null;
        }
        throw new EvaluationException(command + " : host must be a string (got " + c.type() + ")");
    }

    /** An operator name. */
    static String string(Cmo c, String what, String command) {
        if (c instanceof CmoString s) {
            return s.value();
        }
        throw new EvaluationException(command + " : " + what + " must be a string (got " + c.type() + ")");
    }
}
