package org.ox4j.client.syntax;

import org.ox4j.client.core.OxClientException;

/** Text that is not a value in the supported subset of Asir syntax; the message names the position. */
public class AsirSyntaxException extends OxClientException {
    private final int position;

    public AsirSyntaxException(String message, int position) {
        super(message + " (at offset " + position + ")");
        this.position = position;
    }

    /** Offset of the offending character in the parsed text. */
    public int position() {
        return position;
    }
}
