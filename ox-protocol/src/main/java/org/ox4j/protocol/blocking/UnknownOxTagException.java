package org.ox4j.protocol.blocking;

import org.ox4j.protocol.OxProtocolException;

/**
 * An OX message whose tag this reader cannot delimit (unknown tag, or an Asir/sm1 local object). The rest of the
 * stream can no longer be framed, so the connection must end.
 */
public final class UnknownOxTagException extends OxProtocolException {
    private final int tag;
    private final int serial;

    public UnknownOxTagException(int tag, int serial, String what) {
        super(what + " " + tag + " (0x" + Integer.toHexString(tag) + "), serial " + serial
                + " (expected: OX_COMMAND, OX_DATA or OX_SYNC_BALL)");
        this.tag = tag;
        this.serial = serial;
    }

    /** The tag read. */
    public int tag() {
        return tag;
    }

    /** The serial read with it. */
    public int serial() {
        return serial;
    }
}
