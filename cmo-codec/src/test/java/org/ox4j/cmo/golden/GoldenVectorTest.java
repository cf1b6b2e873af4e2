package org.ox4j.cmo.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.specs.GoldenVectors;

/** Every capture of every session: decode, render like the capture's decoding, re-encode byte for byte. */
class GoldenVectorTest {

    static Stream<GoldenVectors.Stream> streams() {
        return GoldenVectors.streams().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void decodingMatchesTheCapturedDecodingLineByLine(GoldenVectors.Stream stream) {
        byte[] bin = stream.bytes();
        List<OxTranscript.Frame> frames = OxTranscript.parse(bin, stream.byteOrder(), CmoLimits.DEFAULT);
        List<String> expected = Arrays.asList(stream.decodedText().split("\n", -1));
        if (!expected.isEmpty() && expected.get(expected.size() - 1).isEmpty()) {
            expected = expected.subList(0, expected.size() - 1);
        }
        assertThat(OxTranscript.render(stream, bin.length, frames)).containsExactlyElementsOf(expected);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("streams")
    void reEncodingGivesTheCapturedBytes(GoldenVectors.Stream stream) {
        byte[] bin = stream.bytes();
        List<OxTranscript.Frame> frames = OxTranscript.parse(bin, stream.byteOrder(), CmoLimits.DEFAULT);
        assertThat(OxTranscript.encode(bin[0], frames, stream.byteOrder())).isEqualTo(bin);
    }
}
