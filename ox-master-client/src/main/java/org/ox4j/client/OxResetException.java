package org.ox4j.client;

import org.ox4j.client.core.OxClientException;

/** The request was abandoned because the connection was reset (its reply, if any, was discarded). */
public class OxResetException extends OxClientException {
    public OxResetException(String message) {
        super(message);
    }
}
