package org.ox4j.protocol.codec;

import io.netty.buffer.ByteBuf;
import java.nio.ByteOrder;
import java.util.Objects;
import org.ox4j.cmo.io.ByteSink;

/**
 * A {@link ByteSink} that writes straight into a Netty {@link ByteBuf} (normally the encoder's outgoing buffer),
 * with {@code writeInt}/{@code writeIntLE} chosen by the negotiated byte order. No intermediate array of the whole
 * object is built.
 */
public final class ByteBufSink implements ByteSink {
    private final ByteBuf buf;
    private final boolean bigEndian;
    private final ByteOrder order;

    /** Appends to {@code buf} at its writer index, in {@code order}. */
    public ByteBufSink(ByteBuf buf, ByteOrder order) {
        this.buf = Objects.requireNonNull(buf, "buf");
        this.order = Objects.requireNonNull(order, "order");
        this.bigEndian = order == ByteOrder.BIG_ENDIAN;
    }

    @Override
    public ByteOrder order() {
        return order;
    }

    @Override
    public void writeInt(int v) {
        if (bigEndian) {
            buf.writeInt(v);
        } else {
            buf.writeIntLE(v);
        }
    }

    @Override
    public void writeLong(long v) {
        if (bigEndian) {
            buf.writeLong(v);
        } else {
            buf.writeLongLE(v);
        }
    }

    @Override
    public void writeBytes(byte[] src, int off, int len) {
        buf.writeBytes(src, off, len);
    }

    @Override
    public void ensureWritable(long n) {
        if (n > 0 && n <= Integer.MAX_VALUE) {
            buf.ensureWritable((int) n);
        }
    }
}
