package org.ox4j.benchmarks.coll;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Open MPI's two passes around a group's cells make one reference per cell, and the report says how far apart. */
class OpenMpiReferenceTest {
    @Test
    void twoPassesCombineByTheGeometricMeanAndACellOfOnePassKeepsItsTime() {
        Map<String, Double> before = OpenMpiReference.parse(List.of("collective,algorithm,p,bytes,median_s",
                "bcast,default,8,8,0.0002", "reduce,default,8,8,0.00005", "scan,default,8,8,0.0004"));
        Map<String, Double> after = OpenMpiReference.parse(List.of("collective,algorithm,p,bytes,median_s",
                "bcast,default,8,8,0.0008", "reduce,default,8,8,0.0002", "alltoall,default,8,8,0.0005"));
        Map<String, Double> both = OpenMpiReference.combine(before, after);
        assertThat(both.get(OpenMpiReference.key("bcast", 8, 8))).isCloseTo(0.0004, within(1e-12));
        assertThat(both.get(OpenMpiReference.key("reduce", 8, 8))).isCloseTo(0.0001, within(1e-12));
        assertThat(both.get(OpenMpiReference.key("scan", 8, 8))).isEqualTo(0.0004);
        assertThat(both.get(OpenMpiReference.key("alltoall", 8, 8))).isEqualTo(0.0005);
        assertThat(both).hasSize(4);
        // bcast and reduce each 4x apart: median and largest 4x, over the two cells both passes measured
        assertThat(OpenMpiReference.spread(8, before, after)).contains("median 4.00x over 2 cells, at most 4.00x");
        assertThat(OpenMpiReference.spread(8, before, Map.of())).contains("no cell measured in both passes");
    }
}
