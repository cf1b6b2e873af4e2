package org.ox4j.cmo.io;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoArray;
import org.ox4j.cmo.CmoAtom;
import org.ox4j.cmo.CmoBigFloat;
import org.ox4j.cmo.CmoBigFloat32;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoDepthExceededException;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsGeneric;
import org.ox4j.cmo.CmoDmsOfNVariables;
import org.ox4j.cmo.CmoError;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoException;
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
import org.ox4j.cmo.KeptEncoded;
import org.ox4j.cmo.KeptEncoding;
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

    /**
     * Smallest encoding of a CMO_LIST that {@link #readKeepingEncoding} keeps as bytes. Smaller lists (argument
     * lists, variable lists) are used right after they arrive; scanning and then decoding them costs more than an
     * echo would save.
     */
    public static final int KEPT_LIST_MIN_BYTES = 16 * 1024;

    /**
     * Reads one CMO without building it where that pays: the encoding is scanned (counts, lengths and limits
     * checked) and, for a CMO_RECURSIVE_POLYNOMIAL or a CMO_LIST of at least {@value #KEPT_LIST_MIN_BYTES} bytes,
     * kept, to be decoded when its parts are first needed ({@link KeptEncoded}); anything else is decoded from the
     * captured bytes at once. A source that cannot capture decodes as {@link #read()} does. One nested deeper than
     * the limit is read to its end and refused with {@link CmoDepthExceededException}, as {@link #read()} refuses it.
     */
    public static Cmo readKeepingEncoding(ByteSource in, CmoLimits limits) {
        if (!in.startCapture()) {
            return read(in, limits);
        }
        CmoScanner.Scan scan;
        ByteBuffer wire;
        try {
            scan = CmoScanner.scan(in, limits);
        } finally {
            wire = in.endCapture();
        }
        if (scan.depth() >= limits.maxDepth()) {
            throw new CmoDepthExceededException(CmoLimitChecks.depthMessage(limits, scan.depth()));
        }
        ByteOrder order = in.order();
        int tag = wire.order(order).getInt(0);
        KeptEncoding kept = new KeptEncoding(wire.array(), wire.limit(), order, scan.tags(), scan.zeroInteger());
        if (tag == CmoType.RECURSIVE_POLYNOMIAL.code()) {
            return CmoRecursivePolynomial.encoded(kept, bytes -> recursivePolynomial(decode(bytes, order, limits)));
        }
        if (tag == CmoType.LIST.code() && wire.limit() >= KEPT_LIST_MIN_BYTES) {
            return CmoList.encoded(kept, bytes -> (CmoList) decode(bytes, order, limits));
        }
        return decode(wire, order, limits);
    }

    private static Cmo decode(ByteBuffer wire, ByteOrder order, CmoLimits limits) {
        return read(new ByteBufferSource(wire, order), limits);
    }

    private static CmoRecursivePolynomial recursivePolynomial(Cmo c) {
        if (!(c instanceof CmoRecursivePolynomial p)) {
            throw new CmoFormatException("expected CMO_RECURSIVE_POLYNOMIAL, got " + c.type().specName());
        }
        return p;
    }

    /** Decodes one CMO from {@code in}. */
    public static Cmo read(ByteSource in, CmoLimits limits) {
        return new CmoReader(in, limits).read();
    }

    /**
     * Decodes one CMO (tag and body). Nesting is followed with an explicit stack of open composites, not with the
     * Java stack, so any depth up to {@link CmoLimits#maxDepth()} decodes on any thread. A CMO nested deeper is
     * still read to its end, without building anything more, and then refused with
     * {@link CmoDepthExceededException}: the input stays in step, so a session can answer with an error and go on.
     */
    public Cmo read() {
        ArrayDeque<Composite> open = new ArrayDeque<>();
        while (true) {
            int tag = in.readInt();
            CmoType type = CmoType.ofCode(tag);
            if (type == null) {
                throw new UnsupportedCmoTypeException(tag);
            }
            if (open.size() >= limits.maxDepth()) {
                String what = CmoLimitChecks.depthMessage(limits, open.size());
                try {
                    skipRest(type, open);
                } catch (CmoException e) {
                    // the rest is not a well-formed CMO either: the input cannot be kept in step
                    CmoLimitExceededException refused = new CmoLimitExceededException(what);
                    refused.addSuppressed(e);
                    throw refused;
                }
                throw new CmoDepthExceededException(what);
            }
            Cmo value = leaf(type);
            if (value == null) {
                Composite c = openComposite(type);
                if (!c.complete()) {
                    open.push(c);
                    c.beforeNextChild();
                    continue;
                }
                value = c.build();
            }
            // hand the finished value up; every composite it completes is finished in turn
            while (true) {
                Composite parent = open.peek();
                if (parent == null) {
                    return value;
                }
                parent.add(value);
                if (!parent.complete()) {
                    parent.beforeNextChild();
                    break;
                }
                open.pop();
                value = parent.build();
            }
        }
    }

    /** A CMO without CMO children, or null for a composite. */
    private Cmo leaf(CmoType type) {
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
            case ZZ:
                return readZZ();
            case QQ: {
                BigInteger num = readZZBody();
                BigInteger den = readZZBody();
                return new CmoQQ(num, den);
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
            default:
                return null;
        }
    }

    /** Reads the head of a composite (its counts and inline integers); its CMO children follow. */
    private Composite openComposite(CmoType type) {
        switch (type) {
            case MATHCAP, ERROR2, DMS_OF_N_VARIABLES, RING_BY_NAME, INDETERMINATE:
                return new Composite(type, 1, null, 0, false);
            case RECURSIVE_POLYNOMIAL, RATIONAL, COMPLEX, LAMBDA:
                return new Composite(type, 2, null, 0, false);
            case TREE:
                return new Composite(type, 3, null, 0, false);
            case LIST:
                return new Composite(type, readCount("CMO_LIST", 4), null, 0, false);
            case ARRAY:
                return new Composite(type, readCount("CMO_ARRAY", 4), null, 0, false);
            case MONOMIAL32: {
                int n = readCount("CMO_MONOMIAL32", 4);
                int[] exps = new int[n];
                for (int i = 0; i < n; i++) {
                    exps[i] = in.readInt();
                }
                return new Composite(type, 1, exps, 0, false);
            }
            case DISTRIBUTED_POLYNOMIAL:
                // the ring, then the monomials
                return new Composite(type, readCount("CMO_DISTRIBUTED_POLYNOMIAL", 8) + 1, null, 0, false);
            case POLYNOMIAL_IN_ONE_VARIABLE: {
                int m = readCount("CMO_POLYNOMIAL_IN_ONE_VARIABLE", 8);
                int var = in.readInt();
                return new Composite(type, m, new int[m], var, true);
            }
            default:
                throw new UnsupportedCmoTypeException(type.code());
        }
    }

    /**
     * Consumes the rest of a too deep CMO: the body of {@code type} just read, then what remains of every open
     * composite. Counts and lengths are still checked; only one int per open level is kept.
     */
    private void skipRest(CmoType type, ArrayDeque<Composite> open) {
        CmoScanner scanner = new CmoScanner(in, limits);
        scanner.skipBodyWithoutDepthLimit(type);
        while (!open.isEmpty()) {
            Composite c = open.pop();
            // the child being read when the limit was hit is finished; skip its remaining siblings
            c.skipped++;
            while (!c.complete()) {
                c.beforeNextChild();
                scanner.skipWithoutDepthLimit();
                c.skipped++;
            }
        }
    }

    /** A composite CMO whose children are being read: its head, the children so far, how many are due. */
    private final class Composite {
        final CmoType type;
        final int due;
        final int[] ints;
        final int variable;
        final boolean exponentBeforeEachChild;
        final List<Cmo> children;
        int skipped;

        Composite(CmoType type, int due, int[] ints, int variable, boolean exponentBeforeEachChild) {
            this.type = type;
            this.due = due;
            this.ints = ints;
            this.variable = variable;
            this.exponentBeforeEachChild = exponentBeforeEachChild;
            this.children = new ArrayList<>(Math.min(due, 1024));
        }

        boolean complete() {
            return children.size() + skipped == due;
        }

        /** A univariate polynomial's exponent comes before each coefficient. */
        void beforeNextChild() {
            if (exponentBeforeEachChild) {
                int e = in.readInt();
                if (ints != null && children.size() < ints.length) {
                    ints[children.size()] = e;
                }
            }
        }

        void add(Cmo child) {
            int i = children.size();
            if (type == CmoType.RECURSIVE_POLYNOMIAL && i == 0 && !(child instanceof CmoList)) {
                throw new CmoFormatException("CMO_RECURSIVE_POLYNOMIAL variables: " + child.type().specName()
                        + " (expected: CMO_LIST)");
            }
            if (type == CmoType.DISTRIBUTED_POLYNOMIAL && i > 0 && !(child instanceof CmoMonomial32)) {
                throw new CmoFormatException("CMO_DISTRIBUTED_POLYNOMIAL term " + (i - 1) + ": "
                        + child.type().specName() + " (expected: CMO_MONOMIAL32)");
            }
            children.add(child);
        }

        Cmo build() {
            List<Cmo> c = children;
            switch (type) {
                case MATHCAP:
                    return new CmoMathcap(c.get(0));
                case ERROR2:
                    return new CmoError2(c.get(0));
                case DMS_OF_N_VARIABLES:
                    return new CmoDmsOfNVariables(c.get(0));
                case RING_BY_NAME:
                    return new CmoRingByName(c.get(0));
                case INDETERMINATE:
                    return new CmoIndeterminate(c.get(0));
                case LIST:
                    return new CmoList(c);
                case ARRAY:
                    return new CmoArray(c);
                case MONOMIAL32:
                    return CmoMonomial32.wrap(ints, c.get(0));
                case RECURSIVE_POLYNOMIAL:
                    return new CmoRecursivePolynomial((CmoList) c.get(0), c.get(1));
                case RATIONAL:
                    return new CmoRational(c.get(0), c.get(1));
                case COMPLEX:
                    return new CmoComplex(c.get(0), c.get(1));
                case LAMBDA:
                    return new CmoLambda(c.get(0), c.get(1));
                case TREE:
                    return new CmoTree(c.get(0), c.get(1), c.get(2));
                case DISTRIBUTED_POLYNOMIAL: {
                    List<CmoMonomial32> monomials = new ArrayList<>(c.size() - 1);
                    for (int i = 1; i < c.size(); i++) {
                        monomials.add((CmoMonomial32) c.get(i));
                    }
                    return new CmoDistributedPolynomial(c.get(0), monomials);
                }
                case POLYNOMIAL_IN_ONE_VARIABLE: {
                    List<CmoPolynomialInOneVariable.Term> terms = new ArrayList<>(c.size());
                    for (int i = 0; i < c.size(); i++) {
                        terms.add(new CmoPolynomialInOneVariable.Term(ints[i], c.get(i)));
                    }
                    return new CmoPolynomialInOneVariable(variable, terms);
                }
                default:
                    throw new UnsupportedCmoTypeException(type.code());
            }
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

    /**
     * Reads a CMO_ZZ body; an integer of two or more limbs keeps its limb bytes as they arrived (one bulk read, no
     * conversion until its value is asked for), so a push and a pop of it copy bytes only.
     */
    private CmoZZ readZZ() {
        int f = in.readInt();
        if (f == 0) {
            return new CmoZZ(BigInteger.ZERO);
        }
        int words = zzWords(f);
        if (words == 1) {
            long limb = in.readInt() & 0xffffffffL;
            return new CmoZZ(BigInteger.valueOf(f < 0 ? -limb : limb));
        }
        byte[] limbs = new byte[4 * words];
        in.readBytes(limbs, 0, limbs.length);
        return CmoZZ.ofLimbs(limbs, in.order(), f < 0);
    }

    /** Reads a ZZ body (signed word count, then limbs) into a BigInteger. */
    private BigInteger readZZBody() {
        int f = in.readInt();
        if (f == 0) {
            return BigInteger.ZERO;
        }
        BigInteger mag = BigIntegerWords.readLimbs(in, zzWords(f));
        return f < 0 ? mag.negate() : mag;
    }

    /** The limb count of a ZZ body with the signed count {@code f} (not 0), checked against the limits and the input. */
    private int zzWords(int f) {
        int words = CmoLimitChecks.zzWords(limits, f);
        requireRemaining(4L * words, "CMO_ZZ");
        if (words > MAX_ARRAY_WORDS) {
            throw new CmoLimitExceededException("CMO_ZZ words: " + words + " (expected: <= " + MAX_ARRAY_WORDS + ")");
        }
        return words;
    }

    private void requireRemaining(long n, String what) {
        if (n > in.remaining()) {
            throw new CmoTruncatedException(what + ": needs " + n + " more bytes, " + in.remaining() + " available");
        }
    }
}
