package org.ox4j.server.rfc102;

import java.math.BigInteger;
import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;

/** Integers as Asir exchanges them: CMO_ZZ, with 0 written as CMO_NULL; ox4j also accepts CMO_INT32 and CMO_ZERO. */
public final class AsirIntegers {
    private AsirIntegers() {
    }

    /** The integer a CMO stands for, if it is one. */
    public static Optional<BigInteger> value(Cmo cmo) {
        if (cmo instanceof CmoZZ z) {
            return Optional.of(z.value());
        }
        if (cmo instanceof CmoInt32 i) {
            return Optional.of(BigInteger.valueOf(i.value()));
        }
        if (cmo instanceof CmoNull || cmo instanceof CmoZero) {
            return Optional.of(BigInteger.ZERO);
        }
        return Optional.empty();
    }

    /** Asir's encoding of {@code v}: CMO_NULL for 0, CMO_ZZ otherwise. */
    public static Cmo of(BigInteger v) {
        return v.signum() == 0 ? CmoNull.INSTANCE : new CmoZZ(v);
    }

    /** Asir's encoding of {@code v}. */
    public static Cmo of(long v) {
        return of(BigInteger.valueOf(v));
    }
}
