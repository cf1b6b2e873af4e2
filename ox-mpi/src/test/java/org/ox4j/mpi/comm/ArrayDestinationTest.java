package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link ArrayDestination}: the elements of an array message handed over in pieces, some copied from the link's
 * bytes, some read by the link straight into a receive buffer in direct memory.
 */
class ArrayDestinationTest {
    private static ByteBuffer wire(long... values) {
        ByteBuffer b = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return b.flip();
    }

    @Test
    void aDirectBufferTakesPiecesCopiedAndPiecesReadIntoItsOwnRoom() {
        long[] values = {1, -2, 3, Long.MIN_VALUE, 5, 6, 7, Long.MAX_VALUE, 9, 10};
        ByteBuffer bytes = wire(values);
        Payload buffer = Payload.direct(Payload.Kind.LONGS, values.length);
        AtomicReference<Payload> done = new AtomicReference<>();
        ArrayDestination into = new ArrayDestination(StreamedPayload.assemblerInto(Payload.Kind.LONGS,
                bytes.remaining(), buffer), done::set, e -> { });
        // 12 bytes through the link's own buffer (a piece may end inside an element), then the rest in two reads
        into.accept(bytes.slice(0, 12));
        ByteBuffer room = into.directRoom(20);
        assertThat(room.remaining()).isEqualTo(20);
        room.put(bytes.slice(12, 20));
        into.filledInPlace(20);
        room = into.directRoom(Long.MAX_VALUE);
        assertThat(room.remaining()).as("never past the message's end").isEqualTo(48);
        room.put(bytes.slice(32, 48));
        into.filledInPlace(48);
        assertThat(into.directRoom(8)).as("nothing left").isNull();
        into.complete();
        assertThat(done.get()).isSameAs(buffer);
        assertThat(buffer.onHeap().longs()).containsExactly(values);
    }

    @Test
    void aJavaArrayHasNoRoomToReadInto() {
        ArrayDestination into = new ArrayDestination(StreamedPayload.assemblerInto(Payload.Kind.LONGS, 16,
                Payload.ofLongs(new long[2])), p -> { }, e -> { });
        assertThat(into.directRoom(16)).isNull();
        ArrayDestination fresh = new ArrayDestination(StreamedPayload.assembler(Payload.Kind.LONGS, 16), p -> { },
                e -> { });
        assertThat(fresh.directRoom(16)).isNull();
    }

    @Test
    void moreBytesReadInPlaceThanTheMessageHoldsAreRefused() {
        ArrayDestination into = new ArrayDestination(StreamedPayload.assemblerInto(Payload.Kind.LONGS, 16,
                Payload.direct(Payload.Kind.LONGS, 2)), p -> { }, e -> { });
        into.filledInPlace(8);
        assertThatThrownBy(() -> into.filledInPlace(9)).isInstanceOf(CommException.class)
                .hasMessageContaining("longer than its announced 16 bytes");
    }
}
