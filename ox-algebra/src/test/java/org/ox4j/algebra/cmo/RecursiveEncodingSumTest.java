package org.ox4j.algebra.cmo;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.ByteBufferSource;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoReader;
import org.ox4j.cmo.io.CmoWriter;

/**
 * The byte-level sum against term maps added by hand: random sparse polynomials in x, y, z with small and big
 * coefficients (some as CMO_INT32), partly cancelling, in both byte orders.
 */
class RecursiveEncodingSumTest {
    private static final CmoList XYZ = CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y"),
            CmoIndeterminate.of("z"));

    /** Exponent vectors (x, y, z) to non-zero coefficients. */
    private static Map<List<Integer>, BigInteger> random(Random r) {
        Map<List<Integer>, BigInteger> p = new HashMap<>();
        int n = r.nextInt(25);
        for (int k = 0; k < n; k++) {
            List<Integer> e = List.of(r.nextInt(4), r.nextInt(4), r.nextInt(4));
            BigInteger c = r.nextBoolean() ? BigInteger.valueOf(r.nextInt(7) - 3) : new BigInteger(1 + r.nextInt(150), r)
                    .multiply(BigInteger.valueOf(r.nextBoolean() ? 1 : -1));
            if (c.signum() != 0) {
                p.put(e, c);
            }
        }
        return p;
    }

    private static Map<List<Integer>, BigInteger> sum(Map<List<Integer>, BigInteger> a, Map<List<Integer>, BigInteger> b) {
        Map<List<Integer>, BigInteger> s = new HashMap<>(a);
        b.forEach((e, c) -> s.merge(e, c, BigInteger::add));
        s.values().removeIf(c -> c.signum() == 0);
        return s;
    }

    /** The canonical recursive form of {@code p} (variable 0 outermost), numbers as ZZ or, when small, INT32. */
    private static Cmo recursive(Map<List<Integer>, BigInteger> p, int variable, Random r) {
        if (variable == 3) {
            BigInteger c = p.getOrDefault(List.<Integer>of(), BigInteger.ZERO);
            return c.bitLength() < 31 && r.nextBoolean() ? new CmoInt32(c.intValue()) : new CmoZZ(c);
        }
        TreeMap<Integer, Map<List<Integer>, BigInteger>> byExponent = new TreeMap<>();
        p.forEach((e, c) -> byExponent.computeIfAbsent(e.get(0), k -> new HashMap<>()).put(e.subList(1, e.size()), c));
        if (byExponent.size() == 1 && byExponent.firstKey() == 0) {
            return recursive(byExponent.get(0), variable + 1, r);
        }
        List<CmoPolynomialInOneVariable.Term> terms = new ArrayList<>();
        for (Map.Entry<Integer, Map<List<Integer>, BigInteger>> t : byExponent.descendingMap().entrySet()) {
            terms.add(new CmoPolynomialInOneVariable.Term(t.getKey(), recursive(t.getValue(), variable + 1, r)));
        }
        return new CmoPolynomialInOneVariable(variable, terms);
    }

    /** The term map of a recursive body over x, y, z. */
    private static void terms(Cmo c, int[] e, Map<List<Integer>, BigInteger> out) {
        if (c instanceof CmoPolynomialInOneVariable u) {
            for (CmoPolynomialInOneVariable.Term t : u.terms()) {
                int[] f = e.clone();
                f[u.variable()] += t.exponent();
                terms(t.coefficient(), f, out);
            }
            return;
        }
        BigInteger v = c instanceof CmoInt32 i ? BigInteger.valueOf(i.value()) : ((CmoZZ) c).value();
        if (v.signum() != 0) {
            out.merge(List.of(e[0], e[1], e[2]), v, BigInteger::add);
        }
    }

    private static CmoRecursivePolynomial kept(Cmo body, ByteOrder order) {
        byte[] wire = CmoWriter.toBytes(new CmoRecursivePolynomial(XYZ, body), order);
        return (CmoRecursivePolynomial) CmoReader.readKeepingEncoding(ByteBufferSource.of(wire, order),
                CmoLimits.DEFAULT);
    }

    private static boolean nonConstant(Map<List<Integer>, BigInteger> p) {
        return p.keySet().stream().anyMatch(e -> e.get(0) + e.get(1) + e.get(2) > 0);
    }

    @Test
    void sumsMatchTermMapsAddedByHand() {
        Random r = new Random(2026_12_03L);
        int merged = 0;
        for (int round = 0; round < 2000; round++) {
            ByteOrder order = r.nextBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
            Map<List<Integer>, BigInteger> a = random(r);
            Map<List<Integer>, BigInteger> b = random(r);
            if (r.nextInt(3) == 0) {
                // cancel some of a's terms, sometimes all of them
                boolean all = round % 9 == 0;
                a.forEach((e, c) -> {
                    if (all || r.nextBoolean()) {
                        b.put(e, c.negate());
                    }
                });
            }
            if (!nonConstant(a) || !nonConstant(b)) {
                continue;
            }
            Cmo bodyA = recursive(a, 0, r);
            Cmo bodyB = recursive(b, 0, r);
            Optional<CmoRecursivePolynomial> s = RecursiveEncodingSum.of(kept(bodyA, order), kept(bodyB, order));
            Map<List<Integer>, BigInteger> expected = sum(a, b);
            assertThat(s.isPresent()).as("round %d: merged iff the sum is not constant: %s + %s = %s; %s + %s", round,
                    a, b, expected, bodyA, bodyB)
                    .isEqualTo(nonConstant(expected));
            if (s.isPresent()) {
                merged++;
                // kept as the encoding of the sum until its parts are asked for
                assertThat(s.get().wireLength()).isPositive();
                Map<List<Integer>, BigInteger> got = new HashMap<>();
                terms(s.get().body(), new int[3], got);
                assertThat(got).as("round %d", round).isEqualTo(expected);
                assertThat(s.get().variables()).isEqualTo(XYZ);
            }
        }
        assertThat(merged).isGreaterThan(1000);
    }

    @Test
    void otherVariablesOrRationalCoefficientsAreLeftToTheGeneralWay() {
        Cmo x = new CmoPolynomialInOneVariable(0, List.of(new CmoPolynomialInOneVariable.Term(1, CmoZZ.of(1))));
        CmoRecursivePolynomial inXyz = kept(x, ByteOrder.LITTLE_ENDIAN);
        byte[] other = CmoWriter.toBytes(new CmoRecursivePolynomial(CmoList.of(CmoIndeterminate.of("y")), x),
                ByteOrder.LITTLE_ENDIAN);
        CmoRecursivePolynomial inY = (CmoRecursivePolynomial) CmoReader.readKeepingEncoding(
                ByteBufferSource.of(other, ByteOrder.LITTLE_ENDIAN), CmoLimits.DEFAULT);
        assertThat(RecursiveEncodingSum.of(inXyz, inY)).isEmpty();
        Cmo half = new CmoPolynomialInOneVariable(0, List.of(new CmoPolynomialInOneVariable.Term(1,
                new CmoQQ(BigInteger.ONE, BigInteger.TWO))));
        assertThat(RecursiveEncodingSum.of(inXyz, kept(half, ByteOrder.LITTLE_ENDIAN))).isEmpty();
        // a different byte order, and a polynomial that was built rather than read, are not merged either
        assertThat(RecursiveEncodingSum.of(inXyz, kept(x, ByteOrder.BIG_ENDIAN))).isEmpty();
        assertThat(RecursiveEncodingSum.of(inXyz, new CmoRecursivePolynomial(XYZ, x))).isEmpty();
    }
}
