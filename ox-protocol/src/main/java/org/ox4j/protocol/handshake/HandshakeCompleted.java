package org.ox4j.protocol.handshake;

import java.nio.ByteOrder;

/**
 * User event fired by {@link ByteOrderHandshakeHandler} once the byte order is agreed, just before
 * {@code channelActive} reaches the handlers behind it.
 *
 * @param order    the order of every int32 and double on this connection from now on
 * @param sent     the byte this side offered
 * @param received the byte the peer offered
 */
public record HandshakeCompleted(ByteOrder order, byte sent, byte received) {
}
