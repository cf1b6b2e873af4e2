package org.ox4j.mpi.comm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class InStreamTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    /** Pieces of 96 bytes, byte k of the stream being (byte) k, each in a buffer of the pool as a link reader has it. */
    private static void offerPieces(InStream s, ChunkPool pool, int pieces, int from) {
        for (int p = 0; p < pieces; p++) {
            ByteBuffer b = pool.acquire();
            for (int k = 0; k < 96; k++) {
                b.put((byte) (from + p * 96 + k));
            }
            b.flip();
            s.offer(b);
        }
    }

    @Test
    void piecesThatComeBeforeTheReceiverArePackedAndHandedOverInOrder() {
        ChunkPool pool = new ChunkPool(1024);
        InStream s = new InStream(1, 7, Payload.Kind.BYTES, 25 * 96, pool);
        offerPieces(s, pool, 10, 0);
        // ten pieces of 96 bytes fit one 1024-byte buffer: one buffer queued, not ten
        assertThat(s.queuedBuffers()).isEqualTo(1);
        offerPieces(s, pool, 1, 960);
        assertThat(s.queuedBuffers()).isEqualTo(2);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        s.start(chunk -> {
            byte[] a = new byte[chunk.remaining()];
            chunk.get(a);
            got.write(a, 0, a.length);
            s.release(chunk);
        });
        offerPieces(s, pool, 14, 11 * 96);
        s.end();
        s.await(WAIT);
        byte[] all = got.toByteArray();
        assertThat(all).hasSize(25 * 96);
        for (int k = 0; k < all.length; k++) {
            assertThat(all[k]).as("byte %d", k).isEqualTo((byte) k);
        }
    }

    @Test
    void aPullingReceiverTakesPackedPieces() {
        ChunkPool pool = new ChunkPool(1024);
        InStream s = new InStream(1, 7, Payload.Kind.BYTES, 12 * 96, pool);
        offerPieces(s, pool, 12, 0);
        s.end();
        ByteBuffer first = s.take(WAIT);
        assertThat(first.remaining()).isEqualTo(10 * 96);
        ByteBuffer second = s.take(WAIT);
        assertThat(second.remaining()).isEqualTo(2 * 96);
        assertThat(second.get(0)).isEqualTo((byte) (10 * 96));
        assertThat(s.take(WAIT)).isNull();
    }

    @Test
    void aDirectReceiveBufferTakesTheBodyOnlyBeforeAnyByteCame() {
        ChunkPool pool = new ChunkPool(1024);
        InStream fresh = new InStream(1, 7, Payload.Kind.BYTES, 96, pool);
        ByteBuffer target = ByteBuffer.allocateDirect(96);
        assertThat(fresh.startInto(ByteBuffer.allocateDirect(95))).isFalse();
        assertThat(fresh.startInto(ByteBuffer.allocate(96))).isFalse();
        assertThat(fresh.startInto(target)).isTrue();
        ByteBuffer into = fresh.target();
        for (int k = 0; k < 96; k++) {
            into.put((byte) k);
        }
        fresh.arrivedInPlace(96);
        fresh.end();
        assertThat(fresh.settled()).isCompleted();
        assertThat(target.get(95)).isEqualTo((byte) 95);

        InStream started = new InStream(1, 7, Payload.Kind.BYTES, 2 * 96, pool);
        offerPieces(started, pool, 1, 0);
        assertThat(started.startInto(ByteBuffer.allocateDirect(2 * 96))).isFalse();
        assertThat(started.target()).isNull();

        // a body that stops short fails the stream as with chunks
        InStream cut = new InStream(1, 7, Payload.Kind.BYTES, 96, pool);
        assertThat(cut.startInto(ByteBuffer.allocateDirect(96))).isTrue();
        cut.arrivedInPlace(40);
        cut.end();
        assertThat(cut.settled()).isCompletedExceptionally();
    }
}
