package org.ox4j.cmo;

/** The input ended inside a CMO. A streaming decoder treats this as "wait for more bytes". */
public class CmoTruncatedException extends CmoFormatException {
    public CmoTruncatedException(String message) {
        super(message);
    }
}
