package org.ox4j.it.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.ox4j.client.OxClient;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;

/**
 * A member killed while the others are inside {@code mpi_allreduce}, over real {@code bin/ox-server} processes:
 * every survivor's call returns an error naming the killed rank in the RFC-102 form, whatever peer it was waiting
 * for, long before the group's timeout (120 s), and the survivors answer again after reset.
 */
class MpiFailureIT {
    private static final int P = 4;
    private static final int VICTIM = 3;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void aMemberKilledDuringAllreduceIsNamedByEverySurvivor() throws Exception {
        try (ServerGroup group = ServerGroup.launchLocal(P)) {
            List<CompletableFuture<Cmo>> calls = new ArrayList<>();
            for (int r = 0; r < VICTIM; r++) {
                BigInteger v = BigInteger.valueOf(r + 2).pow(1000);
                calls.add(group.member(r).callRawAsync("mpi_allreduce", CmoString.of("+"), new CmoZZ(v)));
            }
            // the victim never enters the allreduce: the survivors wait for it, or for a peer that waits for it
            group.member(VICTIM).launchedServer().orElseThrow().process().destroyForcibly().onExit().get();
            for (int r = 0; r < VICTIM; r++) {
                Cmo got = OxClient.await(calls.get(r), WAIT, "mpi_allreduce at rank " + r);
                assertThat(got).as("rank %d", r).isInstanceOf(CmoError2.class);
                assertThat(((CmoError2) got).message()).as("rank %d", r).hasValueSatisfying(m -> assertThat(m)
                        .startsWith("rfc102: rank " + VICTIM + " failed: mpi_allreduce: "));
            }
            for (int r = 0; r < VICTIM; r++) {
                OxClient m = group.member(r);
                OxClient.await(m.resetAsync(), WAIT, "reset");
                OxClient.await(m.executeAsync(SmCommand.RESET_102).thenCompose(v -> m.stackSizeAsync()), WAIT,
                        "reset_102");
                assertThat(OxClient.await(m.callRawAsync("mpi_rank"), WAIT, "mpi_rank"))
                        .isEqualTo(r == 0 ? CmoNull.INSTANCE : CmoZZ.of(r)); // Asir's 0 is CMO_NULL
            }
        }
    }
}
