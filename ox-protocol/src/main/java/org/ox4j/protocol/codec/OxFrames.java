package org.ox4j.protocol.codec;

import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoException;
import org.ox4j.cmo.CmoLimitExceededException;
import org.ox4j.cmo.CmoTruncatedException;
import org.ox4j.cmo.io.ByteSink;
import org.ox4j.cmo.io.ByteSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxDataWithSize;
import org.ox4j.protocol.OxLocalObject;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.OxTag;
import org.ox4j.protocol.codec.OxDecoderException.Reason;

/**
 * The OX framing rules (tag, serial, body by tag) over the transport-neutral {@link ByteSource}/{@link ByteSink}.
 * {@link #read} decodes a frame known to be complete ({@link OxFrameScanner} finds where frames end),
 * {@link #write} encodes one.
 *
 * <p>Bodies (specs: wire-format.md, "Framing"): {@code OX_COMMAND} one int32; {@code OX_DATA} one CMO;
 * {@code OX_SYNC_BALL} nothing; {@code OX_DATA_WITH_SIZE} int32 size, CMO, int32 {@code CMO_START_SIGNATURE},
 * int32 length, that many bytes. Every other tag, local objects included, has a body whose end cannot be found,
 * so it is reported as an {@link OxDecoderException}.
 */
public final class OxFrames {
    /** Bytes of tag and serial. */
    public static final int HEADER_BYTES = 8;

    /** First tag of the system-private local object range ({@code OX_LOCAL_OBJECT}). */
    public static final int LOCAL_OBJECT_BASE = 0x7fcdef30;

    /** Width of the local object tag range. */
    public static final int LOCAL_OBJECT_RANGE = 0x200000;

    private static final int COMMAND = OxTag.OX_COMMAND.code();
    private static final int DATA = OxTag.OX_DATA.code();
    private static final int SYNC_BALL = OxTag.OX_SYNC_BALL.code();
    private static final int DATA_WITH_SIZE = OxTag.OX_DATA_WITH_SIZE.code();

    private OxFrames() {
    }

    /**
     * Decodes one frame. Call it only on a complete frame; a frame that is cut short is reported as
     * {@link Reason#TRUNCATED}.
     */
    public static OxMessage read(ByteSource in, CmoLimits limits) {
        if (in.remaining() < HEADER_BYTES) {
            throw OxDecoderException.withoutHeader(Reason.TRUNCATED, "OX header: " + in.remaining()
                    + " bytes (expected: " + HEADER_BYTES + ")");
        }
        int tag = in.readInt();
        int serial = in.readInt();
        try {
            if (tag == COMMAND) {
                return new OxCommand(serial, in.readInt());
            }
            if (tag == DATA) {
                return new OxData(serial, CmoReader.read(in, limits));
            }
            if (tag == SYNC_BALL) {
                return new OxSyncBall(serial);
            }
            if (tag == DATA_WITH_SIZE) {
                int size = in.readInt();
                Cmo cmo = CmoReader.read(in, limits);
                int len = readSignatureLength(in, limits, tag, serial);
                if (len > in.remaining()) {
                    throw new CmoTruncatedException("OX_DATA_WITH_SIZE tail: needs " + len + " bytes");
                }
                byte[] tail = new byte[len];
                in.readBytes(tail, 0, len);
                return new OxDataWithSize(serial, size, cmo, tail);
            }
        } catch (CmoTruncatedException e) {
            throw OxDecoderException.inFrame(Reason.TRUNCATED, tag, serial, "input ended inside the frame", e);
        } catch (CmoException e) {
            throw cmoFailure(tag, serial, e);
        }
        throw unsupportedTag(tag, serial);
    }

    /** Encodes {@code msg} (tag, serial, body) into {@code out} in the sink's byte order. */
    public static void write(OxMessage msg, ByteSink out) {
        out.writeInt(msg.tagCode());
        out.writeInt(msg.serial());
        if (msg instanceof OxCommand c) {
            out.writeInt(c.code());
        } else if (msg instanceof OxData d) {
            CmoWriter.write(d.cmo(), out);
        } else if (msg instanceof OxDataWithSize d) {
            out.writeInt(d.declaredSize());
            CmoWriter.write(d.cmo(), out);
            out.writeInt(OxDataWithSize.START_SIGNATURE);
            byte[] tail = d.signature();
            out.writeInt(tail.length);
            out.writeBytes(tail, 0, tail.length);
        } else if (msg instanceof OxLocalObject l) {
            byte[] body = l.body();
            out.writeBytes(body, 0, body.length);
        }
        // OxSyncBall: header only.
    }

    /** True for tags of the system-private local object range. */
    public static boolean isLocalObjectTag(int tag) {
        return tag >= LOCAL_OBJECT_BASE && tag - LOCAL_OBJECT_BASE < LOCAL_OBJECT_RANGE;
    }

    private static int readSignatureLength(ByteSource in, CmoLimits limits, int tag, int serial) {
        int signature = in.readInt();
        if (signature != OxDataWithSize.START_SIGNATURE) {
            throw OxDecoderException.inFrame(Reason.MALFORMED_FRAME, tag, serial, "OX_DATA_WITH_SIZE signature: 0x"
                    + Integer.toHexString(signature) + " (expected: 0x"
                    + Integer.toHexString(OxDataWithSize.START_SIGNATURE) + ")", null);
        }
        int len = in.readInt();
        if (len < 0) {
            throw OxDecoderException.inFrame(Reason.MALFORMED_FRAME, tag, serial, "OX_DATA_WITH_SIZE tail length: "
                    + len + " (expected: >= 0)", null);
        }
        if (len > limits.maxStringBytes()) {
            throw OxDecoderException.inFrame(Reason.LIMIT_EXCEEDED, tag, serial, "OX_DATA_WITH_SIZE tail length: "
                    + len + " (expected: <= " + limits.maxStringBytes() + ")", null);
        }
        return len;
    }

    private static OxDecoderException unsupportedTag(int tag, int serial) {
        if (isLocalObjectTag(tag)) {
            return OxDecoderException.inFrame(Reason.LOCAL_OBJECT, tag, serial, "local object 0x"
                    + Integer.toHexString(tag) + " cannot be delimited (not supported)", null);
        }
        return OxDecoderException.inFrame(Reason.UNKNOWN_TAG, tag, serial, "unknown OX tag: " + tag + " (0x"
                + Integer.toHexString(tag) + ")", null);
    }

    private static OxDecoderException cmoFailure(int tag, int serial, CmoException e) {
        Reason reason = e instanceof CmoLimitExceededException ? Reason.LIMIT_EXCEEDED : Reason.UNDECODABLE_CMO;
        return OxDecoderException.inFrame(reason, tag, serial, "undecodable body: " + e.getMessage(), e);
    }
}
