package org.ox4j.protocol.blocking;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import org.ox4j.cmo.BufferFiller;
import org.ox4j.cmo.io.ByteSink;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxTag;
import org.ox4j.protocol.codec.OxFrames;

/**
 * Writes whole OX messages to a blocking channel. A message is encoded straight into one reusable buffer, which is
 * written whenever it fills, so a big object goes out in buffer-sized chunks and never exists as one intermediate
 * array; byte runs longer than the buffer (bignum words, strings) are written from where they are. Thread-safe:
 * a message is written under a lock, so messages from different threads are never interleaved. A failed write
 * throws {@link UncheckedIOException}; the connection is unusable after that.
 *
 * <p>A channel in non-blocking mode works as well when a {@code whenFull} hook is given: it runs whenever the socket
 * took nothing and waits until the channel is writable again (a selector).
 */
public final class OxMessageWriter {
    /** Default buffer size. */
    public static final int DEFAULT_BUFFER_SIZE = 64 * 1024;
    /**
     * The smallest filled datum written from where its bytes lie ({@link BufferFiller#inPlaceTail}); below it a copy
     * into the buffer costs less than the gathering write's second piece (an eighth of the buffer: a small message
     * stays one plain write).
     */
    static final int IN_PLACE_MIN_BYTES = DEFAULT_BUFFER_SIZE / 8;

    private final WritableByteChannel channel;
    private final ChannelSink sink;
    private final Runnable whenFull;

    public OxMessageWriter(WritableByteChannel channel) {
        this(channel, DEFAULT_BUFFER_SIZE);
    }

    /** @param bufferSize bytes encoded before the buffer is written (at least 64) */
    public OxMessageWriter(WritableByteChannel channel, int bufferSize) {
        // a blocking channel takes at least one byte per write
        this(channel, bufferSize, () -> { });
    }

    /**
     * @param whenFull run when a write of a non-blocking channel took nothing: waits until it is writable (or
     *     closed) and returns
     */
    public OxMessageWriter(WritableByteChannel channel, int bufferSize, Runnable whenFull) {
        if (bufferSize < 64) {
            throw new IllegalArgumentException("bufferSize: " + bufferSize + " (expected: >= 64)");
        }
        this.channel = channel;
        this.whenFull = whenFull;
        this.sink = new ChannelSink(ByteBuffer.allocateDirect(bufferSize));
    }

    /** Sets the negotiated byte order (for messages sent from now on). */
    public synchronized void order(ByteOrder order) {
        sink.buf.order(order);
    }

    /** The byte order messages are encoded in. */
    public synchronized ByteOrder order() {
        return sink.buf.order();
    }

    /** Encodes and writes one message (tag, serial, body). */
    public synchronized void send(OxMessage m) {
        OxFrames.write(m, sink);
        sink.flush();
    }

    /**
     * Writes an OX_DATA message around a CMO already encoded in {@link #order()} (a broadcast encodes its object
     * once and frames it for every destination).
     */
    public synchronized void sendEncodedData(int serial, byte[] cmoBytes) {
        sink.writeInt(OxTag.OX_DATA.code());
        sink.writeInt(serial);
        sink.writeBytes(cmoBytes, 0, cmoBytes.length);
        sink.flush();
    }

    /**
     * Starts a frame of a private tag whose body is an int32 length followed by that many raw bytes, which the
     * caller then writes with {@link #writeBody}. The caller must write exactly {@code length} bytes before any
     * other message on this writer (one writer thread per connection guarantees it).
     */
    public synchronized void startRawFrame(int tag, int serial, int length) {
        sink.writeInt(tag);
        sink.writeInt(serial);
        sink.writeInt(length);
    }

    /** Writes the remaining bytes of {@code b} (a direct buffer goes to the socket without a JVM copy). */
    public synchronized void writeBody(ByteBuffer b) {
        sink.flush();
        sink.writeFully(b);
    }

    /** Writes raw bytes (handshake byte, password). */
    public synchronized void writeRaw(byte[] bytes) {
        sink.flush();
        sink.writeFully(ByteBuffer.wrap(bytes));
    }

    /** A {@link ByteSink} that writes its buffer to the channel whenever it fills. */
    private final class ChannelSink implements ByteSink {
        private final ByteBuffer buf;

        ChannelSink(ByteBuffer buf) {
            this.buf = buf;
            buf.order(ByteOrder.BIG_ENDIAN);
        }

        @Override
        public ByteOrder order() {
            return buf.order();
        }

        @Override
        public void writeInt(int v) {
            room(4);
            buf.putInt(v);
        }

        @Override
        public void writeLong(long v) {
            room(8);
            buf.putLong(v);
        }

        @Override
        public void writeBytes(byte[] src, int off, int len) {
            if (len <= buf.remaining()) {
                buf.put(src, off, len);
                return;
            }
            if (len >= buf.capacity()) {
                writeWithBuffered(ByteBuffer.wrap(src, off, len));
                return;
            }
            int first = buf.remaining();
            buf.put(src, off, first);
            flush();
            buf.put(src, off + first, len - first);
        }

        /**
         * The filler puts the bytes straight into this sink's (direct) buffer, a buffer's room at a time: one copy
         * on the way to the socket, where an array of bytes made first costs its zeroing and a copy more (and, at
         * the buffer's size or more, a third into the JDK's temporary direct buffer). A datum of at least {@link
         * #IN_PLACE_MIN_BYTES} whose filler has its tail in memory already ({@link BufferFiller#inPlaceTail}: an
         * array in direct memory) goes out with no copy at all: the bytes before the tail through the buffer, then
         * buffer and tail in one gathering write.
         */
        @Override
        public void writeFilled(int length, BufferFiller filler) {
            ByteBuffer tail = length >= IN_PLACE_MIN_BYTES ? filler.inPlaceTail() : null;
            int made = tail == null ? length : length - tail.remaining();
            for (int done = 0; done < made; ) {
                if (!buf.hasRemaining()) {
                    flush();
                }
                int n = Math.min(buf.remaining(), made - done);
                filler.fillWhole(buf.slice(buf.position(), n), done);
                buf.position(buf.position() + n);
                done += n;
            }
            if (tail != null) {
                // what is buffered (the frame's head, the datum's first bytes) goes out with the tail in one
                // gathering write; the tail's own position is left alone
                writeWithBuffered(tail.duplicate());
            }
        }

        private void room(int n) {
            if (buf.remaining() < n) {
                flush();
            }
        }

        void flush() {
            buf.flip();
            try {
                writeFully(buf);
            } finally {
                buf.clear();
            }
        }

        /** Writes what is buffered and then {@code body} ({@link #writeFully}: in one gathering write). */
        void writeWithBuffered(ByteBuffer body) {
            buf.flip();
            try {
                writeFully(buf, body);
            } finally {
                buf.clear();
            }
        }

        /**
         * Writes all of {@code parts} in order, in gathering writes where the channel takes them: a message's head
         * (tag, serial, the CMO's first words) then goes out with its body, not as a packet of its own that wakes the
         * peer for 16 bytes (the peer then reads twice and may sleep between).
         */
        void writeFully(ByteBuffer... parts) {
            ByteBuffer last = parts[parts.length - 1];
            try {
                while (last.hasRemaining()) {
                    long n = parts.length > 1 && channel instanceof GatheringByteChannel gathering
                            ? gathering.write(parts) : channel.write(firstWithRemaining(parts));
                    if (n == 0) {
                        whenFull.run();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static ByteBuffer firstWithRemaining(ByteBuffer[] parts) {
            for (ByteBuffer p : parts) {
                if (p.hasRemaining()) {
                    return p;
                }
            }
            return parts[parts.length - 1];
        }
    }
}
