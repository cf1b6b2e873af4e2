package org.ox4j.protocol.blocking;

import java.nio.ByteOrder;
import org.ox4j.cmo.CmoDepthExceededException;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoScanner;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.OxTag;
import org.ox4j.protocol.codec.OxFrames;

/**
 * Reads OX messages (OX_COMMAND, OX_DATA, OX_SYNC_BALL) from a {@link ChannelByteSource}, one at a time, each
 * charged to {@link CmoLimits#maxMessageBytes()}. A malformed or oversized CMO fails with a
 * {@link org.ox4j.cmo.CmoException}; local objects always, and unknown tags under {@link UnknownTags#REJECT}, fail
 * with {@link UnknownOxTagException}: the stream cannot be framed any further in either case. Not thread-safe:
 * one reader thread per connection.
 */
public final class OxMessageReader {
    /** What to do with a tag other than OX_COMMAND, OX_DATA, OX_SYNC_BALL and the local objects. */
    public enum UnknownTags {
        /** Fail with {@link UnknownOxTagException} (sessions: nothing else is sent by a master). */
        REJECT,
        /** Return a frame without a message and read no body, as ox_asir does (RFC-102 links). */
        HEADER_ONLY
    }

    private final ChannelByteSource in;
    private final CmoLimits limits;
    private final UnknownTags unknownTags;
    /** Whether a CMO_RECURSIVE_POLYNOMIAL, and whether a large CMO_LIST, is kept in its bytes. */
    private final boolean keepPolynomials;
    private final boolean keepLists;

    public OxMessageReader(ChannelByteSource in, CmoLimits limits) {
        this(in, limits, UnknownTags.REJECT);
    }

    public OxMessageReader(ChannelByteSource in, CmoLimits limits, UnknownTags unknownTags) {
        this(in, limits, unknownTags, false, false);
    }

    private OxMessageReader(ChannelByteSource in, CmoLimits limits, UnknownTags unknownTags,
            boolean keepPolynomials, boolean keepLists) {
        this.in = in;
        this.limits = limits;
        this.unknownTags = unknownTags;
        this.keepPolynomials = keepPolynomials;
        this.keepLists = keepLists;
    }

    /**
     * A reader like this one that keeps a received CMO_RECURSIVE_POLYNOMIAL or large CMO_LIST in the bytes it
     * arrived in ({@link CmoReader#readKeepingEncoding}): a session that pushes it and is asked for it back copies
     * bytes.
     */
    public OxMessageReader keepingEncoded() {
        return new OxMessageReader(in, limits, unknownTags, true, true);
    }

    /**
     * A reader like this one that keeps a received CMO_RECURSIVE_POLYNOMIAL in its bytes, but decodes every list
     * at once (RFC-102 links: the messaging layer's envelopes are lists that are opened as soon as they arrive).
     */
    public OxMessageReader keepingPolynomials() {
        return new OxMessageReader(in, limits, unknownTags, true, false);
    }

    /** Sets the negotiated byte order. */
    public void order(ByteOrder order) {
        in.order(order);
    }

    /** The source read from. */
    public ChannelByteSource source() {
        return in;
    }

    /** Reads the next message. */
    public OxFrame read() {
        return read(false);
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
                try {
                    message = new OxData(serial, (keepPolynomials || keepLists) && mayKeep(in.peekInt())
                            ? CmoReader.readKeepingEncoding(in, limits) : CmoReader.read(in, limits));
                } catch (CmoDepthExceededException e) {
                    throw new OxDataRejectedException(serial, e);
                }
            }
        } else if (tag == OxTag.OX_SYNC_BALL.code()) {
            message = new OxSyncBall(serial);
        } else if (OxFrames.isLocalObjectTag(tag)) {
            throw new UnknownOxTagException(tag, serial, "local object");
        } else if (unknownTags == UnknownTags.HEADER_ONLY) {
            message = null;
        } else {
            throw new UnknownOxTagException(tag, serial, "unsupported OX tag");
        }
        return new OxFrame(tag, serial, in.used(), message);
    }

    private boolean mayKeep(int cmoTag) {
        return keepPolynomials && cmoTag == CmoType.RECURSIVE_POLYNOMIAL.code()
                || keepLists && cmoTag == CmoType.LIST.code();
    }
}
