package org.ox4j.cmo.mathcap;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoTrees;
import org.ox4j.cmo.KeptEncoded;

/**
 * The CMO tags a peer's mathcap lists under {@code OX_DATA}, as a sorted array made once per mathcap: a server checks
 * every reply against it, and on the first replies of a fresh JVM (interpreted code) building a hash set of the
 * tags per reply cost more than the check.
 */
public final class AcceptedCmoTags {
    private final int[] sorted;

    AcceptedCmoTags(List<Integer> tags) {
        sorted = tags.stream().mapToInt(Integer::intValue).sorted().distinct().toArray();
    }

    /** Whether {@code tag} is listed. */
    public boolean contains(int tag) {
        return Arrays.binarySearch(sorted, tag) >= 0;
    }

    /**
     * The first CMO tag inside {@code value} (depth first, the value's own tag first) that is not listed; empty if
     * all are. Like Asir, the bodies of errors and mathcaps are not looked into; a value kept encoded is checked by
     * the tags its scan found, without building it. Walks without recursion ({@link CmoTrees}).
     */
    public Optional<Integer> firstRefused(Cmo value) {
        ArrayDeque<Cmo> pending = new ArrayDeque<>();
        pending.push(value);
        while (!pending.isEmpty()) {
            Cmo c = pending.pop();
            if (!contains(c.type().code())) {
                return Optional.of(c.type().code());
            }
            if (c instanceof CmoError2 || c instanceof CmoMathcap) {
                continue;
            }
            int[] kept = c instanceof KeptEncoded k ? k.wireTags() : null;
            if (kept != null) {
                for (int tag : kept) {
                    if (!contains(tag)) {
                        return Optional.of(tag);
                    }
                }
                continue;
            }
            List<Cmo> children = CmoTrees.children(c);
            for (int i = children.size() - 1; i >= 0; i--) {
                pending.push(children.get(i));
            }
        }
        return Optional.empty();
    }

    /** Whether every tag of {@code value} is listed ({@link #firstRefused}). */
    public boolean accepts(Cmo value) {
        return firstRefused(value).isEmpty();
    }
}
