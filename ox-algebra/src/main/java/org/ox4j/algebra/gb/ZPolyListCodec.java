package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.ZPoly;

/**
 * The compact byte form of a list of integer polynomials in one layout: what a group's root sends its ranks when
 * they check shares of a certificate (the candidate basis, made integral). Why not CMO: a katsura-8 candidate has
 * about 14 000 terms with coefficients of hundreds of bits, 2.2 MB as a tree of distributed polynomials with
 * rational coefficients, which took 210–460 ms to convert, encode, send, decode and convert back between two servers
 * on the 2-core VM; here each polynomial is its exponent bytes and its coefficients' two's-complement bytes, written
 * and read in one linear pass. Also the shared pieces of {@link ModularImagesCodec}'s format (the layout, exponent
 * fields, checked counts).
 *
 * <p>Layout (big-endian): the magic {@code "OXZL"}, a version byte (1), the term order (number of blocks, then kind
 * and size of each), the bits per exponent field (8, 16 or 32), the number of polynomials; per polynomial the number
 * of terms, the exponents of every term (one field of bits/8 bytes per variable, terms in decreasing order), then per
 * term its coefficient's length in bytes and two's-complement bytes. Decoding trusts no count: every length is
 * checked against the bytes that remain before anything is allocated.
 */
public final class ZPolyListCodec {
    private static final int MAGIC = 0x4F585A4C; // "OXZL"
    private static final byte VERSION = 1;
    private static final String WHAT = "polynomial list";

    private ZPolyListCodec() {
    }

    /** The byte form of {@code polys}, all in one layout (an empty list in grevlex of no variables). */
    public static byte[] encode(List<ZPoly> polys) {
        MonomialLayout layout = polys.isEmpty() ? MonomialLayout.of(MonomialOrder.grevlex(0), 8)
                : polys.get(0).layout();
        List<byte[]> coefficients = new ArrayList<>();
        long size = 5 + layoutBytes(layout) + 4;
        for (ZPoly p : polys) {
            if (!p.layout().equals(layout)) {
                throw new IllegalArgumentException("the polynomials of a list have different layouts");
            }
            size += 4 + (long) p.size() * (exponentBytes(layout) + 4);
            for (int i = 0; i < p.size(); i++) {
                byte[] c = p.coefficient(i).toByteArray();
                coefficients.add(c);
                size += c.length;
            }
        }
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a polynomial list of " + size + " bytes");
        }
        ByteBuffer out = ByteBuffer.allocate((int) size);
        out.putInt(MAGIC).put(VERSION);
        putLayout(out, layout);
        out.putInt(polys.size());
        int k = 0;
        for (ZPoly p : polys) {
            out.putInt(p.size());
            putExponents(out, p);
            for (int i = 0; i < p.size(); i++) {
                byte[] c = coefficients.get(k++);
                out.putInt(c.length).put(c);
            }
        }
        return out.array();
    }

    /** The polynomials in {@code bytes}; IllegalArgumentException when they are not a well-formed byte form. */
    public static List<ZPoly> decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            if (in.remaining() < 5 || in.getInt() != MAGIC || in.get() != VERSION) {
                throw malformed(WHAT, "not a polynomial list of this version");
            }
            MonomialLayout layout = layout(in, WHAT);
            int count = count(in, 4, WHAT);
            List<ZPoly> out = new ArrayList<>(count);
            for (int k = 0; k < count; k++) {
                int terms = count(in, exponentBytes(layout) + 5, WHAT);
                int[][] e = exponents(in, layout, terms, WHAT);
                BigInteger[] c = new BigInteger[terms];
                for (int i = 0; i < terms; i++) {
                    byte[] b = new byte[count(in, 1, WHAT)];
                    if (b.length == 0) {
                        throw malformed(WHAT, "a coefficient of no bytes");
                    }
                    in.get(b);
                    c[i] = new BigInteger(b);
                }
                ZPoly p = ZPoly.of(layout, e, c);
                if (p.size() != terms) {
                    throw malformed(WHAT, "a polynomial with repeated monomials or zero coefficients");
                }
                out.add(p);
            }
            if (in.hasRemaining()) {
                throw malformed(WHAT, in.remaining() + " bytes after the last polynomial");
            }
            return out;
        } catch (BufferUnderflowException e) {
            throw malformed(WHAT, "truncated");
        }
    }

    // ------------------------------------------------------------- pieces shared with ModularImagesCodec

    /** Bytes of {@link #putLayout}'s form of {@code layout}. */
    static int layoutBytes(MonomialLayout layout) {
        return 4 + 8 * layout.order().blocks().size() + 4;
    }

    /** The term order's blocks (count, then kind and size of each) and the bits per exponent field. */
    static void putLayout(ByteBuffer out, MonomialLayout layout) {
        List<MonomialOrder.Block> blocks = layout.order().blocks();
        out.putInt(blocks.size());
        for (MonomialOrder.Block b : blocks) {
            out.putInt(b.kind().asirNumber()).putInt(b.size());
        }
        out.putInt(layout.bits());
    }

    /** The layout {@link #putLayout} wrote, checked. */
    static MonomialLayout layout(ByteBuffer in, String what) {
        int blockCount = count(in, 8, what);
        List<MonomialOrder.Block> blocks = new ArrayList<>();
        for (int b = 0; b < blockCount; b++) {
            MonomialOrder.Kind kind = MonomialOrder.Kind.ofAsir(in.getInt());
            int blockSize = in.getInt();
            if (kind == null || blockSize <= 0 || blockSize > 1 << 16) {
                throw malformed(what, "a term order block");
            }
            blocks.add(new MonomialOrder.Block(kind, blockSize));
        }
        int bits = in.getInt();
        if (bits != 8 && bits != 16 && bits != 32) {
            throw malformed(what, bits + " bits per exponent field");
        }
        return MonomialLayout.of(MonomialOrder.blocks(blocks), bits);
    }

    /** Bytes of one term's exponents. */
    static int exponentBytes(MonomialLayout layout) {
        return layout.variables() * (layout.bits() / 8);
    }

    /** The exponents of every term of {@code p}, one field per variable. */
    static void putExponents(ByteBuffer out, ZPoly p) {
        putExponents(out, p.layout(), p.size(), p::exponents);
    }

    /** The exponents of {@code terms} terms ({@code exponents.apply(i)} for term i) of a polynomial in a layout. */
    static void putExponents(ByteBuffer out, MonomialLayout layout, int terms, IntFunction<int[]> exponents) {
        int bits = layout.bits();
        for (int i = 0; i < terms; i++) {
            for (int e : exponents.apply(i)) {
                switch (bits) {
                    case 8 -> out.put((byte) e);
                    case 16 -> out.putShort((short) e);
                    default -> out.putInt(e);
                }
            }
        }
    }

    /** The exponents of {@code terms} terms, each monomial's degree checked against the layout. */
    static int[][] exponents(ByteBuffer in, MonomialLayout layout, int terms, String what) {
        int n = layout.variables();
        int bits = layout.bits();
        int[][] e = new int[terms][];
        for (int i = 0; i < terms; i++) {
            int[] x = new int[n];
            long degree = 0;
            for (int v = 0; v < n; v++) {
                x[v] = switch (bits) {
                    case 8 -> in.get() & 0xFF;
                    case 16 -> in.getShort() & 0xFFFF;
                    default -> in.getInt();
                };
                if (x[v] < 0) {
                    throw malformed(what, "a negative exponent");
                }
                degree += x[v];
            }
            if (degree > layout.maxDegree()) {
                throw malformed(what, "a monomial of degree " + degree + " in a layout of " + bits + " bits");
            }
            e[i] = x;
        }
        return e;
    }

    /** A count of items of at least {@code itemBytes} bytes each, checked against what remains. */
    static int count(ByteBuffer in, int itemBytes, String what) {
        int n = in.getInt();
        if (n < 0 || (long) n * itemBytes > in.remaining()) {
            throw malformed(what, "a count of " + n + " with " + in.remaining() + " bytes left");
        }
        return n;
    }

    static IllegalArgumentException malformed(String what, String why) {
        return new IllegalArgumentException("malformed " + what + ": " + why);
    }
}
