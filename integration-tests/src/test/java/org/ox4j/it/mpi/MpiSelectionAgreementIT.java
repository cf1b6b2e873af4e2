package org.ox4j.it.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoIntegers;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

/**
 * Members that loaded different measured choices ({@code -Dox.coll.measuredChoices}) still select alike: real
 * {@code bin/ox-server} processes, rank 0 told that {@code reduce_bcast} is the fastest allreduce of 8 bytes on 3
 * ranks, rank 1 that {@code ring} is, rank 2 told nothing. Each answers {@code mpi_select} from its own file until
 * the first collective, and with rank 0's choice from then on; the collectives themselves give the right answers.
 * The members are all on this host's loopback, so the model they agree on shares this host's cores.
 */
class MpiSelectionAgreementIT {
    @TempDir
    Path dir;

    private Path measured(String name, String fastest, String slower) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, "collective,algorithm,p,bytes,median_s\n"
                + "allreduce," + fastest + ",3,8,0.000100\n"
                + "allreduce," + slower + ",3,8,0.000900\n");
        return f;
    }

    private static List<String> server(Path choices) {
        String bin = Path.of(System.getProperty("ox4j.home", "..")).toAbsolutePath().normalize()
                .resolve("bin/ox-server").toString();
        return choices == null ? List.of(bin) : List.of("env", "JAVA_OPTS=-Dox.coll.measuredChoices=" + choices, bin);
    }

    private static List<Cmo> selected(ServerGroup g) {
        return g.all((r, m) -> m.callAsync("mpi_select", CmoString.of("allreduce"), CmoZZ.of(8)), "mpi_select");
    }

    @Test
    void everyMemberSelectsWithRankZerosChoicesFromTheFirstCollectiveOn() throws IOException {
        List<List<String>> commands = List.of(server(measured("rank0.csv", "ring", "reduce_bcast")),
                server(measured("rank1.csv", "rabenseifner", "ring")), server(null));
        try (ServerGroup g = ServerGroup.launchCommands(commands, OxClientOptions.defaults(),
                OxClientResources.shared())) {
            List<Cmo> before = selected(g);
            assertThat(before.get(0)).isEqualTo(CmoString.of("ring"));
            assertThat(before.get(1)).isEqualTo(CmoString.of("rabenseifner"));

            List<Cmo> sums = g.all((r, m) -> m.callAsync("mpi_allreduce", CmoString.of("+"), CmoZZ.of(10 + r)),
                    "mpi_allreduce");
            assertThat(sums).containsOnly(CmoZZ.of(33));
            assertThat(selected(g)).containsOnly(CmoString.of("ring"));
            assertThat(g.all((r, m) -> m.callAsync("mpi_cost_model"), "mpi_cost_model")).containsOnly(
                    g.member(0).callAsync("mpi_cost_model").join());
            // every member linked over loopback and no model file: the agreed model shares this host's cores
            CmoList model = (CmoList) g.member(0).callAsync("mpi_cost_model").join();
            assertThat(CmoIntegers.value(model.get(7)))
                    .contains(BigInteger.valueOf(Runtime.getRuntime().availableProcessors()));

            // and later collectives keep working on the agreed selection
            assertThat(g.all((r, m) -> m.callAsync("mpi_allreduce", CmoString.of("max"), CmoZZ.of(r)),
                    "mpi_allreduce")).containsOnly(CmoZZ.of(2));
        }
    }
}
