package org.ox4j.protocol.blocking;

import org.ox4j.cmo.CmoException;
import org.ox4j.protocol.OxProtocolException;

/**
 * An OX_DATA message was read to its end but its object refused (nested beyond the depth limit). Nothing of the
 * object is kept and the input is still in step, so the receiver can answer with an error object for
 * {@link #serial()} and read on, instead of closing the connection.
 */
public final class OxDataRejectedException extends OxProtocolException {
    private final int serial;

    public OxDataRejectedException(int serial, CmoException cause) {
        super("OX_DATA serial " + serial + " refused: " + cause.getMessage(), cause);
        this.serial = serial;
    }

    public int serial() {
        return serial;
    }
}
