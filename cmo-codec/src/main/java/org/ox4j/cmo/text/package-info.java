/**
 * Asir notation of CMOs: {@link org.ox4j.cmo.text.AsirNotation}, the one printer (SM_popString's text, the
 * readable form of the shell and the demos, the bounded form of logs), and the string escapes it shares. The
 * indented tree of the golden captures' {@code .decoded.txt} files is a test tool (test scope, {@code CmoDump}).
 */
package org.ox4j.cmo.text;
