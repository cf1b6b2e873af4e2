/**
 * Mathcaps: the typed view {@link org.ox4j.cmo.mathcap.Mathcap} of {@code CMO_MATHCAP} and the send-side
 * check {@link org.ox4j.cmo.mathcap.MathcapPolicy}. Specification: {@code specs} {@code stack-machine.md},
 * "Mathcap".
 */
package org.ox4j.cmo.mathcap;
