package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * When a link re-arms TCP quick ACKs: after every read until the peer shows it is an ox4j member (it may be an Asir
 * member writing with Nagle's algorithm on), then only for the reads of a large transfer.
 */
class QuickAcksTest {
    @Test
    void everyReadUntilThePeerIsKnownThenOnlyLargeReads() {
        AtomicInteger rearmed = new AtomicInteger();
        PeerLink.QuickAcks acks = new PeerLink.QuickAcks(rearmed::incrementAndGet);
        acks.accept(12);
        acks.accept(100);
        assertThat(rearmed).as("a peer not yet known: every read").hasValue(2);

        acks.peerIsOx4j();
        acks.accept(12);
        acks.accept(PeerLink.QuickAcks.LARGE_READ_BYTES - 1);
        assertThat(rearmed).as("an ox4j peer's small messages: none").hasValue(2);
        acks.accept(PeerLink.QuickAcks.LARGE_READ_BYTES);
        acks.accept(64 * 1024);
        assertThat(rearmed).as("a large transfer: every read").hasValue(4);
    }
}
