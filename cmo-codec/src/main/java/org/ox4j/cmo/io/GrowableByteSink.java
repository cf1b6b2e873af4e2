package org.ox4j.cmo.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.ox4j.cmo.BufferFiller;

/** A {@link ByteSink} into a growing heap array; for tests, tools, benchmarks and the text form. */
public final class GrowableByteSink implements ByteSink {
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int MAX_SIZE = Integer.MAX_VALUE - 8;

    private final ByteOrder order;
    private final boolean bigEndian;
    private byte[] data;
    private int size;

    /** An empty sink writing in {@code order}. */
    public GrowableByteSink(ByteOrder order) {
        this(order, 64);
    }

    /** An empty sink writing in {@code order}, with room for {@code initialCapacity} bytes. */
    public GrowableByteSink(ByteOrder order, int initialCapacity) {
        this.order = order;
        this.bigEndian = order == ByteOrder.BIG_ENDIAN;
        this.data = new byte[Math.max(16, initialCapacity)];
    }

    @Override
    public ByteOrder order() {
        return order;
    }

    @Override
    public void ensureWritable(long n) {
        long need = size + n;
        if (need > data.length) {
            grow(need);
        }
    }

    private void grow(long need) {
        if (need > MAX_SIZE) {
            throw new IllegalStateException("encoded object too large for a heap array: " + need + " bytes");
        }
        data = Arrays.copyOf(data, (int) Math.max(need, Math.min(MAX_SIZE, data.length * 2L)));
    }

    @Override
    public void writeInt(int v) {
        if (size + 4 > data.length) {
            grow(size + 4L);
        }
        if (bigEndian) {
            INT_BE.set(data, size, v);
        } else {
            INT_LE.set(data, size, v);
        }
        size += 4;
    }

    @Override
    public void writeLong(long v) {
        if (size + 8 > data.length) {
            grow(size + 8L);
        }
        if (bigEndian) {
            LONG_BE.set(data, size, v);
        } else {
            LONG_LE.set(data, size, v);
        }
        size += 8;
    }

    @Override
    public void writeBytes(byte[] src, int off, int len) {
        ensureWritable(len);
        System.arraycopy(src, off, data, size, len);
        size += len;
    }

    /** The filler puts the bytes straight into this sink's array. */
    @Override
    public void writeFilled(int length, BufferFiller filler) {
        ensureWritable(length);
        filler.fillWhole(ByteBuffer.wrap(data, size, length), 0);
        size += length;
    }

    /** Bytes written so far. */
    public int size() {
        return size;
    }

    /** Forgets everything written, keeping the buffer (for reuse in loops and benchmarks). */
    public void clear() {
        size = 0;
    }

    /** A copy of the bytes written. */
    public byte[] toByteArray() {
        return Arrays.copyOf(data, size);
    }
}
