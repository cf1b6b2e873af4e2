package org.ox4j.algebra.gb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.Modulus;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.ZPoly;

/**
 * The larger benchmark systems (katsura-7 and -8, cyclic-6 over Q, cyclic-7) against Asir's own bases, stored as fingerprints
 * (asir/README.md): every element has Asir's number of terms and Asir's value at a fixed point modulo 2^61 − 1, in
 * Asir's element order. rings would take minutes to hours on these, so the stored answers are the oracle here.
 */
class AsirBasesTest {
    private static final BigInteger P = BigInteger.ONE.shiftLeft(61).subtract(BigInteger.ONE);

    private static List<long[]> fixture(String name) throws IOException {
        try (InputStream in = AsirBasesTest.class.getResourceAsStream("asir/" + name + ".txt")) {
            String text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            List<long[]> out = new ArrayList<>();
            Matcher m = Pattern.compile("\\[(\\d+),(\\d+)\\]").matcher(text);
            while (m.find()) {
                out.add(new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))});
            }
            return out;
        }
    }

    private static BigInteger valueAtPoint(ZPoly f) {
        BigInteger sum = BigInteger.ZERO;
        for (int i = 0; i < f.size(); i++) {
            BigInteger t = f.coefficient(i);
            int[] e = f.exponents(i);
            for (int v = 0; v < e.length; v++) {
                t = t.multiply(BigInteger.valueOf(v + 2).modPow(BigInteger.valueOf(e[v]), P));
            }
            sum = sum.add(t).mod(P);
        }
        return sum;
    }

    @ParameterizedTest(name = "{0}-{1} modulo {2}")
    @CsvSource({"katsura, 7, 32003", "katsura, 7, 0", "katsura, 8, 32003", "katsura, 8, 0", "cyclic, 6, 0",
        "cyclic, 7, 32003", "cyclic, 7, 0"})
    void basisHasAsirsFingerprints(String system, int n, long p) throws IOException {
        boolean katsura = system.equals("katsura");
        MonomialLayout l = MonomialLayout.of(MonomialOrder.grevlex(katsura ? n + 1 : n), 8);
        List<ZPoly> f = katsura ? StandardSystems.katsura(l, n) : StandardSystems.cyclic(l, n);
        List<ZPoly> ours = new ArrayList<>();
        if (p == 0) {
            ours.addAll(ModularGroebner.basis(f, Interrupt.NONE, 2));
        } else {
            Modulus m = Modulus.of(p);
            List<ModPoly> in = new ArrayList<>();
            for (ZPoly z : f) {
                in.add(ModPoly.of(z, m));
            }
            for (ModPoly g : F4.basis(in, Interrupt.NONE, 2)) {
                ours.add(g.lift());
            }
        }
        Collections.reverse(ours); // Asir's nd_ order: decreasing leading monomials
        List<long[]> asir = fixture(system + n + "-" + p);
        assertThat(ours).hasSize(asir.size());
        for (int k = 0; k < ours.size(); k++) {
            ZPoly g = ours.get(k);
            assertThat((long) g.size()).as("terms of element %d", k).isEqualTo(asir.get(k)[0]);
            BigInteger v = valueAtPoint(g);
            BigInteger expected = BigInteger.valueOf(asir.get(k)[1]);
            if (p == 0 && !v.equals(expected)) {
                v = P.subtract(v).mod(P); // over Q the element may come with the other sign
            }
            assertThat(v).as("value of element %d", k).isEqualTo(expected);
        }
    }
}
