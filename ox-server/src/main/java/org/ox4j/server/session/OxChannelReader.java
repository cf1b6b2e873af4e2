package org.ox4j.server.session;

import java.nio.ByteOrder;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoScanner;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxProtocolException;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.OxTag;

/**
 * Reads OX messages (OX_COMMAND, OX_DATA, OX_SYNC_BALL) from a blocking channel. Any other tag has no body this
 * server can delimit, so it ends the connection ({@link OxProtocolException}); a malformed or oversized CMO ends it
 * too ({@link org.ox4j.cmo.CmoException}), because the rest of the stream can no longer be framed.
 */
public final class OxChannelReader {
    private final ChannelByteSource in;
    private final CmoLimits limits;

    public OxChannelReader(ChannelByteSource in, CmoLimits limits) {
        this.in = in;
        this.limits = limits;
    }

    /** Sets the negotiated byte order. */
    public void order(ByteOrder order) {
        in.order(order);
    }

    /** Reads the next message; with {@code skipData} an OX_DATA body is only measured and skipped. */
    public OxFrame read(boolean skipData) {
        in.startMessage(limits.maxMessageBytes());
        int tag = in.readInt();
        int serial = in.readInt();
        OxMessage message;
        if (tag == OxTag.OX_COMMAND.code()) {
            message = new OxCommand(serial, in.readInt());
        } else if (tag == OxTag.OX_DATA.code()) {
            if (skipData) {
                CmoScanner.skip(in, limits);
                message = null;
            } else {
                Cmo cmo = CmoReader.read(in, limits);
                message = new OxData(serial, cmo);
            }
        } else if (tag == OxTag.OX_SYNC_BALL.code()) {
            message = new OxSyncBall(serial);
        } else {
            throw new OxProtocolException("unsupported OX tag " + tag + " (0x" + Integer.toHexString(tag) + ")");
        }
        return new OxFrame(tag, serial, in.used(), message);
    }
}
