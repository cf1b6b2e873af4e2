package org.ox4j.server.rfc102;

import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoNull;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;

/** What a link's reader hands to its FIFO: a message, a message with an unknown tag, or the end of the link. */
sealed interface Inbound {

    /** A complete OX message. */
    record Message(OxMessage message) implements Inbound {
    }

    /** A message whose tag ox_asir would read no body for (its value is 0). */
    record Unknown(int tag, int serial) implements Inbound {
    }

    /** The link is gone; {@code cause} says why. Stays at the head of the FIFO once reached. */
    record Closed(Throwable cause) implements Inbound {
    }

    /** Whether this is an OX_SYNC_BALL (the reset drain stops at it). */
    default boolean isSyncBall() {
        return this instanceof Message m && m.message() instanceof OxSyncBall;
    }

    /**
     * The value {@code ox_recv_102} returns for this message, as ox_asir computes it: the CMO of OX_DATA, the code
     * of OX_COMMAND as INT32, 0 for anything else.
     */
    default Cmo value() {
        if (this instanceof Message m) {
            OxMessage msg = m.message();
            if (msg instanceof OxData d) {
                return d.cmo();
            }
            if (msg instanceof OxCommand c) {
                return new CmoInt32(c.code());
            }
        }
        return CmoNull.INSTANCE;
    }
}
