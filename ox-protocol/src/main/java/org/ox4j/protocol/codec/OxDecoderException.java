package org.ox4j.protocol.codec;

import java.util.OptionalInt;
import org.ox4j.protocol.OxProtocolException;

/**
 * Bytes that cannot be decoded as OX messages. OX frames carry no length, so after this nothing on the connection
 * can be trusted: {@link OxMessageDecoder} fires it through {@code exceptionCaught}, discards further input and
 * closes the channel. Carries the OX tag and serial number when they were read, so the handler above can log them.
 */
public final class OxDecoderException extends OxProtocolException {
    /** Why decoding stopped. */
    public enum Reason {
        /** An OX tag ox4j does not implement (its body length is unknown). */
        UNKNOWN_TAG,
        /** A system-private local object (e.g. {@code OX_LOCAL_OBJECT_ASIR}); its body is not self-delimiting. */
        LOCAL_OBJECT,
        /** The CMO inside the frame is malformed or uses an unknown CMO tag. */
        UNDECODABLE_CMO,
        /** A configured CMO limit (depth, count, string bytes, bignum words) would be exceeded. */
        LIMIT_EXCEEDED,
        /** The frame (or the bytes buffered for an unfinished frame) is larger than {@code maxMessageBytes}. */
        MESSAGE_TOO_LARGE,
        /** The frame's own structure is wrong (e.g. a bad signature in {@code OX_DATA_WITH_SIZE}). */
        MALFORMED_FRAME,
        /** The connection ended inside a frame. */
        TRUNCATED
    }

    private static final int ABSENT = Integer.MIN_VALUE;
    private static final long serialVersionUID = 1L;

    private final Reason reason;
    private final boolean hasTag;
    private final int tag;
    private final boolean hasSerial;
    private final int serial;

    private OxDecoderException(Reason reason, String message, boolean hasTag, int tag, boolean hasSerial, int serial,
            Throwable cause) {
        super(message, cause);
        this.reason = reason;
        this.hasTag = hasTag;
        this.tag = tag;
        this.hasSerial = hasSerial;
        this.serial = serial;
    }

    /** A failure before the OX header was complete. */
    public static OxDecoderException withoutHeader(Reason reason, String message) {
        return new OxDecoderException(reason, message, false, ABSENT, false, ABSENT, null);
    }

    /** A failure in the frame with this tag and serial. */
    public static OxDecoderException inFrame(Reason reason, int tag, int serial, String message, Throwable cause) {
        return new OxDecoderException(reason, message + " (OX tag " + tag + ", serial " + Integer.toUnsignedString(serial)
                + ")", true, tag, true, serial, cause);
    }

    /** Why decoding stopped. */
    public Reason reason() {
        return reason;
    }

    /** The OX tag of the failed frame, if it was read. */
    public OptionalInt tagCode() {
        return hasTag ? OptionalInt.of(tag) : OptionalInt.empty();
    }

    /** The serial number of the failed frame, if it was read (for the error object of a reply). */
    public OptionalInt serial() {
        return hasSerial ? OptionalInt.of(serial) : OptionalInt.empty();
    }
}
