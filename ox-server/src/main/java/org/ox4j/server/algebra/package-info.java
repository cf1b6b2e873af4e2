/**
 * The evaluator's values (Num, Poly, Dp, Lst, Str, Real, Opaque) on ox-algebra's kernel, their CMO forms
 * (ValueCodec), their printed forms (ValuePrinter) and the algebra behind the builtins (Algebra, Groebner,
 * Factoring). Uses only eval below it.
 */
package org.ox4j.server.algebra;
