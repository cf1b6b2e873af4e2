package org.ox4j.client;

import org.ox4j.client.core.OxClientException;

/** The server's data or control connection closed while a request was pending or being sent. */
public class OxConnectionClosedException extends OxClientException {
    public OxConnectionClosedException(String message) {
        super(message);
    }

    public OxConnectionClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
