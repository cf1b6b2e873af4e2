package org.ox4j.cmo;

/** The bytes are not a well-formed CMO: truncated, negative lengths, wrong nested types. */
public class CmoFormatException extends CmoException {
    public CmoFormatException(String message) {
        super(message);
    }
}
