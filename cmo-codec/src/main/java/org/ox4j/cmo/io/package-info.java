/**
 * Encoding and decoding of CMOs on byte sources and sinks in a negotiated byte order, bounded by
 * {@link org.ox4j.cmo.io.CmoLimits}. Netty-free; ox-protocol adapts its buffers to
 * {@link org.ox4j.cmo.io.ByteSource} and {@link org.ox4j.cmo.io.ByteSink}. Specification: {@code specs}
 * {@code wire-format.md}, sections 3 and 4.
 */
package org.ox4j.cmo.io;
