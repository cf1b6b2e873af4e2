package org.ox4j.cmo.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoFormatException;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoLimitExceededException;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoTruncatedException;
import org.ox4j.cmo.UnsupportedCmoTypeException;
import org.ox4j.cmo.golden.GoldenCmos;

/** Truncated, negative, oversized, too deep and unknown input: always a typed CmoException, never a big allocation. */
class HostileInputTest {
    private static final ByteOrder BE = ByteOrder.BIG_ENDIAN;
    private static final CmoLimits SMALL = CmoLimits.builder().maxDepth(8).maxElements(100).maxStringBytes(64)
            .maxBignumWords(16).maxMessageBytes(4096).build();

    private static Cmo read(byte[] b, CmoLimits limits) {
        return CmoReader.read(ByteBufferSource.of(b, BE), limits);
    }

    private static void scan(byte[] b, CmoLimits limits) {
        CmoScanner.skip(ByteBufferSource.of(b, BE), limits);
    }

    /** Both the reader and the scanner. */
    private static List<Consumer<byte[]>> decoders(CmoLimits limits) {
        return List.of(b -> read(b, limits), b -> scan(b, limits));
    }

    static Stream<byte[]> goldenCmos() {
        return GoldenCmos.all(BE).stream();
    }

    @ParameterizedTest
    @MethodSource("goldenCmos")
    void everyProperPrefixIsTruncated(byte[] wire) {
        for (int len = 0; len < wire.length; len++) {
            byte[] prefix = Arrays.copyOf(wire, len);
            for (Consumer<byte[]> d : decoders(CmoLimits.DEFAULT)) {
                assertThatThrownBy(() -> d.accept(prefix)).as("prefix of %d/%d bytes", len, wire.length)
                        .isInstanceOf(CmoTruncatedException.class);
            }
        }
        read(wire, CmoLimits.DEFAULT);
        scan(wire, CmoLimits.DEFAULT);
    }

    @Test
    void negativeLengthsAndCountsAreFormatErrors() {
        String[] cases = {
            "00000004 ffffffff", // STRING length -1
            "00000003 80000000", // DATUM length -2^31
            "00000011 fffffffe", // LIST count -2
            "00000010 ffffffff", // ARRAY count -1
            "00000013 ffffffff 00000001", // MONOMIAL32 arity -1
            "0000001f ffffffff 00000018", // DP count -1
            "00000021 ffffffff 00000000", // univariate count -1
            "00000034 00000040 00000001 00000000 ffffffff", // BIGFLOAT32 len -1
        };
        for (String c : cases) {
            byte[] b = WireHex.bytes(c, BE);
            for (Consumer<byte[]> d : decoders(SMALL)) {
                assertThatThrownBy(() -> d.accept(b)).as(c).isInstanceOf(CmoFormatException.class)
                        .isNotInstanceOf(CmoTruncatedException.class).hasMessageContaining("expected: >= 0");
            }
        }
    }

    @Test
    void hugeCountsFailFastWithoutAllocating() {
        // 12 bytes that announce 2^31-1 bytes or elements: rejected by the limit before any allocation
        String[] cases = {
            "00000004 7fffffff 41414141", // STRING of 2^31-1 bytes
            "00000003 7fffffff 41414141", // DATUM
            "00000011 7fffffff 00000001", // LIST of 2^31-1 elements
            "00000014 7fffffff 00000001", // ZZ of 2^31-1 words
            "00000014 80000001 00000001", // ZZ of -(2^31-1) words
            "00000014 80000000 00000001", // ZZ with count -2^31
            "00000015 00000001 00000001 7fffffff", // QQ with a huge denominator
            "00000013 7fffffff 00000001", // MONOMIAL32 arity
            "00000021 7fffffff 00000000", // univariate terms
            "0000001f 7fffffff 00000018", // DP monomials
        };
        for (String c : cases) {
            byte[] b = WireHex.bytes(c, BE);
            for (Consumer<byte[]> d : decoders(SMALL)) {
                assertThatThrownBy(() -> d.accept(b)).as(c).isInstanceOf(CmoLimitExceededException.class);
            }
        }
    }

    @Test
    void countsWithinLimitsButBeyondTheInputAreTruncatedBeforeAllocation() {
        // with the generous defaults the limit allows 16 Mi elements; the 4 bytes present cannot hold them
        CmoLimits wide = CmoLimits.builder().maxElements(Integer.MAX_VALUE).maxStringBytes(Integer.MAX_VALUE)
                .maxBignumWords(Integer.MAX_VALUE).build();
        String[] cases = {"00000004 7fffffff 41414141", "00000011 7fffffff 00000001", "00000014 7fffffff 00000001",
            "00000021 7fffffff 00000000", "0000001f 7fffffff 00000018"};
        for (String c : cases) {
            byte[] b = WireHex.bytes(c, BE);
            assertThatThrownBy(() -> read(b, wide)).as(c).isInstanceOf(CmoTruncatedException.class);
            assertThatThrownBy(() -> scan(b, wide)).as(c).isInstanceOf(CmoTruncatedException.class);
        }
    }

    @Test
    void limitsAreInclusive() {
        CmoLimits l = CmoLimits.builder().maxElements(3).maxStringBytes(5).maxBignumWords(2).build();
        assertThat(read(WireHex.bytes("00000004 00000005 '6162636465", BE), l)).isNotNull();
        assertThatThrownBy(() -> read(WireHex.bytes("00000004 00000006 '616263646566", BE), l))
                .isInstanceOf(CmoLimitExceededException.class);
        assertThat(read(WireHex.bytes("00000014 fffffffe 00000001 00000001", BE), l)).isNotNull();
        assertThatThrownBy(() -> read(WireHex.bytes("00000014 00000003 00000001 00000001 00000001", BE), l))
                .isInstanceOf(CmoLimitExceededException.class);
        assertThat(read(WireHex.bytes("00000011 00000003 00000001 00000001 00000001", BE), l)).isNotNull();
        assertThatThrownBy(() -> read(WireHex.bytes("00000011 00000004 00000001 00000001 00000001 00000001", BE), l))
                .isInstanceOf(CmoLimitExceededException.class);
    }

    /** A chain of {@code depth} CMOs: lists nested depth-1 times around an INT32. */
    private static Cmo nested(int depth) {
        Cmo c = new CmoInt32(7);
        for (int i = 1; i < depth; i++) {
            c = CmoList.of(c);
        }
        return c;
    }

    @Test
    void depthLimitIsAcceptedAndLimitPlusOneRejected() {
        for (ByteOrder order : new ByteOrder[] {BE, ByteOrder.LITTLE_ENDIAN}) {
            byte[] atLimit = CmoWriter.toBytes(nested(SMALL.maxDepth()), order);
            byte[] beyond = CmoWriter.toBytes(nested(SMALL.maxDepth() + 1), order);
            assertThat(CmoReader.read(ByteBufferSource.of(atLimit, order), SMALL)).isEqualTo(nested(SMALL.maxDepth()));
            CmoScanner.skip(ByteBufferSource.of(atLimit, order), SMALL);
            assertThatThrownBy(() -> CmoReader.read(ByteBufferSource.of(beyond, order), SMALL))
                    .isInstanceOf(CmoLimitExceededException.class).hasMessageContaining("depth");
            assertThatThrownBy(() -> CmoScanner.skip(ByteBufferSource.of(beyond, order), SMALL))
                    .isInstanceOf(CmoLimitExceededException.class).hasMessageContaining("depth");
        }
    }

    @Test
    void deepNestingUnderDefaultLimitsDoesNotOverflowTheStack() {
        byte[] deep = new byte[8 * 100_000];
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(deep);
        for (int i = 0; i < 100_000; i++) {
            b.putInt(17).putInt(1);
        }
        assertThatThrownBy(() -> read(deep, CmoLimits.DEFAULT)).isInstanceOf(CmoLimitExceededException.class);
        assertThatThrownBy(() -> scan(deep, CmoLimits.DEFAULT)).isInstanceOf(CmoLimitExceededException.class);
    }

    @Test
    void unknownTagsAreUnsupported() {
        int[] unknown = {0, 6, 28, 30, 41, 42, 43, 63, 0x7f000003, 0x7fabcd03, 0x7fcdef30, 0x7fff0000, -1};
        for (int tag : unknown) {
            byte[] top = WireHex.bytes(String.format("%08x 00000000", tag), BE);
            byte[] inside = WireHex.bytes(String.format("00000011 00000002 00000001 %08x", tag), BE);
            for (byte[] b : List.of(top, inside)) {
                for (Consumer<byte[]> d : decoders(SMALL)) {
                    assertThatThrownBy(() -> d.accept(b)).isInstanceOf(UnsupportedCmoTypeException.class)
                            .satisfies(e -> assertThat(((UnsupportedCmoTypeException) e).tag()).isEqualTo(tag));
                }
            }
        }
    }

    @Test
    void structurallyWrongChildrenAreFormatErrors() {
        // RECURSIVE_POLYNOMIAL whose variable list is a STRING; DP whose term is an INT32
        byte[] rp = WireHex.bytes("0000001b 00000004 00000001 '78 00000001", BE);
        byte[] dp = WireHex.bytes("0000001f 00000001 00000018 00000002 00000005", BE);
        assertThatThrownBy(() -> read(rp, SMALL)).isInstanceOf(CmoFormatException.class).hasMessageContaining("CMO_LIST");
        assertThatThrownBy(() -> read(dp, SMALL)).isInstanceOf(CmoFormatException.class)
                .hasMessageContaining("CMO_MONOMIAL32");
    }
}
