/**
 * Common Mathematical Objects: one immutable value class per CMO tag ({@link org.ox4j.cmo.Cmo},
 * {@link org.ox4j.cmo.CmoType}) and the codec's exception hierarchy. Specification: {@code specs}
 * {@code wire-format.md}, "CMO encodings".
 */
package org.ox4j.cmo;
