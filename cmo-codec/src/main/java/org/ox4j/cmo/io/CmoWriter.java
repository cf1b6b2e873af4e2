package org.ox4j.cmo.io;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.List;
import org.ox4j.cmo.BufferFiller;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoArray;
import org.ox4j.cmo.CmoAtom;
import org.ox4j.cmo.CmoBigFloat;
import org.ox4j.cmo.CmoBigFloat32;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMachineDouble;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoTrees;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.KeptEncoded;
import org.ox4j.cmo.KeptEncoding;

/**
 * Encodes CMOs into a {@link ByteSink} in the sink's byte order. Writing goes straight to the sink; big integers
 * are converted once, in linear time.
 */
public final class CmoWriter {
    private CmoWriter() {
    }

    /**
     * Writes {@code cmo} (tag and body) to {@code out}. Nesting is followed with an explicit stack of the open
     * composites (their children and the next one to write), not by recursion, so any depth a reader accepted is
     * written back on any thread; leaves are written on the spot.
     */
    public static void write(Cmo cmo, ByteSink out) {
        List<Cmo> rootKids = writeHead(cmo, out);
        if (rootKids.isEmpty()) {
            return;
        }
        ArrayDeque<Open> open = new ArrayDeque<>();
        open.push(new Open(cmo, rootKids));
        while (!open.isEmpty()) {
            Open top = open.peek();
            if (top.next == top.kids.size()) {
                open.pop();
                continue;
            }
            int i = top.next++;
            if (top.node instanceof CmoPolynomialInOneVariable u) {
                // a univariate polynomial puts each term's exponent before its coefficient
                out.writeInt(u.terms().get(i).exponent());
            }
            Cmo c = top.kids.get(i);
            List<Cmo> kids = writeHead(c, out);
            if (!kids.isEmpty()) {
                open.push(new Open(c, kids));
            }
        }
    }

    /** A composite being written: its CMO children and the next one due. */
    private static final class Open {
        final Cmo node;
        final List<Cmo> kids;
        int next;

        Open(Cmo node, List<Cmo> kids) {
            this.node = node;
            this.kids = kids;
        }
    }

    /** The encoding of {@code cmo} as a byte array (tests and tools; the wire path writes to buffers). */
    public static byte[] toBytes(Cmo cmo, java.nio.ByteOrder order) {
        GrowableByteSink sink = new GrowableByteSink(order);
        write(cmo, sink);
        return sink.toByteArray();
    }

    /**
     * Writes the tag of {@code cmo} and what it holds inline (numbers, bytes, counts, exponent vectors) and returns
     * its CMO children, which follow in this order ({@link CmoTrees#children}); univariate exponents are written by
     * the caller before each coefficient.
     */
    private static List<Cmo> writeHead(Cmo cmo, ByteSink out) {
        if (cmo instanceof KeptEncoded k) {
            // a value still in the encoding it arrived in goes back as those bytes
            KeptEncoding kept = k.keptEncoding();
            byte[] wire = kept == null ? null : kept.wireArray(out.order());
            if (wire != null) {
                out.writeBytes(wire, 0, kept.length());
                return List.of();
            }
        }
        out.writeInt(cmo.type().code());
        switch (cmo.type()) {
            case NULL, ZERO, DMS_GENERIC, ERROR -> {
                return List.of();
            }
            case INT32 -> {
                out.writeInt(((CmoInt32) cmo).value());
                return List.of();
            }
            case DATUM -> {
                CmoDatum d = (CmoDatum) cmo;
                BufferFiller filler = d.filler();
                if (filler != null) {
                    out.writeInt(d.length());
                    out.writeFilled(d.length(), filler);
                } else {
                    writeByteString(d.unsafeBytes(), out);
                }
                return List.of();
            }
            case STRING -> {
                writeByteString(((CmoString) cmo).unsafeBytes(), out);
                return List.of();
            }
            case ATOM -> {
                writeByteString(((CmoAtom) cmo).name().unsafeBytes(), out);
                return List.of();
            }
            case LIST -> out.writeInt(((CmoList) cmo).elements().size());
            case ARRAY -> out.writeInt(((CmoArray) cmo).elements().size());
            case MONOMIAL32 -> {
                CmoMonomial32 m = (CmoMonomial32) cmo;
                out.writeInt(m.arity());
                for (int i = 0; i < m.arity(); i++) {
                    out.writeInt(m.exponent(i));
                }
            }
            case ZZ -> {
                CmoZZ z = (CmoZZ) cmo;
                byte[] limbs = z.limbBytes(out.order());
                if (limbs != null) {
                    // as it arrived, in the order this sink writes: copied, not converted
                    out.ensureWritable(4L + limbs.length);
                    out.writeInt(z.isNegative() ? -(limbs.length >>> 2) : limbs.length >>> 2);
                    out.writeBytes(limbs, 0, limbs.length);
                } else {
                    writeZZBody(z.value(), out);
                }
                return List.of();
            }
            case QQ -> {
                CmoQQ q = (CmoQQ) cmo;
                writeZZBody(q.numerator(), out);
                writeZZBody(q.denominator(), out);
                return List.of();
            }
            case DISTRIBUTED_POLYNOMIAL -> out.writeInt(((CmoDistributedPolynomial) cmo).monomials().size());
            case POLYNOMIAL_IN_ONE_VARIABLE -> {
                CmoPolynomialInOneVariable p = (CmoPolynomialInOneVariable) cmo;
                out.writeInt(p.terms().size());
                out.writeInt(p.variable());
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
            case MATHCAP, ERROR2, DMS_OF_N_VARIABLES, RING_BY_NAME, RECURSIVE_POLYNOMIAL, RATIONAL, COMPLEX,
                 INDETERMINATE, TREE, LAMBDA -> {
                // nothing inline: only CMO children
            }
            default -> throw new IllegalStateException("no encoder for " + cmo.type());
        }
        return CmoTrees.children(cmo);
    }

    private static void writeByteString(byte[] b, ByteSink out) {
        out.writeInt(b.length);
        out.writeBytes(b, 0, b.length);
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
