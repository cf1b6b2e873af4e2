package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.mpi.coll.Blocks;

/**
 * Which values and envelopes count as small (written by the sending thread itself): the judgement must never call
 * a value small that encodes to more than the bound, and must stay cheap and flat however the value is built.
 */
class CmoSizesTest {
    private static Cmo envelope(Payload p) {
        return PeerWire.encode(new Envelope(Envelope.Kind.DATA, 0, 0, 7, SendMode.STANDARD, 1, p));
    }

    private static long payloadBytes(Cmo envelope) {
        return CmoSizes.encodedLength(((CmoList) envelope).get(((CmoList) envelope).size() - 1));
    }

    @Test
    void packedBlocksOfSmallArraysAreSmallAndTheBoundHolds() {
        List<Payload> blocks = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            blocks.add(Payload.ofLongs(new long[] {i, 2L * i}));
        }
        Cmo e = envelope(Blocks.pack(blocks));
        long actual = payloadBytes(e);
        assertThat(PeerWire.payloadAtMost(e, 16 * 1024)).isTrue();
        assertThat(PeerWire.payloadAtMost(e, (int) actual)).as("exactly its size").isTrue();
        assertThat(PeerWire.payloadAtMost(e, (int) actual - 1)).as("one byte less").isFalse();
    }

    @Test
    void aListWithALargeDatumOrTooManyValuesIsLarge() {
        Cmo big = envelope(Blocks.pack(List.of(Payload.ofBytes(new byte[300 * 1024]))));
        assertThat(PeerWire.payloadAtMost(big, 256 * 1024)).isFalse();
        Cmo many = envelope(Payload.of(new CmoList(Collections.nCopies(5000, new CmoInt32(1)))));
        assertThat(PeerWire.payloadAtMost(many, 1 << 30)).as("more values than it looks at").isFalse();
    }

    @Test
    void valuesOfUnknownSizeAreLarge() {
        Cmo e = envelope(Payload.of(CmoList.of(CmoString.of("x"), new CmoIndeterminate(CmoString.of("y")))));
        assertThat(PeerWire.payloadAtMost(e, 1 << 20)).isFalse();
    }

    @Test
    void aDatumWhoseBytesAreNotMadeYetIsLarge() {
        CmoDatum deferred = CmoDatum.deferred("source", x -> new byte[4]);
        assertThat(CmoSizes.atMost(deferred, 1 << 20)).isFalse();
        assertThat(CmoSizes.atMost(CmoDatum.of(new byte[4]), 12)).isTrue();
        assertThat(CmoSizes.atMost(CmoDatum.of(new byte[4]), 11)).isFalse();
    }

    @Test
    void deepNestingIsJudgedWithoutRecursion() {
        Cmo nested = new CmoInt32(0);
        for (int i = 0; i < 200_000; i++) {
            nested = CmoList.of(nested);
        }
        assertThat(PeerWire.payloadAtMost(envelope(Payload.of(nested)), 1 << 30)).isFalse();
    }
}
