package org.ox4j.cmo;

/**
 * A CMO was nested deeper than the configured limit. The reader consumed the whole CMO before refusing it (nothing
 * of it was kept), so the input is still in step: a session answers with an error object and reads on.
 */
public final class CmoDepthExceededException extends CmoLimitExceededException {
    public CmoDepthExceededException(String message) {
        super(message);
    }
}
