package org.ox4j.client;

import java.util.Objects;
import org.ox4j.client.core.OxClientException;
import org.ox4j.cmo.CmoError2;

/** The server answered a pop with {@code CMO_ERROR2}; {@link #error()} is the object exactly as received. */
public class OxServerErrorException extends OxClientException {
    private final transient CmoError2 error;

    public OxServerErrorException(CmoError2 error) {
        super("server error: " + error.message().orElse("(no message)")
                + error.serial().map(s -> " (serial " + s + ")").orElse(""));
        this.error = Objects.requireNonNull(error, "error");
    }

    /** The error object sent by the server. */
    public CmoError2 error() {
        return error;
    }
}
