/**
 * CMO forms of kernel polynomials (PolyCmo), with an explicit stack for nesting.
 */
package org.ox4j.algebra.cmo;
