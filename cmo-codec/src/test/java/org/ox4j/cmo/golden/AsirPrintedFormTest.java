package org.ox4j.cmo.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.text.AsirNotation;
import org.ox4j.specs.GoldenVectors;

/** Every polynomial exchanged with the master is rendered by AsirNotation exactly as the Asir master printed it. */
class AsirPrintedFormTest {

    static Stream<String> foldersWithPolynomials() {
        return GoldenVectors.folders().stream().filter(f -> !polynomials(f).isEmpty());
    }

    static List<CmoRecursivePolynomial> polynomials(String folder) {
        List<CmoRecursivePolynomial> out = new ArrayList<>();
        for (GoldenVectors.Stream s : GoldenVectors.streams()) {
            // server-to-server links carry intermediate values the master never prints
            if (s.folder().equals(folder) && !s.connection().startsWith("rfc102-")) {
                for (OxTranscript.Frame f : OxTranscript.parse(s.bytes(), s.byteOrder(), CmoLimits.DEFAULT)) {
                    if (f.cmo() != null) {
                        collect(f.cmo(), out);
                    }
                }
            }
        }
        return out;
    }

    private static void collect(Cmo c, List<CmoRecursivePolynomial> out) {
        if (c instanceof CmoRecursivePolynomial p) {
            out.add(p);
        } else if (c instanceof CmoList l) {
            l.elements().forEach(e -> collect(e, out));
        }
    }

    @ParameterizedTest
    @MethodSource("foldersWithPolynomials")
    void polynomialsPrintAsAsirPrintedThem(String folder) {
        String asirOutput = GoldenVectors.text(folder, "asir-output.txt");
        for (CmoRecursivePolynomial p : polynomials(folder)) {
            String text = AsirNotation.popString(p);
            // Asir prints list elements and results after a comma and before a comma or bracket
            assertThat(asirOutput).as("%s in %s", text, folder).containsPattern("[,(\\[]" + java.util.regex.Pattern.quote(text) + "[,)\\]]");
        }
    }
}
