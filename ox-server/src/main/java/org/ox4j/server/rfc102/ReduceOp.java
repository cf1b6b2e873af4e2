package org.ox4j.server.rfc102;

import org.ox4j.cmo.Cmo;

/**
 * A reduction operator: {@code accumulated ∘ received}. It need not be commutative; the binomial reduction applies
 * it in relative-rank order.
 */
@FunctionalInterface
public interface ReduceOp {
    Cmo apply(Cmo accumulated, Cmo received);
}
