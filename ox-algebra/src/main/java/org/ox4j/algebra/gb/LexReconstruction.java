package org.ox4j.algebra.gb;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.ZPoly;

/**
 * Lex images over Q collected prime after prime and reconstructed now and then, for the FGLM route over Q
 * ({@link Fglm#lexOverQ}, {@link ShapeLex#candidate}): an attempt after about 1, 2, 3, 4, 5, 6, 8, 10, 13, … images.
 * Why not after every image: an attempt folds every image into integers again, so one per image made the primes'
 * cost cubic (katsura-5: 330 ms, mostly reconstructions). A candidate that agrees with the images added since the
 * last attempt is settled without reconstructing ({@link ModularGroebner#candidate}).
 *
 * <p>Cost: an attempt is a Chinese remaindering (quadratic in the primes) and a rational reconstruction per
 * coefficient of the largest image group; the schedule keeps their sum within a small factor of the last one.
 */
final class LexReconstruction {
    private ModularImages images = ModularImages.empty();
    private List<QPoly> previous;
    private int count;
    private int nextAttempt = 1;

    /** Adds one prime's images. */
    void add(ModularImages image) {
        images = images.combine(image);
        count++;
    }

    /** How many images were added. */
    int count() {
        return count;
    }

    /**
     * The settled candidate when this is an attempt's turn and the reconstruction settles, as exact rational
     * polynomials; otherwise null.
     */
    List<QPoly> attempt() {
        if (count < nextAttempt) {
            return null;
        }
        nextAttempt = Math.max(count + 1, count * 5 / 4);
        ModularImages.Reconstruction r = ModularGroebner.candidate(images, previous);
        previous = r.candidate();
        return previous != null && r.settled() ? previous : null;
    }

    /** {@code candidate}'s elements primitive and integral, in {@code lex}. */
    static List<ZPoly> integral(List<QPoly> candidate, MonomialLayout lex) {
        List<ZPoly> out = new ArrayList<>();
        for (QPoly q : candidate) {
            out.add(q.primitiveIntegral().relayout(lex));
        }
        return out;
    }
}
