package org.ox4j.mpi.coll;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;
import org.ox4j.mpi.comm.Communicator;
import org.ox4j.mpi.comm.Payload;

/**
 * Direct memory that a rank borrows to pass a large array on without taking it into the JVM's heap and out again.
 * A large message travels between links and direct memory with no copy in the JVM, but between a link and a Java
 * array with one copy at each end; a rank that receives an array and sends it to k others therefore pays k + 1
 * copies (and an allocation, when it receives without a buffer) where a staging area costs one: the message comes
 * into it, goes out of it k times, and is copied once into the caller's array.
 *
 * <p>One area is kept for the whole process and lent to one borrower at a time; a borrower that finds it lent (two
 * communicators in collectives at once) or too small gets new memory, and only the larger of two returned areas is
 * kept, up to {@link #MAX_KEPT_BYTES}. A borrower whose collective failed does not give the area back: a link may
 * still be writing into it.
 */
final class DirectStaging {
    /** The largest area kept between collectives. */
    static final int MAX_KEPT_BYTES = 64 << 20;

    private static final AtomicReference<ByteBuffer> KEPT = new AtomicReference<>();

    private DirectStaging() {
    }

    /**
     * True if {@code buffer} is an array that travels as a large message, read from the link into direct memory and
     * written from it with no copy in the JVM (smaller ones are encoded into a message of their own at the sender
     * and decoded at the receiver whatever holds them, so staging them saves nothing).
     */
    static boolean travelsLarge(Payload buffer) {
        return buffer.isArray() && buffer.byteSize() >= Communicator.largeMessageBytes()
                && buffer.byteSize() <= Integer.MAX_VALUE;
    }

    /** Direct memory of exactly {@code bytes} bytes (position 0, limit {@code bytes}), its content undefined. */
    static ByteBuffer borrow(long bytes) {
        ByteBuffer b = KEPT.getAndSet(null);
        if (b == null || b.capacity() < bytes) {
            if (b != null) {
                giveBack(b);
            }
            b = ByteBuffer.allocateDirect((int) bytes);
        }
        return b.clear().limit((int) bytes);
    }

    /** Returns an area once nothing reads or writes it any more. */
    static void giveBack(ByteBuffer b) {
        if (b.capacity() > MAX_KEPT_BYTES) {
            return;
        }
        ByteBuffer kept = KEPT.get();
        while ((kept == null || kept.capacity() < b.capacity()) && !KEPT.compareAndSet(kept, b)) {
            kept = KEPT.get();
        }
    }
}
