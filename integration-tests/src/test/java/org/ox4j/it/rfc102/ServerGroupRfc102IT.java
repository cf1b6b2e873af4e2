package org.ox4j.it.rfc102;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxServerErrorException;
import org.ox4j.client.group.GroupMemberFailedException;
import org.ox4j.client.group.ServerGroup;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;

/**
 * RFC-102 with real {@code bin/ox-server} processes driven by a master through the SM commands 278-283, as an Asir
 * master drives ox_asir: a group of 4 is wired by {@link ServerGroup}; bcast and reduce from every root against the
 * oracles; a bcast abandoned by all but the root, then {@code SM_reset_102}; a member killed in the middle of a
 * reduction, errors naming it, and the survivors working again after {@code SM_reset_102}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ServerGroupRfc102IT {
    private static final int N = 4;
    private static ServerGroup group;

    @BeforeAll
    static void launch() {
        group = ServerGroup.launchLocal(N);
    }

    @AfterAll
    static void stop() {
        if (group != null) {
            group.close();
        }
    }

    private static Cmo asirInt(int v) {
        return v == 0 ? CmoNull.INSTANCE : CmoZZ.of(v);
    }

    @Test
    @Order(1)
    void getRankAnswersNserverAndRank() {
        for (int r = 0; r < N; r++) {
            Cmo got = group.member(r).call("ox_get_rank_102");
            assertThat(got).isEqualTo(CmoList.of(CmoZZ.of(N), asirInt(r)));
        }
    }

    @Test
    @Order(2)
    void bcastFromEveryRootReachesEveryMember() {
        for (int root = 0; root < N; root++) {
            for (Cmo data : List.of(Oracles.small(root + 1), Oracles.bignum(root), Oracles.list(root),
                    Oracles.polynomial(root))) {
                group.bcast(data, root);
                List<Cmo> popped = group.all((r, m) -> m.popCmoAsync(), "pop");
                assertThat(popped).as("root %d", root).allMatch(data::equals);
            }
        }
    }

    @Test
    @Order(3)
    void reduceToEveryRootMatchesTheOracle() {
        for (int root = 0; root < N; root++) {
            List<Cmo> ints = new ArrayList<>();
            List<Cmo> lists = new ArrayList<>();
            List<Cmo> polynomials = new ArrayList<>();
            for (int r = 0; r < N; r++) {
                ints.add(Oracles.bignum(r));
                lists.add(Oracles.list(r));
                polynomials.add(Oracles.polynomial(r));
            }
            assertThat(group.reduce(ints, root, "+")).isEqualTo(Oracles.sum(N, Oracles::bignum));
            // pushed polynomials stay in their bytes on the members, whose "+" merges those bytes
            assertThat(group.reduce(polynomials, root, "+")).isEqualTo(Oracles.polynomialSum(N));
            assertThat(group.reduce(lists, root, "append")).isEqualTo(Oracles.appended(N, root, Oracles::list));
            assertThat(group.reduce(ints, root, "max")).isEqualTo(Oracles.bignum(2));
        }
    }

    @Test
    @Order(4)
    void anUnknownOperatorIsAnErrorAtEveryMemberNotAHang() {
        List<Cmo> ints = new ArrayList<>();
        for (int r = 0; r < N; r++) {
            ints.add(CmoZZ.of(r + 1));
        }
        assertThatThrownBy(() -> group.reduce(ints, 0, "no-such-op"))
                .isInstanceOf(GroupMemberFailedException.class).hasMessageContaining("Invalid opration");
        // ox_asir leaves the data below the error; clear every stack for the next tests
        group.all((r, m) -> m.stackSizeAsync().thenCompose(m::popsAsync), "clear");
    }

    @Test
    @Order(5)
    void resetAfterABcastOnlyTheRootRanRestoresTheGroup() {
        OxClient root = group.member(0);
        root.push(CmoString.of("stale"), CmoNull.INSTANCE);
        root.execute(SmCommand.BCAST_102);
        assertThat(root.popCmo()).isEqualTo(CmoString.of("stale"));
        // the stale data now waits in the links 0→2 and 0→1; SM_reset_102 on everyone drains them
        group.all((r, m) -> m.executeAsync(SmCommand.RESET_102).thenCompose(v -> m.stackSizeAsync()), "reset_102");
        group.bcast(CmoString.of("fresh"), 3);
        assertThat(group.all((r, m) -> m.popCmoAsync(), "pop")).allMatch(CmoString.of("fresh")::equals);
    }

    @Test
    @Order(6)
    void aMemberKilledMidReduceIsNamedAndTheSurvivorsWorkAfterReset() throws Exception {
        List<Integer> survivors = List.of(0, 1, 2);
        for (int r : survivors) {
            OxClient m = group.member(r);
            m.push(CmoZZ.of(100 + r), CmoNull.INSTANCE, CmoString.of("+"));
            m.execute(SmCommand.REDUCE_102);
        }
        // rank 3 (whose value rank 2 waits for) dies without taking part
        group.member(3).launchedServer().orElseThrow().process().destroyForcibly().onExit().get();
        for (int r : List.of(0, 2)) {
            assertThatThrownBy(() -> group.member(r).popCmo()).as("rank %d", r)
                    .isInstanceOf(OxServerErrorException.class).hasMessageContaining("rfc102: rank 3 failed");
        }
        assertThat(group.member(1).popCmo()).isEqualTo(CmoNull.INSTANCE);

        List<CompletableFuture<Integer>> done = new ArrayList<>();
        for (int r : survivors) {
            OxClient m = group.member(r);
            m.push(CmoString.of("ox4j-reset_102-both"));
            m.execute(SmCommand.RESET_102);
            m.push(CmoZZ.of(3), asirInt(r));
            m.execute(SmCommand.SET_RANK_102);
            done.add(m.stackSizeAsync());
        }
        for (CompletableFuture<Integer> f : done) {
            assertThat(OxClient.await(f, Duration.ofSeconds(60), "reset")).isZero();
        }
        for (int r : survivors) {
            OxClient m = group.member(r);
            m.push(CmoZZ.of(100 + r), asirInt(1), CmoString.of("+"));
            m.execute(SmCommand.REDUCE_102);
        }
        assertThat(group.member(1).popCmo()).isEqualTo(CmoZZ.of(303));
        assertThat(group.member(0).popCmo()).isEqualTo(CmoNull.INSTANCE);
        assertThat(group.member(2).popCmo()).isEqualTo(CmoNull.INSTANCE);
    }
}
