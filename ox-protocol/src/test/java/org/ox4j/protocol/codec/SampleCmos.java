package org.ox4j.protocol.codec;

import java.math.BigInteger;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
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
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;

/** One small but non-trivial value of every CMO type, nested where the type nests. */
final class SampleCmos {
    private SampleCmos() {
    }

    static Map<CmoType, Cmo> byType() {
        Map<CmoType, Cmo> m = new EnumMap<>(CmoType.class);
        BigInteger big = BigInteger.TWO.pow(100).add(BigInteger.valueOf(12345));
        CmoMonomial32 mono = CmoMonomial32.of(new int[] {2, 0, 1}, CmoZZ.of(-7));
        CmoPolynomialInOneVariable uni = new CmoPolynomialInOneVariable(0, List.of(
                new CmoPolynomialInOneVariable.Term(2, new CmoQQ(BigInteger.valueOf(3), BigInteger.TWO)),
                new CmoPolynomialInOneVariable.Term(0, CmoZZ.of(1))));
        m.put(CmoType.NULL, CmoNull.INSTANCE);
        m.put(CmoType.INT32, new CmoInt32(-123456));
        m.put(CmoType.DATUM, CmoDatum.of(new byte[] {0, 1, 2, (byte) 0xff}));
        m.put(CmoType.STRING, CmoString.of("Hello, OpenXM! \u00e4"));
        m.put(CmoType.MATHCAP, new CmoMathcap(CmoList.of(CmoList.of(new CmoInt32(1), CmoString.of("ox4j")))));
        m.put(CmoType.ARRAY, new CmoArray(List.of(new CmoInt32(1), CmoString.of("a"))));
        m.put(CmoType.LIST, CmoList.of(CmoZZ.of(1), CmoList.of(CmoList.EMPTY, CmoString.of("two")), CmoNull.INSTANCE));
        m.put(CmoType.ATOM, new CmoAtom(CmoString.of("atom")));
        m.put(CmoType.MONOMIAL32, mono);
        m.put(CmoType.ZZ, new CmoZZ(big.negate()));
        m.put(CmoType.QQ, new CmoQQ(big, BigInteger.valueOf(7)));
        m.put(CmoType.ZERO, CmoZero.INSTANCE);
        m.put(CmoType.DMS_GENERIC, CmoDmsGeneric.INSTANCE);
        m.put(CmoType.DMS_OF_N_VARIABLES, new CmoDmsOfNVariables(CmoList.of(new CmoInt32(3))));
        m.put(CmoType.RING_BY_NAME, new CmoRingByName(CmoString.of("ring")));
        m.put(CmoType.RECURSIVE_POLYNOMIAL, new CmoRecursivePolynomial(
                CmoList.of(CmoIndeterminate.of("x"), CmoIndeterminate.of("y")), uni));
        m.put(CmoType.DISTRIBUTED_POLYNOMIAL, new CmoDistributedPolynomial(CmoDmsGeneric.INSTANCE,
                List.of(mono, CmoMonomial32.of(new int[] {0, 0, 0}, CmoZZ.of(5)))));
        m.put(CmoType.POLYNOMIAL_IN_ONE_VARIABLE, uni);
        m.put(CmoType.RATIONAL, new CmoRational(CmoZZ.of(1), uni));
        m.put(CmoType.COMPLEX, new CmoComplex(CmoZZ.of(1), new CmoQQ(BigInteger.ONE, BigInteger.TWO)));
        m.put(CmoType.MACHINE_DOUBLE_64, new CmoMachineDouble(Double.doubleToLongBits(1.5)));
        m.put(CmoType.BIGFLOAT, new CmoBigFloat(big, BigInteger.valueOf(-3)));
        m.put(CmoType.IEEE_DOUBLE_FLOAT, CmoIeeeDouble.of(-2.25));
        m.put(CmoType.BIGFLOAT32, CmoBigFloat32.of(64, 1, 3, new int[] {0x12345678, 0x9abcdef0}));
        m.put(CmoType.INDETERMINATE, CmoIndeterminate.of("x"));
        m.put(CmoType.TREE, new CmoTree(CmoString.of("plus"), CmoList.of(CmoString.of("asir")),
                CmoList.of(CmoZZ.of(1), CmoZZ.of(2))));
        m.put(CmoType.LAMBDA, new CmoLambda(CmoList.of(CmoIndeterminate.of("x")), CmoString.of("body")));
        m.put(CmoType.ERROR, CmoError.INSTANCE);
        m.put(CmoType.ERROR2, CmoError2.of(17, "division by zero"));
        return m;
    }
}
