package org.ox4j.cmo.io;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
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
import org.ox4j.cmo.CmoFormatException;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoLambda;
import org.ox4j.cmo.CmoLimitExceededException;
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
import org.ox4j.cmo.CmoTruncatedException;
import org.ox4j.cmo.CmoType;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.CmoZero;
import org.ox4j.cmo.UnsupportedCmoTypeException;

/**
 * Decodes one complete CMO (tag and body) from a {@link ByteSource}. Every count and length is checked against
 * {@link CmoLimits} and against the bytes actually remaining before anything is allocated, so a hostile length
 * costs nothing. Big integers are converted in linear time ({@link BigIntegerWords}).
 *
 * <p>Instances are cheap and not thread-safe; use one per decode.
 */
public final class CmoReader {
    /** Largest limb count whose bytes fit in one Java array. */
    private static final int MAX_ARRAY_WORDS = (Integer.MAX_VALUE - 8) / 4;

    private final ByteSource in;
    private final CmoLimits limits;

    public CmoReader(ByteSource in, CmoLimits limits) {
        this.in = in;
        this.limits = limits;
    }

    /** Decodes one CMO from {@code in}. */
    public static Cmo read(ByteSource in, CmoLimits limits) {
        return new CmoReader(in, limits).read();
    }

    /** Decodes one CMO (tag and body). */
    public Cmo read() {
        return readCmo(0);
    }

    private Cmo readCmo(int depth) {
        int tag = in.readInt();
        CmoType type = CmoType.fromCode(tag).orElseThrow(() -> new UnsupportedCmoTypeException(tag));
        return readBody(type, depth);
    }

    private Cmo readBody(CmoType type, int depth) {
        CmoLimitChecks.depth(limits, depth);
        int d = depth + 1;
        switch (type) {
            case NULL:
                return CmoNull.INSTANCE;
            case ZERO:
                return CmoZero.INSTANCE;
            case DMS_GENERIC:
                return CmoDmsGeneric.INSTANCE;
            case ERROR:
                return CmoError.INSTANCE;
            case INT32:
                return new CmoInt32(in.readInt());
            case DATUM:
                return CmoDatum.wrap(readByteString("CMO_DATUM"));
            case STRING:
                return CmoString.wrapBytes(readByteString("CMO_STRING"));
            case ATOM:
                return new CmoAtom(CmoString.wrapBytes(readByteString("CMO_ATOM")));
            case MATHCAP:
                return new CmoMathcap(readCmo(d));
            case ERROR2:
                return new CmoError2(readCmo(d));
            case LIST:
                return new CmoList(readElements(d, "CMO_LIST"));
            case ARRAY:
                return new CmoArray(readElements(d, "CMO_ARRAY"));
            case MONOMIAL32:
                return readMonomial(d);
            case ZZ:
                return new CmoZZ(readZZBody());
            case QQ: {
                BigInteger num = readZZBody();
                BigInteger den = readZZBody();
                return new CmoQQ(num, den);
            }
            case DMS_OF_N_VARIABLES:
                return new CmoDmsOfNVariables(readCmo(d));
            case RING_BY_NAME:
                return new CmoRingByName(readCmo(d));
            case RECURSIVE_POLYNOMIAL: {
                Cmo vars = readCmo(d);
                if (!(vars instanceof CmoList list)) {
                    throw new CmoFormatException("CMO_RECURSIVE_POLYNOMIAL variables: " + vars.type().specName()
                            + " (expected: CMO_LIST)");
                }
                return new CmoRecursivePolynomial(list, readCmo(d));
            }
            case DISTRIBUTED_POLYNOMIAL:
                return readDistributed(d);
            case POLYNOMIAL_IN_ONE_VARIABLE:
                return readUnivariate(d);
            case RATIONAL: {
                Cmo num = readCmo(d);
                return new CmoRational(num, readCmo(d));
            }
            case COMPLEX: {
                Cmo re = readCmo(d);
                return new CmoComplex(re, readCmo(d));
            }
            case MACHINE_DOUBLE_64:
                return new CmoMachineDouble(in.readLong());
            case IEEE_DOUBLE_FLOAT:
                return new CmoIeeeDouble(in.readLong());
            case BIGFLOAT: {
                BigInteger mantissa = readZZBody();
                return new CmoBigFloat(mantissa, readZZBody());
            }
            case BIGFLOAT32:
                return readBigFloat32();
            case INDETERMINATE:
                return new CmoIndeterminate(readCmo(d));
            case TREE: {
                Cmo name = readCmo(d);
                Cmo attributes = readCmo(d);
                return new CmoTree(name, attributes, readCmo(d));
            }
            case LAMBDA: {
                Cmo args = readCmo(d);
                return new CmoLambda(args, readCmo(d));
            }
            default:
                throw new UnsupportedCmoTypeException(type.code());
        }
    }

    private byte[] readByteString(String what) {
        int n = CmoLimitChecks.byteLength(limits, what, in.readInt());
        requireRemaining(n, what);
        byte[] b = new byte[n];
        in.readBytes(b, 0, n);
        return b;
    }

    private int readCount(String what, int minBytesPerItem) {
        int n = CmoLimitChecks.count(limits, what, in.readInt());
        requireRemaining((long) n * minBytesPerItem, what);
        return n;
    }

    private List<Cmo> readElements(int depth, String what) {
        int n = readCount(what, 4);
        List<Cmo> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(readCmo(depth));
        }
        return out;
    }

    private CmoMonomial32 readMonomial(int depth) {
        int n = readCount("CMO_MONOMIAL32", 4);
        int[] exps = new int[n];
        for (int i = 0; i < n; i++) {
            exps[i] = in.readInt();
        }
        return CmoMonomial32.wrap(exps, readCmo(depth));
    }

    private CmoDistributedPolynomial readDistributed(int depth) {
        int m = readCount("CMO_DISTRIBUTED_POLYNOMIAL", 8);
        Cmo ring = readCmo(depth);
        List<CmoMonomial32> monomials = new ArrayList<>(m);
        for (int i = 0; i < m; i++) {
            Cmo c = readCmo(depth);
            if (!(c instanceof CmoMonomial32 mono)) {
                throw new CmoFormatException("CMO_DISTRIBUTED_POLYNOMIAL term " + i + ": " + c.type().specName()
                        + " (expected: CMO_MONOMIAL32)");
            }
            monomials.add(mono);
        }
        return new CmoDistributedPolynomial(ring, monomials);
    }

    private CmoPolynomialInOneVariable readUnivariate(int depth) {
        int m = readCount("CMO_POLYNOMIAL_IN_ONE_VARIABLE", 8);
        int var = in.readInt();
        List<CmoPolynomialInOneVariable.Term> terms = new ArrayList<>(m);
        for (int i = 0; i < m; i++) {
            int e = in.readInt();
            terms.add(new CmoPolynomialInOneVariable.Term(e, readCmo(depth)));
        }
        return new CmoPolynomialInOneVariable(var, terms);
    }

    private CmoBigFloat32 readBigFloat32() {
        int prec = in.readInt();
        int sign = in.readInt();
        int exp = in.readInt();
        int len = CmoLimitChecks.bigFloatWords(limits, in.readInt());
        requireRemaining(4L * len, "CMO_BIGFLOAT32");
        int[] words = new int[len];
        for (int i = 0; i < len; i++) {
            words[i] = in.readInt();
        }
        return CmoBigFloat32.wrap(prec, sign, exp, words);
    }

    /** Reads a ZZ body (signed word count, then limbs) into a BigInteger. */
    private BigInteger readZZBody() {
        int f = in.readInt();
        if (f == 0) {
            return BigInteger.ZERO;
        }
        int words = CmoLimitChecks.zzWords(limits, f);
        requireRemaining(4L * words, "CMO_ZZ");
        if (words > MAX_ARRAY_WORDS) {
            throw new CmoLimitExceededException("CMO_ZZ words: " + words + " (expected: <= " + MAX_ARRAY_WORDS + ")");
        }
        BigInteger mag = BigIntegerWords.readLimbs(in, words);
        return f < 0 ? mag.negate() : mag;
    }

    private void requireRemaining(long n, String what) {
        if (n > in.remaining()) {
            throw new CmoTruncatedException(what + ": needs " + n + " more bytes, " + in.remaining() + " available");
        }
    }
}
