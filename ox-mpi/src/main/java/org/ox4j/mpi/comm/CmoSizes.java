package org.ox4j.mpi.comm;

import java.nio.ByteOrder;
import java.util.ArrayDeque;
import org.ox4j.cmo.BufferFiller;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.ByteSink;
import org.ox4j.cmo.io.CmoWriter;

/**
 * Encoded lengths of CMOs: measured by running the encoder into a counting sink (no allocation), or bounded from
 * what the values carry without encoding them.
 */
public final class CmoSizes {
    private CmoSizes() {
    }

    /** How many values {@link #atMost} looks at before it calls a value large. */
    public static final int SIZE_WALK_NODES = 1024;

    /**
     * Whether {@code value} is certainly at most {@code bytes} long once encoded, judged from the sizes its parts
     * carry (machine integers, doubles, null; strings, integers and datums made from bytes by their length; lists by
     * their elements), looking at no more than {@value #SIZE_WALK_NODES} values and without recursion; anything
     * else counts as large: polynomials and other structured values, longer lists, and a datum whose bytes are
     * not made yet (making them is the writer's work, and its size is only estimated).
     */
    public static boolean atMost(Cmo value, long bytes) {
        if (!(value instanceof CmoList)) {
            // the common case on the send path (an array's datum, a number): no walk
            long own = ownBytes(value);
            return own >= 0 && own <= bytes;
        }
        ArrayDeque<Cmo> todo = new ArrayDeque<>();
        todo.push(value);
        long left = bytes;
        int seen = 0;
        while (!todo.isEmpty()) {
            Cmo c = todo.pop();
            if (c instanceof CmoList l) {
                seen += l.size();
                if (seen > SIZE_WALK_NODES) {
                    return false;
                }
                l.elements().forEach(todo::push);
            }
            long own = ownBytes(c);
            if (own < 0) {
                return false;
            }
            left -= own;
            if (left < 0) {
                return false;
            }
        }
        return true;
    }

    /** The bytes of {@code c}'s encoding apart from a list's elements; -1 when its kind is not judged. */
    private static long ownBytes(Cmo c) {
        if (c instanceof CmoList) {
            return 8;
        } else if (c instanceof CmoDatum d) {
            return d.source() != null ? -1 : 8L + d.length();
        } else if (c instanceof CmoString s) {
            return 8L + s.unsafeBytes().length;
        } else if (c instanceof CmoZZ z) {
            // tag, signed word count, 32-bit words
            return 8L + 4L * ((z.value().bitLength() + 31) / 32);
        } else if (c instanceof CmoNull) {
            return 4;
        } else if (c instanceof CmoInt32) {
            return 8;
        } else if (c instanceof CmoIeeeDouble) {
            return 12;
        }
        return -1;
    }

    static long encodedLength(Cmo cmo) {
        CountingSink sink = new CountingSink();
        CmoWriter.write(cmo, sink);
        return sink.count;
    }

    private static final class CountingSink implements ByteSink {
        long count;

        @Override
        public ByteOrder order() {
            return ByteOrder.LITTLE_ENDIAN;
        }

        @Override
        public void writeInt(int v) {
            count += 4;
        }

        @Override
        public void writeLong(long v) {
            count += 8;
        }

        @Override
        public void writeBytes(byte[] src, int off, int len) {
            count += len;
        }

        @Override
        public void writeFilled(int length, BufferFiller filler) {
            count += length;
        }
    }
}
