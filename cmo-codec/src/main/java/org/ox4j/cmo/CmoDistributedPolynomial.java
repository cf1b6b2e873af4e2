package org.ox4j.cmo;

import java.util.List;
import java.util.Objects;

/** {@code CMO_DISTRIBUTED_POLYNOMIAL}: a ring description and monomials in the sender's term order. */
public record CmoDistributedPolynomial(Cmo ring, List<CmoMonomial32> monomials) implements Cmo {
    public CmoDistributedPolynomial {
        Objects.requireNonNull(ring, "ring");
        monomials = List.copyOf(monomials);
    }

    @Override
    public CmoType type() {
        return CmoType.DISTRIBUTED_POLYNOMIAL;
    }
}
