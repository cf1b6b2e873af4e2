package org.ox4j.cmo.io;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.ox4j.cmo.CmoTruncatedException;

/** A {@link ByteSource} over a heap or direct {@link ByteBuffer}; the buffer's position advances. */
public final class ByteBufferSource implements ByteSource {
    private final ByteBuffer buf;
    private int captureFrom = -1;

    /** Reads {@code buf} (its own position and limit) in {@code order}; the buffer's order is changed to match. */
    public ByteBufferSource(ByteBuffer buf, ByteOrder order) {
        this.buf = buf;
        buf.order(order);
    }

    /** Convenience: reads the whole array. */
    public static ByteBufferSource of(byte[] bytes, ByteOrder order) {
        return new ByteBufferSource(ByteBuffer.wrap(bytes), order);
    }

    /** Current read position. */
    public int position() {
        return buf.position();
    }

    @Override
    public ByteOrder order() {
        return buf.order();
    }

    @Override
    public long remaining() {
        return buf.remaining();
    }

    @Override
    public int readInt() {
        try {
            return buf.getInt();
        } catch (BufferUnderflowException e) {
            throw truncated(4);
        }
    }

    @Override
    public long readLong() {
        try {
            return buf.getLong();
        } catch (BufferUnderflowException e) {
            throw truncated(8);
        }
    }

    @Override
    public void readBytes(byte[] dst, int off, int len) {
        try {
            buf.get(dst, off, len);
        } catch (BufferUnderflowException e) {
            throw truncated(len);
        }
    }

    @Override
    public void skip(long n) {
        if (n > buf.remaining()) {
            throw truncated(n);
        }
        buf.position(buf.position() + (int) n);
    }

    @Override
    public ByteBuffer window() {
        return buf.hasArray() ? buf : null;
    }

    @Override
    public boolean startCapture() {
        captureFrom = buf.position();
        return true;
    }

    @Override
    public ByteBuffer endCapture() {
        if (captureFrom < 0) {
            throw new IllegalStateException("not capturing");
        }
        byte[] out = new byte[buf.position() - captureFrom];
        buf.get(captureFrom, out);
        captureFrom = -1;
        return ByteBuffer.wrap(out);
    }

    private CmoTruncatedException truncated(long wanted) {
        return new CmoTruncatedException("input ended: needed " + wanted + " bytes at offset " + buf.position()
                + " (remaining: " + buf.remaining() + ")");
    }
}
