package org.ox4j.protocol.codec;

import io.netty.buffer.ByteBuf;
import java.nio.ByteOrder;
import java.util.Objects;
import org.ox4j.cmo.CmoTruncatedException;
import org.ox4j.cmo.io.ByteSource;

/**
 * A {@link ByteSource} over a Netty {@link ByteBuf}: reads advance the buffer's reader index and use
 * {@code readInt}/{@code readIntLE} according to the negotiated byte order. The buffer's reference count is not
 * touched; the caller owns it.
 *
 * <p>{@link #view(ByteBuf, ByteOrder)} reads a {@link ByteBuf#duplicate() duplicate}, so scanning a frame does not
 * consume the original buffer.
 */
public final class ByteBufSource implements ByteSource {
    private final ByteBuf buf;
    private final boolean bigEndian;
    private final ByteOrder order;

    /** Reads {@code buf} from its reader index, in {@code order}. */
    public ByteBufSource(ByteBuf buf, ByteOrder order) {
        this.buf = Objects.requireNonNull(buf, "buf");
        this.order = Objects.requireNonNull(order, "order");
        this.bigEndian = order == ByteOrder.BIG_ENDIAN;
    }

    /** A source over a duplicate of {@code buf}: reading it leaves {@code buf}'s indices unchanged. */
    public static ByteBufSource view(ByteBuf buf, ByteOrder order) {
        return new ByteBufSource(buf.duplicate(), order);
    }

    /** The buffer this source reads (for a view: the duplicate). */
    public ByteBuf buffer() {
        return buf;
    }

    @Override
    public ByteOrder order() {
        return order;
    }

    @Override
    public long remaining() {
        return buf.readableBytes();
    }

    @Override
    public int readInt() {
        require(4);
        return bigEndian ? buf.readInt() : buf.readIntLE();
    }

    @Override
    public long readLong() {
        require(8);
        return bigEndian ? buf.readLong() : buf.readLongLE();
    }

    @Override
    public void readBytes(byte[] dst, int off, int len) {
        require(len);
        buf.readBytes(dst, off, len);
    }

    @Override
    public void skip(long n) {
        require(n);
        buf.skipBytes((int) n);
    }

    private void require(long n) {
        if (n > buf.readableBytes()) {
            throw new CmoTruncatedException("input ended: needed " + n + " bytes at index " + buf.readerIndex()
                    + " (remaining: " + buf.readableBytes() + ")");
        }
    }
}
