package org.ox4j.mpi.comm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoWriter;

/**
 * How a {@link Payload} travels as a stream: arrays as their elements in little-endian order, a CMO as its
 * little-endian CMO encoding (encoded once by the sender, decoded once the last byte arrived).
 */
public final class StreamedPayload {
    private StreamedPayload() {
    }

    /** A payload's bytes, to be cut into chunks. */
    public static final class Source {
        private final Payload payload;
        private final byte[] encoded;

        private Source(Payload payload) {
            this.payload = payload;
            this.encoded = payload.kind() == Payload.Kind.CMO
                    ? CmoWriter.toBytes(payload.cmo(), ByteOrder.LITTLE_ENDIAN) : null;
        }

        public Payload.Kind kind() {
            return payload.kind();
        }

        public long length() {
            return encoded != null ? encoded.length : payload.byteSize();
        }

        /**
         * Whether the bytes are the payload's own direct memory, written to a socket as they are: {@link #piece}
         * then needs no chunk.
         */
        public boolean inPlace() {
            return payload.isDirect();
        }

        /**
         * The {@code n} bytes from {@code offset} on, ready to be written: a read-only view of the payload's direct
         * memory ({@link #inPlace()}; {@code chunk} is not used and may be null), else {@code chunk}, cleared, filled
         * with them ({@link #fill}) and flipped.
         */
        public ByteBuffer piece(long offset, int n, ByteBuffer chunk) {
            if (inPlace()) {
                return view(offset, n);
            }
            chunk.clear().limit(n);
            fill(chunk, offset);
            return chunk.flip();
        }

        private ByteBuffer view(long offset, int n) {
            return payload.directBuffer().slice((int) offset, n).asReadOnlyBuffer();
        }

        /** Fills {@code dst} (position to limit) with the bytes from {@code offset} on. */
        public void fill(ByteBuffer dst, long offset) {
            if (encoded != null) {
                dst.put(encoded, (int) offset, dst.remaining());
            } else {
                payload.putBytes(offset, dst);
            }
        }
    }

    /** The bytes of {@code p} as a stream source; CMOs are encoded here. */
    public static Source source(Payload p) {
        if (p.kind() == Payload.Kind.NONE) {
            throw new CommException("an empty payload cannot be streamed");
        }
        return new Source(p);
    }

    /** Rebuilds a payload from the chunks of a stream, in order, copying each into the final array. */
    public static final class Assembler {
        private final Payload.Kind kind;
        /** Whether the kind is an array of 8-byte elements (pieces may split one). */
        private final boolean words;
        private final long length;
        /** The array filled: the receive buffer's, or one made when the first byte comes. */
        private Object target;
        private final Payload buffer;
        private final long base;
        private final ByteBuffer partial = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        private long filled;

        private Assembler(Payload.Kind kind, long length, Payload buffer, long base, boolean whole) {
            this.kind = kind;
            this.words = kind == Payload.Kind.LONGS || kind == Payload.Kind.DOUBLES;
            this.length = length;
            this.buffer = buffer;
            this.base = base;
            if (buffer != null) {
                if (!buffer.isArray() || buffer.kind() != kind || base < 0 || length < 0
                        || base + length > buffer.byteSize() || whole && length != buffer.byteSize()
                        || words && (base % 8 != 0 || length % 8 != 0)) {
                    throw new CommException("stream of " + length + " bytes of " + kind + " does not fit the receive "
                            + "buffer " + buffer + (base == 0 ? "" : " at byte " + base)
                            + " (expected: an array of the same kind and size on every rank)");
                }
                this.target = buffer.isDirect() ? buffer.directBuffer() : switch (kind) {
                    case LONGS -> buffer.longs();
                    case DOUBLES -> buffer.doubles();
                    default -> buffer.bytes();
                };
                return;
            }
            if (length < 0 || length > Integer.MAX_VALUE - 8 || (words && length % 8 != 0)) {
                throw new CommException("stream of " + length + " bytes cannot hold a " + kind + " payload");
            }
            if (kind != Payload.Kind.BYTES && kind != Payload.Kind.CMO && !words) {
                throw new CommException("a " + kind + " payload cannot be streamed");
            }
        }

        /**
         * The array, made on first use: an algorithm that receives several values in one stream makes (and zeroes)
         * each when its bytes begin to come, not all before the first byte.
         */
        private Object target() {
            if (target == null) {
                target = switch (kind) {
                    case LONGS -> new long[(int) (length / 8)];
                    case DOUBLES -> new double[(int) (length / 8)];
                    default -> new byte[(int) length];
                };
            }
            return target;
        }

        /**
         * Appends the chunk's bytes (position to limit; the position is left unchanged). A piece of a word array
         * may end inside an element (a value behind one of odd length in the same stream): the bytes of a split
         * element wait in {@code partial} until it is whole.
         */
        public void accept(ByteBuffer chunk) {
            ByteBuffer c = chunk.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            int n = c.remaining();
            checkFits(n);
            if (target instanceof ByteBuffer memory) {
                // a direct buffer holds the wire's bytes: no element boundaries to mind
                memory.put((int) (base + filled), c, c.position(), n);
                filled += n;
                return;
            }
            if (!words) {
                c.get((byte[]) target(), (int) (base + filled), n);
                filled += n;
                return;
            }
            while (c.hasRemaining()) {
                if (filled % 8 == 0 && c.remaining() >= 8) {
                    int whole = c.remaining() & ~7;
                    ByteBuffer words = c.duplicate().order(ByteOrder.LITTLE_ENDIAN);
                    words.limit(words.position() + whole);
                    putWords(words, filled);
                    c.position(c.position() + whole);
                    filled += whole;
                } else {
                    partial.put(c.get());
                    filled++;
                    if (filled % 8 == 0) {
                        putWords(partial.flip(), filled - 8);
                        partial.clear();
                    }
                }
            }
        }

        /**
         * Where the next bytes go in the receive buffer's direct memory (at most {@code max}, never past the end),
         * for a link to read them there itself; null when the buffer is a Java array (its elements are made from
         * the wire's bytes) or nothing is left. Bytes read there count once {@link #filledInPlace} is told.
         */
        public ByteBuffer directRoom(long max) {
            if (!(target instanceof ByteBuffer memory) || filled == length) {
                return null;
            }
            return memory.slice((int) (base + filled), (int) Math.min(max, length - filled));
        }

        /** {@code n} bytes were put into the room {@link #directRoom} gave. */
        public void filledInPlace(int n) {
            checkFits(n);
            filled += n;
        }

        /** Refuses {@code n} more bytes (or a negative count) when they would pass the announced length. */
        private void checkFits(int n) {
            if (n < 0 || filled + n > length) {
                throw new CommException("stream longer than its announced " + length + " bytes");
            }
        }

        /** Stores the elements in {@code words} (a multiple of 8 bytes) from byte {@code at} of this stream on. */
        private void putWords(ByteBuffer words, long at) {
            int first = (int) ((base + at) / 8);
            if (kind == Payload.Kind.LONGS) {
                words.asLongBuffer().get((long[]) target(), first, words.remaining() / 8);
            } else {
                words.asDoubleBuffer().get((double[]) target(), first, words.remaining() / 8);
            }
        }

        /** The payload, once every byte was accepted. */
        public Payload result() {
            if (filled != length) {
                throw new CommException("stream incomplete: " + filled + " of " + length + " bytes");
            }
            if (buffer != null) {
                return buffer;
            }
            return switch (kind) {
                case LONGS -> Payload.ofLongs((long[]) target());
                case DOUBLES -> Payload.ofDoubles((double[]) target());
                case BYTES -> Payload.ofBytes((byte[]) target());
                default -> Payload.of(CmoReader.read(ByteBufferSource.of((byte[]) target(), ByteOrder.LITTLE_ENDIAN),
                        CmoLimits.DEFAULT));
            };
        }
    }

    /** An assembler for a stream of {@code length} bytes of {@code kind}. */
    public static Assembler assembler(Payload.Kind kind, long length) {
        return new Assembler(kind, length, null, 0, true);
    }

    /** An assembler that fills {@code buffer}'s array (a receive buffer of the stream's kind and size). */
    public static Assembler assemblerInto(Payload.Kind kind, long length, Payload buffer) {
        return new Assembler(kind, length, java.util.Objects.requireNonNull(buffer, "buffer"), 0, true);
    }

    /**
     * An assembler that fills bytes {@code [byteOffset, byteOffset + length)} of {@code buffer}'s elements (one block
     * of a result the algorithm puts together); its {@link Assembler#result()} is the whole buffer.
     */
    public static Assembler assemblerAt(Payload buffer, long byteOffset, long length) {
        return new Assembler(buffer.kind(), length, buffer, byteOffset, false);
    }
}
