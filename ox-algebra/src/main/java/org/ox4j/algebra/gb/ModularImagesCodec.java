package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.ZPoly;

/**
 * The compact byte form of {@link ModularImages}, the payload that travels between ranks (as a {@code CMO_DATUM})
 * when a group combines images with {@code SM_reduce_102 "crt"}. Why not a CMO tree of distributed polynomials: a
 * katsura-8 image set has about 30 000 terms, and as CMO every term is a monomial object and a ZZ object to encode,
 * frame and rebuild on each hop (100-400 ms per round on the 2-core VM); here every residue is its exponent bytes
 * and fixed-width coefficients, written and read in one linear pass.
 *
 * <p>Layout (big-endian): the magic {@code "OXMI"}, a version byte (1), the number of groups; per group the modulus
 * (length, magnitude bytes), the number of primes, the term order (number of blocks, then kind and size of each),
 * the bits per exponent field (8, 16 or 32), the coefficient width in bytes, the number of residues; per residue
 * the number of terms, the exponents of every term (one field of bits/8 bytes per variable, terms in decreasing
 * order) and the coefficients (two's complement, the group's width). Decoding trusts no count: every length is
 * checked against the bytes that remain before anything is allocated.
 */
public final class ModularImagesCodec {
    private static final int MAGIC = 0x4F584D49; // "OXMI"
    private static final byte VERSION = 1;

    private ModularImagesCodec() {
    }

    /** The byte form of {@code images}. */
    public static byte[] encode(ModularImages images) {
        List<ModularImages.Group> groups = images.groups();
        int size = 9;
        int[] widths = new int[groups.size()];
        for (int g = 0; g < groups.size(); g++) {
            ModularImages.Group group = groups.get(g);
            int width = 1;
            int terms = 0;
            for (ZPoly r : group.residues()) {
                for (int i = 0; i < r.size(); i++) {
                    width = Math.max(width, r.coefficient(i).bitLength() / 8 + 1);
                }
                terms += r.size();
            }
            widths[g] = width;
            MonomialLayout layout = layout(group);
            int fieldBytes = layout.bits() / 8;
            size += 4 + group.modulus().toByteArray().length + 4 + 4 + 8 * layout.order().blocks().size() + 4 + 4 + 4
                    + 4 * group.residues().size() + terms * (layout.variables() * fieldBytes + width);
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        out.putInt(MAGIC).put(VERSION).putInt(groups.size());
        for (int g = 0; g < groups.size(); g++) {
            ModularImages.Group group = groups.get(g);
            byte[] modulus = group.modulus().toByteArray();
            out.putInt(modulus.length).put(modulus).putInt(group.primes());
            MonomialLayout layout = layout(group);
            List<MonomialOrder.Block> blocks = layout.order().blocks();
            out.putInt(blocks.size());
            for (MonomialOrder.Block b : blocks) {
                out.putInt(b.kind().asirNumber()).putInt(b.size());
            }
            int width = widths[g];
            out.putInt(layout.bits()).putInt(width).putInt(group.residues().size());
            for (ZPoly r : group.residues()) {
                if (r.layout() != layout) {
                    throw new IllegalArgumentException("the residues of a group have different layouts");
                }
                out.putInt(r.size());
                for (int i = 0; i < r.size(); i++) {
                    for (int e : r.exponents(i)) {
                        putField(out, layout.bits(), e);
                    }
                }
                for (int i = 0; i < r.size(); i++) {
                    putFixed(out, r.coefficient(i), width);
                }
            }
        }
        return out.array();
    }

    /** The images in {@code bytes}; IllegalArgumentException when they are not a well-formed byte form. */
    public static ModularImages decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            if (in.remaining() < 9 || in.getInt() != MAGIC || in.get() != VERSION) {
                throw malformed("not an image set of this version");
            }
            int groupCount = count(in, 4);
            List<ModularImages.Group> groups = new ArrayList<>();
            for (int g = 0; g < groupCount; g++) {
                groups.add(group(in));
            }
            if (in.hasRemaining()) {
                throw malformed(in.remaining() + " bytes after the last group");
            }
            return ModularImages.of(groups);
        } catch (BufferUnderflowException e) {
            throw malformed("truncated");
        }
    }

    private static ModularImages.Group group(ByteBuffer in) {
        byte[] modulusBytes = new byte[count(in, 1)];
        in.get(modulusBytes);
        BigInteger modulus = new BigInteger(modulusBytes.length == 0 ? new byte[] {0} : modulusBytes);
        if (modulus.signum() <= 0) {
            throw malformed("a group's modulus is not positive");
        }
        int primes = in.getInt();
        if (primes <= 0) {
            throw malformed("a group of " + primes + " primes");
        }
        int blockCount = count(in, 8);
        List<MonomialOrder.Block> blocks = new ArrayList<>();
        for (int b = 0; b < blockCount; b++) {
            MonomialOrder.Kind kind = MonomialOrder.Kind.ofAsir(in.getInt());
            int blockSize = in.getInt();
            if (kind == null || blockSize <= 0 || blockSize > 1 << 16) {
                throw malformed("a term order block");
            }
            blocks.add(new MonomialOrder.Block(kind, blockSize));
        }
        int bits = in.getInt();
        if (bits != 8 && bits != 16 && bits != 32) {
            throw malformed(bits + " bits per exponent field");
        }
        MonomialLayout layout = MonomialLayout.of(MonomialOrder.blocks(blocks), bits);
        int n = layout.variables();
        int width = in.getInt();
        if (width <= 0 || width > in.remaining() + 1) {
            throw malformed("coefficient width " + width);
        }
        int residueCount = count(in, 4);
        List<ZPoly> residues = new ArrayList<>();
        List<int[]> leads = new ArrayList<>();
        int termBytes = n * (bits / 8) + width;
        for (int k = 0; k < residueCount; k++) {
            int terms = count(in, termBytes);
            if (terms == 0) {
                throw malformed("a zero residue");
            }
            int[][] e = new int[terms][];
            for (int i = 0; i < terms; i++) {
                int[] x = new int[n];
                long degree = 0;
                for (int v = 0; v < n; v++) {
                    x[v] = field(in, bits);
                    degree += x[v];
                }
                if (degree > layout.maxDegree()) {
                    throw malformed("a monomial of degree " + degree + " in a layout of " + bits + " bits");
                }
                e[i] = x;
            }
            BigInteger[] c = new BigInteger[terms];
            byte[] buf = new byte[width];
            for (int i = 0; i < terms; i++) {
                in.get(buf);
                c[i] = new BigInteger(buf);
            }
            ZPoly r = ZPoly.of(layout, e, c);
            if (r.size() != terms) {
                throw malformed("a residue with repeated monomials or zero coefficients");
            }
            residues.add(r);
            leads.add(e[0]);
        }
        return new ModularImages.Group(leads, modulus, primes, residues);
    }

    /** The layout of a group's residues (that of the first; a group without residues gets grevlex in none). */
    private static MonomialLayout layout(ModularImages.Group group) {
        return group.residues().isEmpty() ? MonomialLayout.of(MonomialOrder.grevlex(0), 8)
                : group.residues().get(0).layout();
    }

    /** A count of items of at least {@code itemBytes} bytes each, checked against what remains. */
    private static int count(ByteBuffer in, int itemBytes) {
        int n = in.getInt();
        if (n < 0 || (long) n * itemBytes > in.remaining()) {
            throw malformed("a count of " + n + " with " + in.remaining() + " bytes left");
        }
        return n;
    }

    private static void putField(ByteBuffer out, int bits, int e) {
        switch (bits) {
            case 8 -> out.put((byte) e);
            case 16 -> out.putShort((short) e);
            default -> out.putInt(e);
        }
    }

    private static int field(ByteBuffer in, int bits) {
        int e = switch (bits) {
            case 8 -> in.get() & 0xFF;
            case 16 -> in.getShort() & 0xFFFF;
            default -> in.getInt();
        };
        if (e < 0) {
            throw malformed("a negative exponent");
        }
        return e;
    }

    /** {@code c} as {@code width} bytes of two's complement (it fits: width was chosen from the bit lengths). */
    private static void putFixed(ByteBuffer out, BigInteger c, int width) {
        byte[] b = c.toByteArray();
        byte pad = (byte) (c.signum() < 0 ? 0xFF : 0);
        for (int i = b.length; i < width; i++) {
            out.put(pad);
        }
        out.put(b);
    }

    private static IllegalArgumentException malformed(String why) {
        return new IllegalArgumentException("malformed image set: " + why);
    }
}
