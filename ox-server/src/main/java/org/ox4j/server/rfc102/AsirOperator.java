package org.ox4j.server.rfc102;

import org.ox4j.cmo.Cmo;

/**
 * A reduction operator of RFC-102 on CMO values, as ox_asir applies it: {@code accumulated ∘ received}. It need not be commutative; the binomial reduction applies
 * it in relative-rank order.
 */
@FunctionalInterface
public interface AsirOperator {
    Cmo apply(Cmo accumulated, Cmo received);
}
