package org.ox4j.server.sm;

import java.util.Set;
import java.util.TreeSet;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoTrees;

/** Collects every CMO tag a value would use on the wire (for the mathcap check before sending). */
public final class CmoTags {
    private CmoTags() {
    }

    /** All tags in {@code c}, nested ones included. */
    public static Set<Integer> of(Cmo c) {
        Set<Integer> out = new TreeSet<>();
        CmoTrees.forEach(c, node -> out.add(node.type().code()));
        return out;
    }
}
