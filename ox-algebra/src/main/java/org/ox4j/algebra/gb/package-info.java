/**
 * Groebner bases: F4 over Z/p with structured elimination, and the certified multi-modular basis over Q.
 */
package org.ox4j.algebra.gb;
