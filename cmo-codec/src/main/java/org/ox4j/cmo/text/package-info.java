/**
 * Human-readable forms of CMOs, never used on the wire: {@link org.ox4j.cmo.text.CmoDump} (the indented
 * tree of the golden captures' {@code .decoded.txt} files) and {@link org.ox4j.cmo.text.CmoText} (one line,
 * bounded, for logs). Specification: {@code specs} {@code vectors/README.md}.
 */
package org.ox4j.cmo.text;
