package org.ox4j.protocol.blocking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;

/**
 * The reader and writer over channels in non-blocking mode: a message far bigger than the pipe's buffer goes
 * through whole, the writer waiting for room and the reader for bytes through their hooks (selectors here), and
 * {@link ChannelByteSource#hasInput()} tells without waiting whether anything has arrived.
 */
@Timeout(30)
class NonBlockingChannelsTest {
    /** Waits on a selector until {@code ops} are ready (or a slice passed); counts its calls. */
    private static Runnable waitFor(Selector selector, AtomicInteger calls) {
        return () -> {
            calls.incrementAndGet();
            try {
                selector.select(100);
                selector.selectedKeys().clear();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    @Test
    void aBigMessageCrossesNonBlockingChannelsThroughTheWaitingHooks() throws Exception {
        Pipe pipe = Pipe.open();
        try (Selector readable = Selector.open(); Selector writable = Selector.open()) {
            pipe.source().configureBlocking(false);
            pipe.sink().configureBlocking(false);
            pipe.source().register(readable, SelectionKey.OP_READ);
            pipe.sink().register(writable, SelectionKey.OP_WRITE);
            AtomicInteger emptyWaits = new AtomicInteger();
            AtomicInteger fullWaits = new AtomicInteger();
            ChannelByteSource in = new ChannelByteSource(pipe.source(), ChannelByteSource.DEFAULT_BUFFER_SIZE,
                    () -> { }, waitFor(readable, emptyWaits));
            OxMessageWriter out = new OxMessageWriter(pipe.sink(), OxMessageWriter.DEFAULT_BUFFER_SIZE,
                    waitFor(writable, fullWaits));
            in.order(ByteOrder.BIG_ENDIAN);
            OxMessageReader reader = new OxMessageReader(in, CmoLimits.DEFAULT);

            assertThat(in.hasInput()).isFalse();
            assertThat(in.buffered()).isFalse();

            String text = "x".repeat(3 << 20);
            CompletableFuture<Void> sent =
                    CompletableFuture.runAsync(() -> out.send(new OxData(9, CmoString.of(text))));
            OxMessage got = reader.read().message();
            sent.get(20, TimeUnit.SECONDS);

            assertThat(got).isEqualTo(new OxData(9, CmoString.of(text)));
            // 3 MiB through a pipe of far less: both ends had to wait for the other
            assertThat(fullWaits.get()).isPositive();
            assertThat(emptyWaits.get()).isPositive();
            assertThat(in.hasInput()).isFalse();

            out.send(new OxData(10, CmoString.of("next")));
            assertThat(in.hasInput()).isTrue();
            assertThat(in.buffered()).isTrue();
            assertThat(reader.read().message()).isEqualTo(new OxData(10, CmoString.of("next")));
        } finally {
            pipe.source().close();
            pipe.sink().close();
        }
    }

    /**
     * A look-ahead waits through the hook until the bytes asked for are buffered (the rest of them is written when
     * the reader first finds the channel empty), consumes none of them (the message then reads whole), and refuses
     * more than the buffer holds.
     */
    @Test
    void aLookAheadWaitsForTheBytesAskedForAndConsumesNone() throws Exception {
        Pipe pipe = Pipe.open();
        try (Selector readable = Selector.open()) {
            pipe.source().configureBlocking(false);
            pipe.source().register(readable, SelectionKey.OP_READ);
            ByteBuffer ints = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < 10; i++) {
                ints.putInt(i * 1000);
            }
            ints.flip();
            ByteBuffer rest = ints.slice(12, 28);
            AtomicInteger emptyWaits = new AtomicInteger();
            Runnable wait = waitFor(readable, emptyWaits);
            ChannelByteSource in = new ChannelByteSource(pipe.source(), 64, () -> { }, () -> {
                try {
                    while (rest.hasRemaining()) {
                        pipe.sink().write(rest);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                wait.run();
            });
            in.order(ByteOrder.LITTLE_ENDIAN);
            pipe.sink().write(ints.slice(0, 12));
            ByteBuffer w = in.lookAhead(36);
            assertThat(emptyWaits.get()).isPositive();
            assertThat(w.remaining()).isGreaterThanOrEqualTo(36);
            assertThat(w.getInt(w.position() + 32)).isEqualTo(8000);
            for (int i = 0; i < 10; i++) {
                assertThat(in.readInt()).isEqualTo(i * 1000);
            }
            assertThatThrownBy(() -> in.lookAhead(65)).isInstanceOf(IllegalArgumentException.class);
        } finally {
            pipe.source().close();
            pipe.sink().close();
        }
    }
}
