/**
 * OX framing over blocking JDK channels (TCP or AF_UNIX {@link java.nio.channels.SocketChannel}s, inherited
 * channels, pipes): what the server's sessions, its control connections and RFC-102 server-to-server links use,
 * one reader thread per connection. {@link org.ox4j.protocol.blocking.ChannelByteSource} buffers reads and charges
 * them to a per-message byte budget; {@link org.ox4j.protocol.blocking.OxMessageReader} frames one message;
 * {@link org.ox4j.protocol.blocking.OxMessageWriter} encodes straight into a reusable buffer and streams big objects
 * in buffer-sized chunks; {@link org.ox4j.protocol.blocking.BlockingHandshake} runs the byte-order exchange and the
 * one-time password; {@link org.ox4j.protocol.blocking.BlockingSocketTuning} sets TCP_NODELAY and TCP_QUICKACK.
 * The Netty pipeline ({@link org.ox4j.protocol.codec}) is the non-blocking counterpart used by masters.
 */
package org.ox4j.protocol.blocking;
