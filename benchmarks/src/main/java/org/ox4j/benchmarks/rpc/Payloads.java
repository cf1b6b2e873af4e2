package org.ox4j.benchmarks.rpc;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoWriter;

/** The objects of {@code ox-bench rpc} (issue 8): a big dense polynomial, a big integer, a long list. */
public final class Payloads {
    private Payloads() {
    }

    /** A named payload with its encoded size. */
    record Payload(String name, Cmo cmo, long bytes) {
        static Payload of(String name, Cmo cmo) {
            return new Payload(name, cmo, CmoWriter.toBytes(cmo, ByteOrder.LITTLE_ENDIAN).length);
        }
    }

    /**
     * Dense polynomial in x, y, z of total degree at most {@code degree} (C(degree+3, 3) terms: 9880 for 37) with
     * random nonzero {@code bits}-bit coefficients, as CMO_RECURSIVE_POLYNOMIAL (x outermost).
     */
    public static Cmo densePolynomial(int degree, int bits, long seed) {
        Random r = new Random(seed);
        List<CmoPolynomialInOneVariable.Term> xs = new ArrayList<>();
        for (int i = degree; i >= 0; i--) {
            List<CmoPolynomialInOneVariable.Term> ys = new ArrayList<>();
            for (int j = degree - i; j >= 0; j--) {
                List<CmoPolynomialInOneVariable.Term> zs = new ArrayList<>();
                for (int k = degree - i - j; k >= 0; k--) {
                    BigInteger c = new BigInteger(bits, r).setBit(bits - 1);
                    zs.add(new CmoPolynomialInOneVariable.Term(k, new CmoZZ(r.nextBoolean() ? c : c.negate())));
                }
                ys.add(new CmoPolynomialInOneVariable.Term(j, new CmoPolynomialInOneVariable(2, zs)));
            }
            xs.add(new CmoPolynomialInOneVariable.Term(i, new CmoPolynomialInOneVariable(1, ys)));
        }
        CmoList vars = CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y"), CmoIndeterminate.of("z"));
        return new CmoRecursivePolynomial(vars, new CmoPolynomialInOneVariable(0, xs));
    }

    public static Cmo bigInteger(int bits, long seed) {
        return new CmoZZ(new BigInteger(bits, new Random(seed)).setBit(bits - 1));
    }

    public static Cmo smallIntegers(int n) {
        Cmo[] items = new Cmo[n];
        for (int i = 0; i < n; i++) {
            items[i] = CmoZZ.of(i % 1000 + 1);
        }
        return CmoList.of(items);
    }

    static List<Payload> standard() {
        return List.of(Payload.of("poly 9880 terms x 200 bits", densePolynomial(37, 200, 1)),
                Payload.of("ZZ 10^6 bits", bigInteger(1_000_000, 2)),
                Payload.of("list 10^5 small ZZ", smallIntegers(100_000)));
    }
}
