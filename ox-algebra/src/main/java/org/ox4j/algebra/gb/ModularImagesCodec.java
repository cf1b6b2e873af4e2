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
    private static final String WHAT = "image set";

    private ModularImagesCodec() {
    }

    /**
     * Checks that {@link #encode} will take {@code images} (the residues of each group share one layout), so that a
     * caller that defers the encoding can refuse a set now, where the error still has a caller to go to.
     */
    public static void requireEncodable(ModularImages images) {
        for (ModularImages.Group group : images.groups()) {
            if (group.size() == 0 || group.commonLayout() != null) {
                // known without combining the residues (most of a rank's image sets are never encoded)
                continue;
            }
            MonomialLayout layout = layout(group);
            for (ZPoly r : group.residues()) {
                if (r.layout() != layout) {
                    throw new IllegalArgumentException("the residues of a group have different layouts");
                }
            }
        }
    }

    /** The byte form of {@code images}. */
    public static byte[] encode(ModularImages images) {
        requireEncodable(images);
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
            size += 4 + group.modulus().toByteArray().length + 4 + ZPolyListCodec.layoutBytes(layout) + 4 + 4
                    + 4 * group.residues().size() + terms * (ZPolyListCodec.exponentBytes(layout) + width);
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        out.putInt(MAGIC).put(VERSION).putInt(groups.size());
        for (int g = 0; g < groups.size(); g++) {
            ModularImages.Group group = groups.get(g);
            byte[] modulus = group.modulus().toByteArray();
            out.putInt(modulus.length).put(modulus).putInt(group.primes());
            MonomialLayout layout = layout(group);
            ZPolyListCodec.putLayout(out, layout);
            int width = widths[g];
            out.putInt(width).putInt(group.residues().size());
            for (ZPoly r : group.residues()) {
                out.putInt(r.size());
                ZPolyListCodec.putExponents(out, r);
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
            int groupCount = ZPolyListCodec.count(in, 4, WHAT);
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
        byte[] modulusBytes = new byte[ZPolyListCodec.count(in, 1, WHAT)];
        in.get(modulusBytes);
        BigInteger modulus = new BigInteger(modulusBytes.length == 0 ? new byte[] {0} : modulusBytes);
        if (modulus.signum() <= 0) {
            throw malformed("a group's modulus is not positive");
        }
        int primes = in.getInt();
        if (primes <= 0) {
            throw malformed("a group of " + primes + " primes");
        }
        MonomialLayout layout = ZPolyListCodec.layout(in, WHAT);
        int width = in.getInt();
        if (width <= 0 || width > in.remaining() + 1) {
            throw malformed("coefficient width " + width);
        }
        int residueCount = ZPolyListCodec.count(in, 4, WHAT);
        List<ZPoly> residues = new ArrayList<>();
        List<int[]> leads = new ArrayList<>();
        int termBytes = ZPolyListCodec.exponentBytes(layout) + width;
        for (int k = 0; k < residueCount; k++) {
            int terms = ZPolyListCodec.count(in, termBytes, WHAT);
            if (terms == 0) {
                throw malformed("a zero residue");
            }
            int[][] e = ZPolyListCodec.exponents(in, layout, terms, WHAT);
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
        return group.size() == 0 ? MonomialLayout.of(MonomialOrder.grevlex(0), 8) : group.residue(0).layout();
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
        return ZPolyListCodec.malformed(WHAT, why);
    }
}
