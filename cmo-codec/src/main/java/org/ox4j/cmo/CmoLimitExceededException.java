package org.ox4j.cmo;

/** A configured limit (depth, count, bytes) would be exceeded; raised before anything is allocated. */
public class CmoLimitExceededException extends CmoException {
    public CmoLimitExceededException(String message) {
        super(message);
    }
}
