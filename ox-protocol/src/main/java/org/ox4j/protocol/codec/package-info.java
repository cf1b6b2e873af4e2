/**
 * Netty codec for OX messages: {@link org.ox4j.protocol.codec.OxMessageDecoder} (resumable frame scanning, then
 * decoding with the CMO codec, bounded by {@link org.ox4j.cmo.io.CmoLimits}),
 * {@link org.ox4j.protocol.codec.OxMessageEncoder}, the framing rules in {@link org.ox4j.protocol.codec.OxFrames},
 * and the {@code ByteBuf} adapters of the codec's byte source and sink. Specs: wire-format.md, "Framing" and
 * "Byte order" (openxm-wire.md §3, §2.6).
 */
package org.ox4j.protocol.codec;
