package org.ox4j.algebra.gb;

import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ox4j.algebra.ModPoly;
import org.ox4j.algebra.Modulus;
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
 * <p>A group still held as word residues (a rank's own primes, never combined) travels as words: its monomials once
 * and each prime's coefficients as 4-byte words, so the root appends them to its own word residues and combines all
 * of them in one Garner step, on its threads, when it reconstructs ({@link ModularImages#reconstruction}). Why not
 * integers, as such a group once travelled: the sender's Garner step and the integers' encoding, the root's
 * decoding and a second Chinese remaindering of two sets of big integers (x = a + m1·((b − a)·m1⁻¹ mod m2)) cost
 * katsura-9 (2 servers, 14 primes each, 196 000 coefficients) 430-610 ms at the root warm and about 1 s cold,
 * against 245-260 ms warm and 440 ms cold for appending the words and reconstructing from all 28 primes (one JVM,
 * the two sets made apart); the bytes are about twice as many (13 MB against 6 MB), a few milliseconds on loopback.
 * Any other group (one with residues known as integers) travels as integers.
 *
 * <p>Layout (big-endian): the magic {@code "OXMI"}, a version byte (2), the number of groups; per group a form byte.
 * Integers (form 0): the modulus (length, magnitude bytes), the number of primes, the term order (number of blocks,
 * then kind and size of each), the bits per exponent field (8, 16 or 32), the coefficient width in bytes, the
 * number of residues; per residue the number of terms, the exponents of every term (one field of bits/8 bytes per
 * variable, terms in decreasing order) and the coefficients (two's complement, the group's width). Words (form 1):
 * the number of primes and each prime (8 bytes), the term order and bits as above, the number of elements; per
 * element the number of terms, their exponents, then for each prime in turn one 4-byte word per term. Decoding
 * trusts no count: every length is checked against the bytes that remain before anything is allocated, and the
 * primes of a words group must be distinct primes the word kernel takes, each word a non-zero residue.
 */
public final class ModularImagesCodec {
    private static final int MAGIC = 0x4F584D49; // "OXMI"
    private static final byte VERSION = 2;
    private static final byte INTEGERS = 0;
    private static final byte WORDS = 1;
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
        long size = 9;
        int[] widths = new int[groups.size()];
        for (int g = 0; g < groups.size(); g++) {
            ModularImages.Group group = groups.get(g);
            MonomialLayout layout = layout(group);
            if (group.inWords()) {
                int primes = group.wordPrimes().length;
                long terms = 0;
                for (int k = 0; k < group.size(); k++) {
                    terms += group.support(k).size();
                }
                size += 1 + 4 + 8L * primes + ZPolyListCodec.layoutBytes(layout) + 4 + 4L * group.size()
                        + terms * (ZPolyListCodec.exponentBytes(layout) + 4L * primes);
                continue;
            }
            int width = 1;
            long terms = 0;
            for (ZPoly r : group.residues()) {
                for (int i = 0; i < r.size(); i++) {
                    width = Math.max(width, r.coefficient(i).bitLength() / 8 + 1);
                }
                terms += r.size();
            }
            widths[g] = width;
            size += 1 + 4 + group.modulus().toByteArray().length + 4 + ZPolyListCodec.layoutBytes(layout) + 4 + 4
                    + 4L * group.residues().size() + terms * (ZPolyListCodec.exponentBytes(layout) + width);
        }
        if (size > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("an image set of " + size + " bytes is too large to send");
        }
        ByteBuffer out = ByteBuffer.allocate((int) size);
        out.putInt(MAGIC).put(VERSION).putInt(groups.size());
        for (int g = 0; g < groups.size(); g++) {
            ModularImages.Group group = groups.get(g);
            if (group.inWords()) {
                putWords(out, group);
            } else {
                putIntegers(out, group, widths[g]);
            }
        }
        return out.array();
    }

    private static void putWords(ByteBuffer out, ModularImages.Group group) {
        long[] primes = group.wordPrimes();
        out.put(WORDS).putInt(primes.length);
        for (long p : primes) {
            out.putLong(p);
        }
        MonomialLayout layout = layout(group);
        ZPolyListCodec.putLayout(out, layout);
        out.putInt(group.size());
        for (int k = 0; k < group.size(); k++) {
            ModPoly s = group.support(k);
            out.putInt(s.size());
            ZPolyListCodec.putExponents(out, layout, s.size(), s::exponents);
            for (int j = 0; j < primes.length; j++) {
                for (int w : group.words(j, k)) {
                    out.putInt(w);
                }
            }
        }
    }

    private static void putIntegers(ByteBuffer out, ModularImages.Group group, int width) {
        byte[] modulus = group.modulus().toByteArray();
        out.put(INTEGERS).putInt(modulus.length).put(modulus).putInt(group.primes());
        MonomialLayout layout = layout(group);
        ZPolyListCodec.putLayout(out, layout);
        out.putInt(width).putInt(group.residues().size());
        for (ZPoly r : group.residues()) {
            out.putInt(r.size());
            ZPolyListCodec.putExponents(out, r);
            for (int i = 0; i < r.size(); i++) {
                putFixed(out, r.coefficient(i), width);
            }
        }
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
        byte form = in.get();
        if (form == WORDS) {
            return wordsGroup(in);
        }
        if (form != INTEGERS) {
            throw malformed("a group of form " + form);
        }
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

    private static ModularImages.Group wordsGroup(ByteBuffer in) {
        int primeCount = ZPolyListCodec.count(in, 8, WHAT);
        if (primeCount == 0) {
            throw malformed("a group of 0 primes");
        }
        long[] primes = new long[primeCount];
        for (int j = 0; j < primeCount; j++) {
            primes[j] = in.getLong();
        }
        MonomialLayout layout = ZPolyListCodec.layout(in, WHAT);
        int w = layout.words();
        // each element holds at least one term: its count, exponents and a word per prime (so the arrays made
        // below are bounded by the bytes that came, whatever the counts say)
        long termBytes = ZPolyListCodec.exponentBytes(layout) + 4L * primeCount;
        int elements = ZPolyListCodec.count(in, (int) Math.min(Integer.MAX_VALUE, 4 + termBytes), WHAT);
        if (elements == 0) {
            throw malformed("a group of 0 elements");
        }
        Set<Long> seen = new HashSet<>();
        for (long p : primes) {
            if (!MixedRadixCrt.accepts(p) || !seen.add(p) || !Modulus.isPrime(p)) {
                throw malformed("a word prime " + p + " (a repeat, or not a prime between 2^30 and 2^31)");
            }
        }
        Modulus first = Modulus.of(primes[0]);
        List<int[]> leads = new ArrayList<>();
        List<ModPoly> support = new ArrayList<>();
        List<int[][]> pending = new ArrayList<>();
        for (int j = 0; j < primeCount; j++) {
            pending.add(new int[elements][]);
        }
        for (int k = 0; k < elements; k++) {
            int terms = ZPolyListCodec.count(in, (int) Math.min(Integer.MAX_VALUE, termBytes), WHAT);
            if (terms == 0) {
                throw malformed("a zero residue");
            }
            int[][] e = ZPolyListCodec.exponents(in, layout, terms, WHAT);
            long[] mono = new long[terms * w];
            for (int i = 0; i < terms; i++) {
                layout.encode(e[i], mono, i * w);
            }
            for (int j = 0; j < primeCount; j++) {
                int[] words = new int[terms];
                for (int i = 0; i < terms; i++) {
                    words[i] = in.getInt();
                    if (words[i] <= 0 || words[i] >= primes[j]) {
                        throw malformed("a word residue " + words[i] + " modulo " + primes[j]);
                    }
                }
                pending.get(j)[k] = words;
            }
            long[] firstCoefficients = new long[terms];
            for (int i = 0; i < terms; i++) {
                firstCoefficients[i] = pending.get(0)[k][i];
            }
            try {
                support.add(ModPoly.ofTerms(layout, first, mono, firstCoefficients));
            } catch (IllegalArgumentException outOfOrder) {
                throw malformed(outOfOrder.getMessage());
            }
            leads.add(e[0]);
        }
        return ModularImages.Group.ofPendingWords(leads, support, primes, pending);
    }

    /**
     * The layout of a group's residues (that of the first; a group without residues gets grevlex in none), read
     * from its monomials when it is held as words (asking for a residue would combine its words).
     */
    private static MonomialLayout layout(ModularImages.Group group) {
        if (group.size() == 0) {
            return MonomialLayout.of(MonomialOrder.grevlex(0), 8);
        }
        return group.inWords() ? group.support(0).layout() : group.residue(0).layout();
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
