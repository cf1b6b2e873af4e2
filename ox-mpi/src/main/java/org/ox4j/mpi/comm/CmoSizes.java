package org.ox4j.mpi.comm;

import java.nio.ByteOrder;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.io.ByteSink;
import org.ox4j.cmo.io.CmoWriter;

/** Encoded length of a CMO, measured by running the encoder into a counting sink (no allocation). */
final class CmoSizes {
    private CmoSizes() {
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
    }
}
