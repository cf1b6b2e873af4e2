package org.ox4j.server.coll;

import java.nio.ByteBuffer;
import org.ox4j.server.comm.OutStream;
import org.ox4j.server.comm.StreamedPayload;

/** The first hop of the streamed algorithms: cut a payload into chunks and stream them to one rank. */
final class StreamSends {
    private StreamSends() {
    }

    /** Streams every byte of {@code src} to {@code dest} and waits until the link has taken the last one. */
    static void streamTo(CollChannel ch, int dest, StreamedPayload.Source src) {
        long length = src.length();
        OutStream out = ch.sendStream(dest, src.kind(), length);
        try {
            long off = 0;
            while (off < length) {
                ByteBuffer b = out.buffer();
                int n = (int) Math.min(b.capacity(), length - off);
                b.limit(n);
                src.fill(b, off);
                b.flip();
                out.write(b);
                off += n;
            }
        } catch (RuntimeException e) {
            out.abort(e);
            throw e;
        }
        out.await(ch.timeout());
    }
}
