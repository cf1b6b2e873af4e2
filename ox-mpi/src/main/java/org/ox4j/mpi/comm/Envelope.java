package org.ox4j.mpi.comm;

/**
 * One MPI-level message between ranks: data or a control reply. See {@link PeerWire} for the wire form.
 *
 * @param kind     data or control
 * @param context  communicator context id (point-to-point and collective traffic use different contexts)
 * @param source   sending rank
 * @param tag      message tag (data) or the tag of the data message a control refers to
 * @param mode     send mode of the data message
 * @param sequence sender-assigned number, unique per (sender, destination) link; controls refer to it
 * @param payload  data payload ({@link Payload#NONE} for controls)
 */
public record Envelope(Kind kind, int context, int source, int tag, SendMode mode, int sequence, Payload payload) {
    /** Envelope kinds, with their wire codes. */
    public enum Kind {
        /** A data message. */
        DATA(1),
        /** Receiver to sender: the synchronous or ready message {@code sequence} was matched by a receive. */
        ACK(2),
        /** Receiver to sender: the ready message {@code sequence} found no posted receive and was dropped. */
        NACK(3),
        /**
         * A stream header: a body of raw bytes follows on the link (see {@link StreamedPayload}); the payload is
         * {@code long[] {payload kind code, byte length}}.
         */
        STREAM(4),
        /**
         * Any rank to the others: the link of rank {@code tag} broke at the sender, so that rank has failed (the
         * other fields are 0). Lets ranks whose own link to it is still busy or slow to notice fail at once.
         */
        FAILED(5),
        /**
         * A standard-mode data message whose array payload follows as a stream body (a large message, see
         * {@link PeerEndpoint}): the payload here is {@code long[] {payload kind code, byte length}}, and the
         * message matches receives like {@link #DATA}; a matched receive with a buffer gets the body straight
         * into it.
         */
        DATA_STREAM(6);

        private final int code;

        Kind(int code) {
            this.code = code;
        }

        public int code() {
            return code;
        }

        public static Kind fromCode(int code) {
            for (Kind k : values()) {
                if (k.code == code) {
                    return k;
                }
            }
            throw new CommException("unknown envelope kind: " + code + " (expected: 1..6)");
        }
    }

    /** The notice that {@code failedRank} has failed, from {@code source}. */
    static Envelope failureNotice(int source, int failedRank) {
        return new Envelope(Kind.FAILED, 0, source, failedRank, SendMode.STANDARD, 0, Payload.NONE);
    }

    /** A control envelope answering data message {@code sequence} that came from this rank's peer. */
    static Envelope control(Kind kind, int context, int source, int tag, int sequence) {
        return new Envelope(kind, context, source, tag, SendMode.STANDARD, sequence, Payload.NONE);
    }
}
