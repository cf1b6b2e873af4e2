package org.ox4j.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.group.GroupMemberFailedException;
import org.ox4j.client.group.LinkAddressing;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.launch.LocalProcessLauncher;
import org.ox4j.client.launch.ProcessTrees;
import org.ox4j.client.launch.ServerLauncher;
import org.ox4j.client.syntax.AsirValueParser;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoZZ;

/** ServerGroup over real {@code bin/ox-server} processes: wiring, collectives, reset, member failure, cleanup. */
class ServerGroupIT {
    @RegisterExtension
    final ProcessLeakCheck leaks = new ProcessLeakCheck();

    private static final OxClientOptions OPTIONS = OxClientOptions.defaults().withRequestTimeout(Duration.ofSeconds(120));

    private ServerGroup launch(int n, LinkAddressing links) {
        List<ServerLauncher> launchers = Collections.nCopies(n, LocalProcessLauncher.create());
        ServerGroup g = ServerGroup.launch(launchers, Collections.nCopies(n, "127.0.0.1"), links, OPTIONS,
                OxClientResources.shared());
        g.launchedServers().forEach(leaks::track);
        return g;
    }

    @Test
    void groupOfFourBroadcastsReducesResetsAndStopsEverything() {
        List<Long> pids = new ArrayList<>();
        try (ServerGroup g = launch(4, LinkAddressing.tcp())) {
            g.launchedServers().forEach(s -> pids.addAll(s.pids()));
            assertThat(g.size()).isEqualTo(4);
            assertThat(g.isWired()).isTrue();

            Cmo data = AsirValueParser.parse("[2^100, \"from root 2\"]");
            g.bcast(data, 2);
            for (int r = 0; r < 4; r++) {
                assertThat(g.member(r).popCmo()).as("rank %d", r).isEqualTo(data);
            }

            List<Cmo> values = List.of(CmoZZ.of(10), CmoZZ.of(200), CmoZZ.of(3000), new CmoZZ(BigInteger.TWO.pow(70)));
            Cmo sum = g.reduce(values, 1, "+");
            assertThat(sum).isEqualTo(new CmoZZ(BigInteger.valueOf(3210).add(BigInteger.TWO.pow(70))));
            for (int r = 0; r < 4; r++) {
                assertThat(g.member(r).stackSize()).as("stack of rank %d after reduce", r).isZero();
            }

            g.reset();
            // links are drained and usable again: root 0 this time (rank 0 goes out as CMO_NULL)
            assertThat(g.reduce(List.of(CmoZZ.of(1), CmoZZ.of(2), CmoZZ.of(3), CmoZZ.of(4)), 0, "+"))
                    .isEqualTo(CmoZZ.of(10));
        }
        for (long pid : pids) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid %d", pid).isFalse();
        }
    }

    @Test
    void unixLinksWorkToo() {
        try (ServerGroup g = launch(3, LinkAddressing.unix())) {
            assertThat(g.isWired()).isTrue();
            assertThat(g.reduce(List.of(CmoZZ.of(5), CmoZZ.of(6), CmoZZ.of(7)), 2, "+")).isEqualTo(CmoZZ.of(18));
        }
    }

    @Test
    void aDeadMemberIsReportedByRank() {
        try (ServerGroup g = launch(3, LinkAddressing.tcp())) {
            LaunchedServer victim = g.member(2).launchedServer().orElseThrow();
            ProcessTrees.destroy(victim.process().toHandle(), Duration.ofSeconds(2));
            assertThatThrownBy(() -> g.reduce(List.of(CmoZZ.of(1), CmoZZ.of(2), CmoZZ.of(3)), 0, "+"))
                    .isInstanceOfSatisfying(GroupMemberFailedException.class, e -> assertThat(e.rank()).isEqualTo(2));
        }
    }
}
