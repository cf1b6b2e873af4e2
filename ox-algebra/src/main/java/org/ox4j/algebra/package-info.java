/**
 * The polynomial kernel of ox4j: monomial orders and packed exponent layouts, coefficient domains (Z, Q, Z/p),
 * sparse distributed polynomials and their arithmetic, normal forms and divisions; rings only through RingsBridge.
 */
package org.ox4j.algebra;
