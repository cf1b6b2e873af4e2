package org.ox4j.cmo.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoList;

/** A datum made from an object: encoded once, on first use, as the datum of its bytes would be. */
class DeferredDatumTest {
    /** The UTF-8 bytes of a string, counting how often they are made. */
    private static Function<String, byte[]> utf8Counted(AtomicInteger encodings) {
        return s -> {
            encodings.incrementAndGet();
            return s.getBytes(StandardCharsets.UTF_8);
        };
    }

    @Test
    void itsBytesAreMadeOnceWhenFirstNeededAndGoOnTheWireAsThoseOfAnyDatum() {
        AtomicInteger encodings = new AtomicInteger();
        String source = "an image set";
        CmoDatum deferred = CmoDatum.deferred(source, utf8Counted(encodings));
        assertThat(deferred.source()).isSameAs(source);
        assertThat(deferred.toString()).contains("deferred");
        assertThat(encodings).hasValue(0);
        CmoDatum plain = CmoDatum.of(source.getBytes(StandardCharsets.UTF_8));
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            assertThat(CmoWriter.toBytes(CmoList.of(deferred), order))
                    .isEqualTo(CmoWriter.toBytes(CmoList.of(plain), order));
        }
        assertThat(deferred).isEqualTo(plain).hasSameHashCodeAs(plain);
        assertThat(deferred.length()).isEqualTo(12);
        assertThat(encodings).hasValue(1);
        assertThat(plain.source()).isNull();
        // read back it is a plain datum of the same bytes
        CmoList back = (CmoList) CmoReader.read(ByteBufferSource.of(CmoWriter.toBytes(CmoList.of(deferred),
                ByteOrder.BIG_ENDIAN), ByteOrder.BIG_ENDIAN), CmoLimits.DEFAULT);
        assertThat(back.get(0)).isEqualTo(plain);
        assertThat(((CmoDatum) back.get(0)).source()).isNull();
    }

    @Test
    void aSizeEstimateCountsTheDatumWithoutMakingItsBytes() {
        AtomicInteger encodings = new AtomicInteger();
        String source = "an image set";
        CmoDatum estimated = CmoDatum.deferred(source, utf8Counted(encodings), s -> 1000L * s.length());
        assertThat(estimated.sizeEstimate()).isEqualTo(12_000);
        assertThat(encodings).hasValue(0);
        // once the bytes are made, their number
        assertThat(estimated.length()).isEqualTo(12);
        assertThat(estimated.sizeEstimate()).isEqualTo(12);
        assertThat(encodings).hasValue(1);
        // without an estimate the bytes are made, as length() would
        CmoDatum plain = CmoDatum.deferred(source, utf8Counted(encodings));
        assertThat(plain.sizeEstimate()).isEqualTo(12);
        assertThat(encodings).hasValue(2);
        assertThat(CmoDatum.of(new byte[] {1, 2}).sizeEstimate()).isEqualTo(2);
    }

    @Test
    void threadsAskingAtOnceGetTheSameBytesFromOneEncoding() throws InterruptedException {
        AtomicInteger encodings = new AtomicInteger();
        CmoDatum deferred = CmoDatum.deferred(new byte[] {1, 2, 3}, b -> {
            encodings.incrementAndGet();
            return b.clone();
        });
        Thread[] threads = new Thread[4];
        byte[][] seen = new byte[threads.length][];
        for (int t = 0; t < threads.length; t++) {
            int k = t;
            threads[t] = new Thread(() -> seen[k] = deferred.unsafeBytes());
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(encodings).hasValue(1);
        for (byte[] b : seen) {
            assertThat(b).isSameAs(seen[0]).containsExactly(1, 2, 3);
        }
    }
}
