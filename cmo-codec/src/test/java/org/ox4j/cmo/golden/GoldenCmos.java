package org.ox4j.cmo.golden;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.specs.GoldenVectors;

/** The CMO bodies of every OX_DATA message in the golden captures, for tests in other packages. */
public final class GoldenCmos {
    private GoldenCmos() {
    }

    /** Each distinct CMO of the captures, encoded in {@code order}. */
    public static List<byte[]> all(ByteOrder order) {
        List<byte[]> out = new ArrayList<>();
        for (GoldenVectors.Stream s : GoldenVectors.streams()) {
            for (OxTranscript.Frame f : OxTranscript.parse(s.bytes(), s.byteOrder(), CmoLimits.DEFAULT)) {
                if (f.cmo() != null) {
                    byte[] b = CmoWriter.toBytes(f.cmo(), order);
                    if (out.stream().noneMatch(x -> Arrays.equals(x, b))) {
                        out.add(b);
                    }
                }
            }
        }
        return out;
    }
}
