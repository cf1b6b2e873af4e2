package org.ox4j.cmo.io;

import java.math.BigInteger;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoArray;
import org.ox4j.cmo.CmoAtom;
import org.ox4j.cmo.CmoBigFloat;
import org.ox4j.cmo.CmoBigFloat32;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsGeneric;
import org.ox4j.cmo.CmoDmsOfNVariables;
import org.ox4j.cmo.CmoError;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoLambda;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMachineDouble;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoRingByName;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoTree;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;

/** jqwik generators of arbitrary CMO trees covering every type the codec knows. */
final class CmoArbitraries {
    private CmoArbitraries() {
    }

    /** Big integers of up to {@code maxBits} bits, either sign, biased towards word boundaries. */
    static Arbitrary<BigInteger> bigIntegers(int maxBits) {
        Arbitrary<BigInteger> random = Arbitraries.integers().between(0, maxBits).flatMap(bits ->
                Arbitraries.longs().map(seed -> new BigInteger(bits, new java.util.Random(seed))));
        Arbitrary<BigInteger> boundary = Arbitraries.integers().between(0, Math.max(0, maxBits / 32)).flatMap(w ->
                Arbitraries.of(-1, 0, 1).map(d -> BigInteger.ONE.shiftLeft(32 * w).add(BigInteger.valueOf(d))));
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(3, random), net.jqwik.api.Tuple.of(1, boundary))
                .flatMap(v -> Arbitraries.of(v, v.negate()));
    }

    static Arbitrary<Cmo> cmos() {
        return Arbitraries.lazyOf(CmoArbitraries::leaves, CmoArbitraries::leaves, CmoArbitraries::leaves,
                CmoArbitraries::composites);
    }

    static Arbitrary<Cmo> leaves() {
        Arbitrary<byte[]> bytes = Arbitraries.bytes().array(byte[].class).ofMaxSize(12);
        Arbitrary<BigInteger> big = bigIntegers(200);
        return Arbitraries.oneOf(
                Arbitraries.of(CmoNull.INSTANCE, CmoZero.INSTANCE, CmoError.INSTANCE, CmoDmsGeneric.INSTANCE),
                Arbitraries.integers().map(CmoInt32::new),
                Arbitraries.strings().ofMaxLength(10).map(CmoString::of),
                bytes.map(CmoString::wrapBytes),
                bytes.map(CmoDatum::of),
                bytes.map(b -> new CmoAtom(CmoString.wrapBytes(b))),
                big.map(CmoZZ::new),
                Combinators.combine(big, big).as(CmoQQ::new),
                Combinators.combine(big, big).as(CmoBigFloat::new),
                Arbitraries.longs().map(CmoIeeeDouble::new),
                Arbitraries.longs().map(CmoMachineDouble::new),
                Combinators.combine(Arbitraries.integers(), Arbitraries.of(1, -1), Arbitraries.integers(),
                        Arbitraries.integers().array(int[].class).ofMaxSize(5)).as(CmoBigFloat32::of));
    }

    private static Arbitrary<Cmo> composites() {
        Arbitrary<Cmo> c = cmos();
        Arbitrary<List<Cmo>> children = c.list().ofMaxSize(4);
        Arbitrary<CmoMonomial32> monomial = Combinators.combine(
                Arbitraries.integers().array(int[].class).ofMaxSize(4), c).as(CmoMonomial32::of);
        Arbitrary<CmoPolynomialInOneVariable.Term> term = Combinators.combine(Arbitraries.integers(), c)
                .as(CmoPolynomialInOneVariable.Term::new);
        return Arbitraries.oneOf(
                children.map(CmoList::new),
                children.map(CmoArray::new),
                c.map(CmoMathcap::new),
                c.map(CmoError2::new),
                c.map(CmoIndeterminate::new),
                c.map(CmoDmsOfNVariables::new),
                c.map(CmoRingByName::new),
                Combinators.combine(children.map(CmoList::new), c).as(CmoRecursivePolynomial::new),
                Combinators.combine(Arbitraries.integers(), term.list().ofMaxSize(3))
                        .as(CmoPolynomialInOneVariable::new),
                Combinators.combine(c, monomial.list().ofMaxSize(3)).as(CmoDistributedPolynomial::new),
                monomial.map(m -> (Cmo) m),
                Combinators.combine(c, c).as(CmoRational::new),
                Combinators.combine(c, c).as(CmoComplex::new),
                Combinators.combine(c, c, c).as(CmoTree::new),
                Combinators.combine(c, c).as(CmoLambda::new));
    }
}
