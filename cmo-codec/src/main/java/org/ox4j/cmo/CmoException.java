package org.ox4j.cmo;

/** Root of every error the CMO codec reports. Unchecked, as in Netty's codec exceptions. */
public class CmoException extends RuntimeException {
    public CmoException(String message) {
        super(message);
    }

    public CmoException(String message, Throwable cause) {
        super(message, cause);
    }
}
