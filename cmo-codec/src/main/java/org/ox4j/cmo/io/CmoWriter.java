package org.ox4j.cmo.io;

import java.math.BigInteger;
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

    /** Writes {@code cmo} (tag and body) to {@code out}. */
    public static void write(Cmo cmo, ByteSink out) {
        out.writeInt(cmo.type().code());
        writeBody(cmo, out);
    }

    /** The encoding of {@code cmo} as a byte array (tests and tools; the wire path writes to buffers). */
    public static byte[] toBytes(Cmo cmo, java.nio.ByteOrder order) {
        GrowableByteSink sink = new GrowableByteSink(order);
        write(cmo, sink);
        return sink.toByteArray();
    }

    private static void writeBody(Cmo cmo, ByteSink out) {
        switch (cmo.type()) {
            case NULL, ZERO, DMS_GENERIC, ERROR -> {
            }
            case INT32 -> out.writeInt(((CmoInt32) cmo).value());
            case DATUM -> writeByteString(((CmoDatum) cmo).unsafeBytes(), out);
            case STRING -> writeByteString(((CmoString) cmo).unsafeBytes(), out);
            case ATOM -> writeByteString(((CmoAtom) cmo).name().unsafeBytes(), out);
            case MATHCAP -> write(((CmoMathcap) cmo).body(), out);
            case ERROR2 -> write(((CmoError2) cmo).body(), out);
            case LIST -> writeElements(((CmoList) cmo).elements(), out);
            case ARRAY -> writeElements(((CmoArray) cmo).elements(), out);
            case MONOMIAL32 -> {
                CmoMonomial32 m = (CmoMonomial32) cmo;
                out.writeInt(m.arity());
                for (int i = 0; i < m.arity(); i++) {
                    out.writeInt(m.exponent(i));
                }
                write(m.coefficient(), out);
            }
            case ZZ -> writeZZBody(((CmoZZ) cmo).value(), out);
            case QQ -> {
                CmoQQ q = (CmoQQ) cmo;
                writeZZBody(q.numerator(), out);
                writeZZBody(q.denominator(), out);
            }
            case DMS_OF_N_VARIABLES -> write(((CmoDmsOfNVariables) cmo).description(), out);
            case RING_BY_NAME -> write(((CmoRingByName) cmo).name(), out);
            case RECURSIVE_POLYNOMIAL -> {
                CmoRecursivePolynomial p = (CmoRecursivePolynomial) cmo;
                write(p.variables(), out);
                write(p.body(), out);
            }
            case DISTRIBUTED_POLYNOMIAL -> {
                CmoDistributedPolynomial p = (CmoDistributedPolynomial) cmo;
                out.writeInt(p.monomials().size());
                write(p.ring(), out);
                for (CmoMonomial32 m : p.monomials()) {
                    write(m, out);
                }
            }
            case POLYNOMIAL_IN_ONE_VARIABLE -> {
                CmoPolynomialInOneVariable p = (CmoPolynomialInOneVariable) cmo;
                out.writeInt(p.terms().size());
                out.writeInt(p.variable());
                for (CmoPolynomialInOneVariable.Term t : p.terms()) {
                    out.writeInt(t.exponent());
                    write(t.coefficient(), out);
                }
            }
            case RATIONAL -> {
                CmoRational r = (CmoRational) cmo;
                write(r.numerator(), out);
                write(r.denominator(), out);
            }
            case COMPLEX -> {
                CmoComplex c = (CmoComplex) cmo;
                write(c.real(), out);
                write(c.imaginary(), out);
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
            case INDETERMINATE -> write(((CmoIndeterminate) cmo).name(), out);
            case TREE -> {
                CmoTree t = (CmoTree) cmo;
                write(t.name(), out);
                write(t.attributes(), out);
                write(t.leaves(), out);
            }
            case LAMBDA -> {
                CmoLambda l = (CmoLambda) cmo;
                write(l.arguments(), out);
                write(l.body(), out);
            }
            default -> throw new IllegalStateException("no encoder for " + cmo.type());
        }
    }

    private static void writeByteString(byte[] b, ByteSink out) {
        out.writeInt(b.length);
        out.writeBytes(b, 0, b.length);
    }

    private static void writeElements(List<Cmo> elements, ByteSink out) {
        out.writeInt(elements.size());
        for (Cmo c : elements) {
            write(c, out);
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
