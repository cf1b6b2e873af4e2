package org.ox4j.client.launch;

import org.ox4j.client.core.OxClientException;

/** A server could not be started or did not become ready; the message includes its last stderr lines. */
public class OxLaunchException extends OxClientException {
    public OxLaunchException(String message) {
        super(message);
    }

    public OxLaunchException(String message, Throwable cause) {
        super(message, cause);
    }
}
