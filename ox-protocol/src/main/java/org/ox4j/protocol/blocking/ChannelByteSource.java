package org.ox4j.protocol.blocking;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;
import java.util.function.IntConsumer;
import org.ox4j.cmo.CmoLimitExceededException;
import org.ox4j.cmo.io.ByteSource;

/**
 * A {@link ByteSource} over a blocking channel, read through a small buffer. Every message read is charged to a
 * byte budget ({@link #startMessage(long)}); {@link #remaining()} reports what is left of it, so the CMO decoder
 * rejects an absurd length before allocating, and a message longer than the budget fails with
 * {@link CmoLimitExceededException}. End of stream surfaces as an {@link UncheckedIOException} wrapping
 * {@link EOFException}.
 *
 * <p>An optional hook runs after every read from the channel: TCP connections re-arm TCP_QUICKACK there
 * ({@link BlockingSocketTuning}), because Linux drops back to delayed ACKs after a while. Not thread-safe: one
 * reader at a time per connection.
 *
 * <p>The channel may also be in non-blocking mode: then a read that finds nothing runs the {@code whenEmpty} hook,
 * which waits until the channel is readable (a selector), and {@link #hasInput()} asks without waiting whether a
 * message has begun to arrive.
 */
public final class ChannelByteSource implements ByteSource {
    private final ReadableByteChannel channel;
    /** Default buffer size: big enough that bulk data arrives in few system calls. */
    public static final int DEFAULT_BUFFER_SIZE = 64 * 1024;

    private final ByteBuffer buf;
    private final IntConsumer afterRead;
    private final Runnable whenEmpty;
    private ByteOrder order = ByteOrder.BIG_ENDIAN;
    private long budget = Long.MAX_VALUE;
    private long used;
    /** While capturing: the bytes kept so far and the buffer position from which the rest is still only there. */
    private byte[] capture;
    private int captureSize;
    private int captureFrom;

    public ChannelByteSource(ReadableByteChannel channel) {
        this(channel, DEFAULT_BUFFER_SIZE, () -> { });
    }

    /**
     * @param bufferSize bytes buffered (at least 8, the largest single read)
     * @param afterRead run after every read from the channel (e.g. re-arming TCP_QUICKACK)
     */
    public ChannelByteSource(ReadableByteChannel channel, int bufferSize, Runnable afterRead) {
        // a blocking channel returns nothing only for a full buffer, which the reads here never offer
        this(channel, bufferSize, afterRead, () -> { });
    }

    /**
     * @param whenEmpty run when a read of a non-blocking channel returned nothing: waits until it is readable (or
     *     closed) and returns
     */
    public ChannelByteSource(ReadableByteChannel channel, int bufferSize, Runnable afterRead, Runnable whenEmpty) {
        this(channel, bufferSize, n -> afterRead.run(), whenEmpty);
    }

    /**
     * @param afterRead given the byte count of every read from the channel that returned bytes
     * @param whenEmpty as above
     */
    public ChannelByteSource(ReadableByteChannel channel, int bufferSize, IntConsumer afterRead, Runnable whenEmpty) {
        if (bufferSize < 8) {
            throw new IllegalArgumentException("bufferSize: " + bufferSize + " (expected: >= 8)");
        }
        this.channel = channel;
        this.buf = ByteBuffer.allocate(bufferSize);
        this.afterRead = afterRead;
        this.whenEmpty = whenEmpty;
        buf.flip();
    }

    /**
     * Whether bytes are buffered or can be read from the channel right now; reads what has arrived but never waits
     * (for a channel in non-blocking mode). End of stream counts as input: the next read reports it.
     */
    public boolean hasInput() {
        if (buf.hasRemaining()) {
            return true;
        }
        makeRoom();
        try {
            int n = channel.read(buf);
            if (n > 0) {
                afterRead.accept(n);
            }
            return n != 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            buf.flip();
        }
    }

    /** Whether bytes read from the channel are waiting in the buffer. */
    public boolean buffered() {
        return buf.hasRemaining();
    }

    /** Sets the byte order negotiated for this connection. */
    public void order(ByteOrder order) {
        this.order = order;
        buf.order(order);
    }

    @Override
    public ByteOrder order() {
        return order;
    }

    /** Starts a new message that may use at most {@code maxBytes}. */
    public void startMessage(long maxBytes) {
        budget = maxBytes;
        used = 0;
    }

    /** Bytes read since {@link #startMessage(long)}. */
    public long used() {
        return used;
    }

    @Override
    public long remaining() {
        return budget - used;
    }

    @Override
    public int readInt() {
        need(4);
        return buf.getInt();
    }

    /** The next int32 without consuming it (nor charging it to the message). */
    public int peekInt() {
        checkBudget(4);
        fill(4);
        return buf.getInt(buf.position());
    }

    @Override
    public long readLong() {
        need(8);
        return buf.getLong();
    }

    /** Reads one raw byte (handshakes, passwords). */
    public int readByte() {
        need(1);
        return buf.get() & 0xff;
    }

    @Override
    public void readBytes(byte[] dst, int off, int len) {
        charge(len);
        int buffered = Math.min(len, buf.remaining());
        buf.get(dst, off, buffered);
        off += buffered;
        len -= buffered;
        if (len >= buf.capacity() && capture == null) {
            // big bodies (bignums, strings): read straight into the destination, no second copy
            readDirect(ByteBuffer.wrap(dst, off, len), len);
            return;
        }
        while (len > 0) {
            fill(1);
            int n = Math.min(len, buf.remaining());
            buf.get(dst, off, n);
            off += n;
            len -= n;
        }
    }

    /**
     * Reads at least {@code min} and at most {@code dst.remaining()} next bytes into {@code dst}: what is buffered
     * first, then from the channel, each read taking whatever has arrived; waits only while fewer than {@code min}
     * were read. Returns the number read. A direct {@code dst} receives bulk data without a copy in the JVM; with
     * {@code min} below its room, data can be passed on as it arrives (a relay).
     */
    public int readAtLeast(ByteBuffer dst, int min) {
        if (min < 0 || min > dst.remaining()) {
            throw new IllegalArgumentException("min " + min + " with " + dst.remaining() + " bytes of room");
        }
        checkBudget(dst.remaining());
        int start = dst.position();
        int buffered = Math.min(dst.remaining(), buf.remaining());
        if (buffered > 0) {
            ByteBuffer part = buf.slice();
            part.limit(buffered);
            dst.put(part);
            buf.position(buf.position() + buffered);
        }
        readDirect(dst, min - buffered);
        int n = dst.position() - start;
        used += n;
        return n;
    }

    @Override
    public void skip(long n) {
        charge(n);
        while (n > 0) {
            fill(1);
            int k = (int) Math.min(n, buf.remaining());
            buf.position(buf.position() + k);
            n -= k;
        }
    }

    @Override
    public ByteBuffer window() {
        return buf;
    }

    /**
     * Has at least {@code n} next bytes of the current message buffered, waiting for them as a read does, without
     * consuming them, and returns the {@link #window()} over them. For a reader that looks ahead into a message it
     * knows to be at least that long (waiting for bytes beyond its end would wait for the next message); at most the
     * buffer's size.
     */
    public ByteBuffer lookAhead(int n) {
        if (n > buf.capacity()) {
            throw new IllegalArgumentException("look-ahead of " + n + " bytes in a buffer of " + buf.capacity());
        }
        checkBudget(n);
        fill(n);
        return buf;
    }

    @Override
    public void advance(int n) {
        if (n > buf.remaining()) {
            throw new IllegalArgumentException("advance " + n + " with " + buf.remaining() + " bytes buffered");
        }
        charge(n);
        buf.position(buf.position() + n);
    }

    /** Keeps the bytes consumed from {@code buf} since the last keep; bounded by the message budget. */
    private void keepConsumed() {
        int n = buf.position() - captureFrom;
        if (captureSize + n > capture.length) {
            capture = java.util.Arrays.copyOf(capture, Math.max(captureSize + n, 2 * capture.length));
        }
        buf.get(captureFrom, capture, captureSize, n);
        captureSize += n;
    }

    @Override
    public boolean startCapture() {
        capture = new byte[Math.max(4096, buf.remaining())];
        captureSize = 0;
        captureFrom = buf.position();
        return true;
    }

    @Override
    public ByteBuffer endCapture() {
        if (capture == null) {
            throw new IllegalStateException("not capturing");
        }
        keepConsumed();
        ByteBuffer out = ByteBuffer.wrap(capture, 0, captureSize);
        capture = null;
        return out;
    }

    private void need(int n) {
        charge(n);
        fill(n);
    }

    private void charge(long n) {
        checkBudget(n);
        used += n;
    }

    private void checkBudget(long n) {
        if (n < 0 || n > budget - used) {
            throw new CmoLimitExceededException("message longer than " + budget + " bytes");
        }
    }

    /** Reads from the channel into {@code dst} until {@code atLeast} bytes came; each read takes all there is. */
    private void readDirect(ByteBuffer dst, int atLeast) {
        int until = dst.position() + atLeast;
        try {
            while (dst.position() < until) {
                readOnce(dst);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void fill(int n) {
        if (buf.remaining() >= n) {
            return;
        }
        makeRoom();
        try {
            while (buf.position() < n) {
                readOnce(buf);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            buf.flip();
        }
    }

    /** Moves the unread bytes to the front for a read into the rest (keeping what a capture still needs first). */
    private void makeRoom() {
        if (capture != null) {
            keepConsumed();
            captureFrom = 0;
        }
        buf.compact();
    }

    private void readOnce(ByteBuffer dst) throws IOException {
        int n = channel.read(dst);
        if (n < 0) {
            throw new UncheckedIOException(new EOFException("end of stream"));
        }
        if (n == 0) {
            whenEmpty.run();
        } else {
            afterRead.accept(n);
        }
    }
}
