package org.ox4j.server.rfc102;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;
import org.ox4j.cmo.CmoLimitExceededException;
import org.ox4j.cmo.io.ByteSource;

/**
 * A blocking {@link ByteSource} over a channel, buffered, that counts the bytes of the current message and refuses
 * to read more than the configured maximum. Used by a link's reader thread only. The end of the stream is
 * reported as an {@link UncheckedIOException} wrapping {@link EOFException}.
 */
final class ChannelByteSource implements ByteSource {
    private final ReadableByteChannel channel;
    private final ByteBuffer buf;
    private final long maxMessageBytes;
    private long messageBytes;

    ChannelByteSource(ReadableByteChannel channel, ByteOrder order, int bufferSize, long maxMessageBytes) {
        this.channel = channel;
        this.buf = ByteBuffer.allocate(bufferSize).order(order);
        this.buf.flip();
        this.maxMessageBytes = maxMessageBytes;
    }

    /** Starts counting a new message. */
    void startMessage() {
        messageBytes = 0;
    }

    @Override
    public ByteOrder order() {
        return buf.order();
    }

    @Override
    public long remaining() {
        // A stream has no known end; what the message may still use bounds hostile length fields instead.
        return maxMessageBytes - messageBytes;
    }

    @Override
    public int readInt() {
        need(4);
        return buf.getInt();
    }

    @Override
    public long readLong() {
        need(8);
        return buf.getLong();
    }

    @Override
    public void readBytes(byte[] dst, int off, int len) {
        count(len);
        int done = 0;
        while (done < len) {
            if (!buf.hasRemaining()) {
                fill(1);
            }
            int n = Math.min(len - done, buf.remaining());
            buf.get(dst, off + done, n);
            done += n;
        }
    }

    @Override
    public void skip(long n) {
        count(n);
        long left = n;
        while (left > 0) {
            if (!buf.hasRemaining()) {
                fill(1);
            }
            int k = (int) Math.min(left, buf.remaining());
            buf.position(buf.position() + k);
            left -= k;
        }
    }

    private void need(int n) {
        count(n);
        if (buf.remaining() < n) {
            fill(n);
        }
    }

    private void count(long n) {
        messageBytes += n;
        if (messageBytes > maxMessageBytes) {
            throw new CmoLimitExceededException("message bytes: more than " + maxMessageBytes
                    + " (expected: at most the configured maxMessageBytes)");
        }
    }

    /** Reads until at least {@code n} bytes are buffered. */
    private void fill(int n) {
        buf.compact();
        try {
            while (buf.position() < n) {
                if (channel.read(buf) < 0) {
                    throw new UncheckedIOException(new EOFException("link closed by the peer"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            buf.flip();
        }
    }
}
