package org.ox4j.client.core;

/** Root of the client's errors (unchecked): connection, launch, timeout and protocol failures. */
public class OxClientException extends RuntimeException {
    public OxClientException(String message) {
        super(message);
    }

    public OxClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
