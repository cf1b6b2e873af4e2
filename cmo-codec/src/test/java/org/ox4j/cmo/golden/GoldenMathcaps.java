package org.ox4j.cmo.golden;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.specs.GoldenVectors;

/** Every CMO_MATHCAP sent in the golden captures (by Asir, ox_asir and the toolkit sample server). */
public final class GoldenMathcaps {
    private GoldenMathcaps() {
    }

    public static List<CmoMathcap> all() {
        List<CmoMathcap> out = new ArrayList<>();
        for (GoldenVectors.Stream s : GoldenVectors.streams()) {
            for (OxTranscript.Frame f : OxTranscript.parse(s.bytes(), s.byteOrder(), CmoLimits.DEFAULT)) {
                if (f.cmo() instanceof CmoMathcap m) {
                    out.add(m);
                }
            }
        }
        return out;
    }
}
