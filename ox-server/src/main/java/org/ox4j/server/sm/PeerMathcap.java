package org.ox4j.server.sm;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoString;

/**
 * A client's mathcap as stored by SM_setMathcap: its name and the CMO tags it accepts inside OX_DATA. Used to
 * refuse sending anything the client cannot decode.
 */
public record PeerMathcap(String systemName, Set<Integer> dataTags) {
    public PeerMathcap {
        dataTags = Set.copyOf(dataTags);
    }

    /** Parses a mathcap in the pair form every implementation uses; empty if it is malformed. */
    public static Optional<PeerMathcap> parse(Cmo cmo) {
        if (!(cmo instanceof CmoMathcap m) || !(m.body() instanceof CmoList top) || top.size() < 3) {
            return Optional.empty();
        }
        if (!(top.get(0) instanceof CmoList id) || id.size() < 2 || !(id.get(0) instanceof CmoInt32)
                || !(id.get(1) instanceof CmoString name)) {
            return Optional.empty();
        }
        if (!(top.get(2) instanceof CmoList pairs)) {
            return Optional.empty();
        }
        Set<Integer> tags = new HashSet<>();
        for (Cmo p : pairs.elements()) {
            if (!(p instanceof CmoList pair) || pair.size() != 2 || !(pair.get(0) instanceof CmoInt32 oxTag)
                    || !(pair.get(1) instanceof CmoList list)) {
                return Optional.empty();
            }
            if (oxTag.value() == 514) {
                for (Cmo t : list.elements()) {
                    if (!(t instanceof CmoInt32 tag)) {
                        return Optional.empty();
                    }
                    tags.add(tag.value());
                }
            }
        }
        return Optional.of(new PeerMathcap(name.value(), tags));
    }

    /** Whether every tag of {@code value} is accepted. */
    public boolean accepts(Cmo value) {
        return dataTags.containsAll(CmoTags.of(value));
    }
}
