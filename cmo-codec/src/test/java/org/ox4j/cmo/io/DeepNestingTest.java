package org.ox4j.cmo.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDepthExceededException;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoLimitExceededException;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

/**
 * Deep nesting is decoded, skipped and encoded without the Java stack: on a thread whose stack holds only a few
 * hundred frames, CMOs ten thousand levels deep go through, and a CMO deeper than the limit is consumed to its end
 * and refused, leaving the input in step.
 */
class DeepNestingTest {
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    /** Small enough that recursion over thousands of levels would overflow it. */
    private static final long SMALL_STACK = 128 * 1024;

    /** {@code depth} levels around {@code leaf}, lists, error objects and univariate polynomials in turn. */
    private static Cmo nested(int depth, Cmo leaf) {
        Cmo c = leaf;
        for (int i = 0; i < depth; i++) {
            c = i % 3 == 0 ? CmoList.of(CmoString.of("l" + i), c, CmoZZ.of(i))
                    : i % 3 == 1 ? new CmoError2(CmoList.of(new CmoInt32(i), c))
                    : new CmoPolynomialInOneVariable(0, List.of(new CmoPolynomialInOneVariable.Term(i, c),
                            new CmoPolynomialInOneVariable.Term(0, new CmoComplex(CmoZZ.of(1), CmoZZ.of(i)))));
        }
        return c;
    }

    private static <T> T onSmallStack(java.util.function.Supplier<T> work) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                result.set(work.get());
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "small-stack", SMALL_STACK);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        if (failure.get() instanceof RuntimeException r) {
            throw r;
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        return result.get();
    }

    @Test
    void tenThousandLevelsRoundTripOnASmallStack() {
        CmoLimits limits = CmoLimits.builder().maxDepth(20_000).build();
        // a linear chain of lists, 10 000 deep, as ox_asir round-trips it
        Cmo chain = new CmoInt32(7);
        for (int i = 0; i < 10_000; i++) {
            chain = CmoList.of(chain);
        }
        Cmo list = chain;
        byte[] bytes = onSmallStack(() -> CmoWriter.toBytes(list, LE));
        assertThat(bytes.length).isEqualTo(10_000 * 8 + 8);
        onSmallStack(() -> {
            CmoScanner.skip(ByteBufferSource.of(bytes, LE), limits);
            return null;
        });
        Cmo back = onSmallStack(() -> CmoReader.read(ByteBufferSource.of(bytes, LE), limits));
        byte[] again = onSmallStack(() -> CmoWriter.toBytes(back, LE));
        assertThat(again).isEqualTo(bytes);
    }

    @Test
    void everyCompositeKindNestedDeepRoundTrips() {
        CmoLimits limits = CmoLimits.builder().maxDepth(20_000).build();
        Cmo deep = nested(3_000, CmoString.of("leaf"));
        byte[] bytes = onSmallStack(() -> CmoWriter.toBytes(deep, LE));
        Cmo back = onSmallStack(() -> CmoReader.read(ByteBufferSource.of(bytes, LE), limits));
        assertThat(onSmallStack(() -> CmoWriter.toBytes(back, LE))).isEqualTo(bytes);
        // shallow enough for the record's own (recursive) equals
        Cmo shallow = nested(40, CmoZZ.of(5));
        assertThat(CmoReader.read(ByteBufferSource.of(CmoWriter.toBytes(shallow, LE), LE), limits)).isEqualTo(shallow);
    }

    @Test
    void tooDeepIsReadToItsEndThenRefusedAndTheInputStaysInStep() {
        CmoLimits limits = CmoLimits.builder().maxDepth(100).build();
        for (int depth : new int[] {100, 101, 150, 5_000}) {
            GrowableByteSink sink = new GrowableByteSink(LE);
            CmoWriter.write(nested(depth, CmoZZ.of(1)), sink);
            CmoWriter.write(CmoString.of("next"), sink);
            ByteBufferSource in = ByteBufferSource.of(sink.toByteArray(), LE);
            Throwable refused = onSmallStack(() -> {
                try {
                    CmoReader.read(in, limits);
                    return null;
                } catch (RuntimeException e) {
                    return e;
                }
            });
            assertThat(refused).isInstanceOf(CmoDepthExceededException.class).hasMessageContaining("nesting depth");
            assertThat(CmoReader.read(in, limits)).isEqualTo(CmoString.of("next"));
        }
    }

    @Test
    void atTheLimitIsAcceptedAndOneMoreIsNot() {
        CmoLimits limits = CmoLimits.builder().maxDepth(50).build();
        Cmo atLimit = new CmoInt32(1);
        for (int i = 1; i < 50; i++) {
            atLimit = CmoList.of(atLimit);
        }
        byte[] ok = CmoWriter.toBytes(atLimit, LE);
        assertThat(CmoReader.read(ByteBufferSource.of(ok, LE), limits)).isEqualTo(atLimit);
        byte[] beyond = CmoWriter.toBytes(CmoList.of(atLimit), LE);
        assertThatThrownBy(() -> CmoReader.read(ByteBufferSource.of(beyond, LE), limits))
                .isInstanceOf(CmoDepthExceededException.class);
        assertThatThrownBy(() -> CmoScanner.skip(ByteBufferSource.of(beyond, LE), limits))
                .isInstanceOf(CmoLimitExceededException.class);
    }

    @Test
    void theDefaultLimitIsAtLeastTenThousand() {
        assertThat(CmoLimits.DEFAULT.maxDepth()).isGreaterThanOrEqualTo(10_000);
    }
}
