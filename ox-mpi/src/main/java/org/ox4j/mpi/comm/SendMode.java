package org.ox4j.mpi.comm;

/** The four MPI send modes. The mode is a property of the sender only; there is one receive for all. */
public enum SendMode {
    /** Eager: completes once the message is handed to the link (the transport buffers without bound). */
    STANDARD(0),
    /** Local: copies into the attached buffer (capacity accounted) and completes at once. */
    BUFFERED(1),
    /** Completes only after the receiver has matched the message with a receive (ACK round trip). */
    SYNCHRONOUS(2),
    /** Erroneous unless the receive is already posted; the receiver checks and reports back (ACK/NACK). */
    READY(3);

    private final int code;

    SendMode(int code) {
        this.code = code;
    }

    /** Code used in the envelope. */
    public int code() {
        return code;
    }

    /** The mode with this envelope code. */
    public static SendMode fromCode(int code) {
        SendMode m = ofCode(code);
        if (m == null) {
            throw new CommException("unknown send mode: " + code + " (expected: 0..3)");
        }
        return m;
    }

    /** The mode with this envelope code, or null if there is none. */
    static SendMode ofCode(int code) {
        for (SendMode m : values()) {
            if (m.code == code) {
                return m;
            }
        }
        return null;
    }
}
