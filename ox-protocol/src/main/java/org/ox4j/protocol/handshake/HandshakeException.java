package org.ox4j.protocol.handshake;

import org.ox4j.protocol.OxProtocolException;

/** The connection setup failed: invalid byte-order byte, wrong password, timeout, or the peer went away. */
public final class HandshakeException extends OxProtocolException {
    private static final long serialVersionUID = 1L;

    public HandshakeException(String message) {
        super(message);
    }
}
