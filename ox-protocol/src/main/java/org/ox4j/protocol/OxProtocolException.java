package org.ox4j.protocol;

/** Root of the protocol layer's errors: bad framing, handshake failures, password mismatch. */
public class OxProtocolException extends RuntimeException {
    public OxProtocolException(String message) {
        super(message);
    }

    public OxProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
