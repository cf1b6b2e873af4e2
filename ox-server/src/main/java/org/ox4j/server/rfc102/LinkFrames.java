package org.ox4j.server.rfc102;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.io.ByteSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.cmo.io.GrowableByteSink;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxProtocolException;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.OxTag;

/**
 * OX messages as they travel on an RFC-102 link: {@code [tag, serial, body]} in the link's byte order. The body
 * is a CMO for OX_DATA, one int32 for OX_COMMAND and nothing for OX_SYNC_BALL. ox_asir reads no body for any
 * other tag; ox4j does the same, except for Asir's local objects, whose length it cannot know, so such a message
 * ends the link.
 */
public final class LinkFrames {
    private LinkFrames() {
    }

    /** The encoding of a CMO alone, to be framed once per destination by {@link #dataFrame}. */
    public static byte[] encodeCmo(Cmo cmo, ByteOrder order) {
        return CmoWriter.toBytes(cmo, order);
    }

    /** An OX_DATA frame around an already encoded CMO. */
    public static ByteBuffer dataFrame(int serial, byte[] cmoBytes, ByteOrder order) {
        ByteBuffer b = ByteBuffer.allocate(8 + cmoBytes.length).order(order);
        b.putInt(OxTag.OX_DATA.code()).putInt(serial).put(cmoBytes);
        return b.flip();
    }

    /** The complete encoding of one message (OX_DATA, OX_COMMAND or OX_SYNC_BALL). */
    public static ByteBuffer encode(OxMessage message, ByteOrder order) {
        if (message instanceof OxData d) {
            return dataFrame(d.serial(), encodeCmo(d.cmo(), order), order);
        }
        GrowableByteSink sink = new GrowableByteSink(order);
        sink.writeInt(message.tagCode());
        sink.writeInt(message.serial());
        if (message instanceof OxCommand c) {
            sink.writeInt(c.code());
        } else if (!(message instanceof OxSyncBall)) {
            throw new IllegalArgumentException("message kind not sent on RFC-102 links: " + message.getClass());
        }
        return ByteBuffer.wrap(sink.toByteArray());
    }

    /**
     * Reads one message. Unknown tags carry no body (as in ox_asir) and come back as {@link Inbound.Unknown};
     * Asir local objects are refused.
     */
    public static Inbound read(ByteSource in, CmoLimits limits) {
        int tag = in.readInt();
        int serial = in.readInt();
        if (tag == OxTag.OX_DATA.code()) {
            return new Inbound.Message(new OxData(serial, CmoReader.read(in, limits)));
        }
        if (tag == OxTag.OX_COMMAND.code()) {
            return new Inbound.Message(new OxCommand(serial, in.readInt()));
        }
        if (tag == OxTag.OX_SYNC_BALL.code()) {
            return new Inbound.Message(new OxSyncBall(serial));
        }
        if (tag == OxTag.OX_LOCAL_OBJECT_ASIR.code() || tag == OxTag.OX_LOCAL_OBJECT_SM1.code()) {
            throw new OxProtocolException("local object on an RFC-102 link: tag 0x" + Integer.toHexString(tag)
                    + " (expected: OX_DATA, OX_COMMAND or OX_SYNC_BALL)");
        }
        return new Inbound.Unknown(tag, serial);
    }
}
