package org.ox4j.cmo;

import java.math.BigInteger;
import java.util.Optional;

/**
 * The one rule for integers in CMO form, as Asir has it: {@code CMO_ZZ} as is, {@code CMO_INT32} as a signed 32-bit
 * value, {@code CMO_NULL} and {@code CMO_ZERO} as 0; and the other way, 0 as {@code CMO_NULL} and everything else as
 * {@code CMO_ZZ}. Every integer argument of the server (builtins, RFC-102, MPI) is read with {@link #value}.
 */
public final class CmoIntegers {
    private CmoIntegers() {
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
