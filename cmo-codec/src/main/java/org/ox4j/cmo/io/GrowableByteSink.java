package org.ox4j.cmo.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/** A {@link ByteSink} into a growing heap array; for tests, tools and the text form, not the wire path. */
public final class GrowableByteSink implements ByteSink {
    private final ByteOrder order;
    private byte[] data = new byte[64];
    private int size;

    public GrowableByteSink(ByteOrder order) {
        this.order = order;
    }

    @Override
    public ByteOrder order() {
        return order;
    }

    @Override
    public void ensureWritable(long n) {
        long need = size + n;
        if (need > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("encoded object too large for a heap array: " + need + " bytes");
        }
        if (need > data.length) {
            data = Arrays.copyOf(data, (int) Math.max(need, Math.min(Integer.MAX_VALUE - 8L, data.length * 2L)));
        }
    }

    @Override
    public void writeInt(int v) {
        ensureWritable(4);
        ByteBuffer.wrap(data, size, 4).order(order).putInt(v);
        size += 4;
    }

    @Override
    public void writeLong(long v) {
        ensureWritable(8);
        ByteBuffer.wrap(data, size, 8).order(order).putLong(v);
        size += 8;
    }

    @Override
    public void writeBytes(byte[] src, int off, int len) {
        ensureWritable(len);
        System.arraycopy(src, off, data, size, len);
        size += len;
    }

    /** Bytes written so far. */
    public int size() {
        return size;
    }

    /** A copy of the bytes written. */
    public byte[] toByteArray() {
        return Arrays.copyOf(data, size);
    }
}
