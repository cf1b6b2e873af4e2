package org.ox4j.cmo.io;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoArray;
import org.ox4j.cmo.CmoAtom;
import org.ox4j.cmo.CmoBigFloat;
import org.ox4j.cmo.CmoBigFloat32;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsOfNVariables;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoLambda;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMachineDouble;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoRingByName;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoTree;
import org.ox4j.cmo.CmoZZ;

/**
 * Encodes CMOs into a {@link ByteSink} in the sink's byte order. Writing goes straight to the sink; big integers
 * are converted once, in linear time.
 */
public final class CmoWriter {
    private CmoWriter() {
    }

    /**
     * Writes {@code cmo} (tag and body) to {@code out}. Nested CMOs are written from an explicit stack of what is
     * still to come (CMOs, and the exponents a univariate polynomial puts before each coefficient), not by recursion,
     * so any depth a reader accepted is written back on any thread.
     */
    public static void write(Cmo cmo, ByteSink out) {
        ArrayDeque<Object> pending = new ArrayDeque<>();
        pending.push(cmo);
        while (!pending.isEmpty()) {
            Object next = pending.pop();
            if (next instanceof Integer exponent) {
                out.writeInt(exponent);
                continue;
            }
            Cmo c = (Cmo) next;
            out.writeInt(c.type().code());
            writeHead(c, out, pending);
        }
    }

    /** The encoding of {@code cmo} as a byte array (tests and tools; the wire path writes to buffers). */
    public static byte[] toBytes(Cmo cmo, java.nio.ByteOrder order) {
        GrowableByteSink sink = new GrowableByteSink(order);
        write(cmo, sink);
        return sink.toByteArray();
    }

    /** Writes what {@code cmo} holds inline and schedules its CMO children (pushed last first, so they pop in order). */
    private static void writeHead(Cmo cmo, ByteSink out, ArrayDeque<Object> pending) {
        switch (cmo.type()) {
            case NULL, ZERO, DMS_GENERIC, ERROR -> {
            }
            case INT32 -> out.writeInt(((CmoInt32) cmo).value());
            case DATUM -> writeByteString(((CmoDatum) cmo).unsafeBytes(), out);
            case STRING -> writeByteString(((CmoString) cmo).unsafeBytes(), out);
            case ATOM -> writeByteString(((CmoAtom) cmo).name().unsafeBytes(), out);
            case MATHCAP -> pending.push(((CmoMathcap) cmo).body());
            case ERROR2 -> pending.push(((CmoError2) cmo).body());
            case LIST -> writeElements(((CmoList) cmo).elements(), out, pending);
            case ARRAY -> writeElements(((CmoArray) cmo).elements(), out, pending);
            case MONOMIAL32 -> {
                CmoMonomial32 m = (CmoMonomial32) cmo;
                out.writeInt(m.arity());
                for (int i = 0; i < m.arity(); i++) {
                    out.writeInt(m.exponent(i));
                }
                pending.push(m.coefficient());
            }
            case ZZ -> writeZZBody(((CmoZZ) cmo).value(), out);
            case QQ -> {
                CmoQQ q = (CmoQQ) cmo;
                writeZZBody(q.numerator(), out);
                writeZZBody(q.denominator(), out);
            }
            case DMS_OF_N_VARIABLES -> pending.push(((CmoDmsOfNVariables) cmo).description());
            case RING_BY_NAME -> pending.push(((CmoRingByName) cmo).name());
            case RECURSIVE_POLYNOMIAL -> {
                CmoRecursivePolynomial p = (CmoRecursivePolynomial) cmo;
                pending.push(p.body());
                pending.push(p.variables());
            }
            case DISTRIBUTED_POLYNOMIAL -> {
                CmoDistributedPolynomial p = (CmoDistributedPolynomial) cmo;
                List<CmoMonomial32> ms = p.monomials();
                out.writeInt(ms.size());
                for (int i = ms.size() - 1; i >= 0; i--) {
                    pending.push(ms.get(i));
                }
                pending.push(p.ring());
            }
            case POLYNOMIAL_IN_ONE_VARIABLE -> {
                CmoPolynomialInOneVariable p = (CmoPolynomialInOneVariable) cmo;
                List<CmoPolynomialInOneVariable.Term> terms = p.terms();
                out.writeInt(terms.size());
                out.writeInt(p.variable());
                for (int i = terms.size() - 1; i >= 0; i--) {
                    pending.push(terms.get(i).coefficient());
                    pending.push(terms.get(i).exponent());
                }
            }
            case RATIONAL -> {
                CmoRational r = (CmoRational) cmo;
                pending.push(r.denominator());
                pending.push(r.numerator());
            }
            case COMPLEX -> {
                CmoComplex c = (CmoComplex) cmo;
                pending.push(c.imaginary());
                pending.push(c.real());
            }
            case MACHINE_DOUBLE_64 -> out.writeLong(((CmoMachineDouble) cmo).bits());
            case IEEE_DOUBLE_FLOAT -> out.writeLong(((CmoIeeeDouble) cmo).bits());
            case BIGFLOAT -> {
                CmoBigFloat b = (CmoBigFloat) cmo;
                writeZZBody(b.mantissa(), out);
                writeZZBody(b.exponent(), out);
            }
            case BIGFLOAT32 -> {
                CmoBigFloat32 b = (CmoBigFloat32) cmo;
                out.writeInt(b.precision());
                out.writeInt(b.sign());
                out.writeInt(b.exponent());
                out.writeInt(b.wordCount());
                for (int i = 0; i < b.wordCount(); i++) {
                    out.writeInt(b.word(i));
                }
            }
            case INDETERMINATE -> pending.push(((CmoIndeterminate) cmo).name());
            case TREE -> {
                CmoTree t = (CmoTree) cmo;
                pending.push(t.leaves());
                pending.push(t.attributes());
                pending.push(t.name());
            }
            case LAMBDA -> {
                CmoLambda l = (CmoLambda) cmo;
                pending.push(l.body());
                pending.push(l.arguments());
            }
            default -> throw new IllegalStateException("no encoder for " + cmo.type());
        }
    }

    private static void writeByteString(byte[] b, ByteSink out) {
        out.writeInt(b.length);
        out.writeBytes(b, 0, b.length);
    }

    private static void writeElements(List<Cmo> elements, ByteSink out, ArrayDeque<Object> pending) {
        out.writeInt(elements.size());
        for (int i = elements.size() - 1; i >= 0; i--) {
            pending.push(elements.get(i));
        }
    }

    /** Writes a ZZ body: signed word count, then the limbs of |v| low first. */
    static void writeZZBody(BigInteger v, ByteSink out) {
        BigInteger magnitude = v.abs();
        int words = (magnitude.bitLength() + 31) >>> 5;
        out.ensureWritable(4L + 4L * words);
        out.writeInt(v.signum() < 0 ? -words : words);
        BigIntegerWords.writeLimbs(magnitude, out);
    }
}
