package org.ox4j.client.core;

import java.time.Duration;

/** A blocking call did not complete within its configured timeout. */
public class OxTimeoutException extends OxClientException {
    public OxTimeoutException(String what, Duration timeout) {
        super(what + " timed out after " + timeout.toMillis() + " ms");
    }
}
