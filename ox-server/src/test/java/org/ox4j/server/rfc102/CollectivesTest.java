package org.ox4j.server.rfc102;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

/** Binomial broadcast and reduction over in-memory links, against sequential oracles. */
class CollectivesTest {
    private static final ExecutorService POOL = Executors.newCachedThreadPool();

    private final List<QueueNetwork> networks = new ArrayList<>();

    @AfterAll
    static void stop() {
        POOL.shutdownNow();
    }

    @AfterEach
    void closeNetworks() {
        networks.forEach(QueueNetwork::close);
    }

    private QueueNetwork network(int n) {
        QueueNetwork net = new QueueNetwork(n);
        networks.add(net);
        return net;
    }

    @Test
    void bcastDeliversTheRootsObjectToEveryMemberForEverySizeAndRoot() throws Exception {
        for (int n = 1; n <= 9; n++) {
            for (int root = 0; root < n; root++) {
                QueueNetwork net = network(n);
                Cmo data = CmoList.of(CmoString.of("from " + root), new CmoZZ(BigInteger.TWO.pow(100).add(
                        BigInteger.valueOf(n))));
                int r = root;
                List<Cmo> got = runAll(n, me -> Rfc102Bcast.run(net.port(me), r,
                        me == r ? data : CmoString.of("not the root's")));
                assertThat(got).as("n=%d root=%d", n, root).allMatch(data::equals);
                assertThat(net.messagesSent()).isEqualTo(n - 1);
            }
        }
    }

    @Test
    void reduceAppendsInRelativeRankOrderAtTheRootAndGivesZeroElsewhere() throws Exception {
        for (int n = 1; n <= 9; n++) {
            for (int root = 0; root < n; root++) {
                QueueNetwork net = network(n);
                int r = root;
                List<Cmo> got = runAll(n, me -> Rfc102Reduce.run(net.port(me), r, AsirOperators::append,
                        CmoList.of(CmoZZ.of(me + 1))));
                List<Cmo> expected = new ArrayList<>();
                for (int k = 0; k < n; k++) {
                    expected.add(CmoZZ.of((root + k) % n + 1));
                }
                assertThat(got.get(root)).as("n=%d root=%d", n, root).isEqualTo(new CmoList(expected));
                for (int me = 0; me < n; me++) {
                    if (me != root) {
                        assertThat(got.get(me)).isEqualTo(CmoNull.INSTANCE);
                    }
                }
                assertThat(net.messagesSent()).isEqualTo(n - 1);
            }
        }
    }

    @Test
    void reduceSumsBignumsLikeASequentialSum() throws Exception {
        int n = 7;
        AsirOperator plus = AsirOperators.resolve("+", null).orElseThrow();
        for (int root = 0; root < n; root++) {
            QueueNetwork net = network(n);
            int r = root;
            IntFunction<BigInteger> value = me -> BigInteger.valueOf(3).pow(60 + me).negate().add(BigInteger.ONE);
            List<Cmo> got = runAll(n, me -> Rfc102Reduce.run(net.port(me), r, plus, new CmoZZ(value.apply(me))));
            BigInteger sum = BigInteger.ZERO;
            for (int me = 0; me < n; me++) {
                sum = sum.add(value.apply(me));
            }
            assertThat(got.get(root)).isEqualTo(new CmoZZ(sum));
        }
    }

    @Test
    void aDeadLeafMakesEveryWaitingMemberFailNamingIt() throws Exception {
        int n = 8;
        QueueNetwork net = network(n);
        net.kill(7);
        List<CompletableFuture<Cmo>> fs = new ArrayList<>();
        for (int me = 0; me < n - 1; me++) {
            int m = me;
            fs.add(CompletableFuture.supplyAsync(
                    () -> Rfc102Reduce.run(net.port(m), 0, AsirOperators::append, CmoList.of(CmoZZ.of(m))), POOL));
        }
        // 7's parent is 6, 6's parent is 4, 4's is 0: all three fail naming 7; the others finish their part
        for (int me : List.of(0, 4, 6)) {
            assertThat(fs.get(me)).failsWithin(5, TimeUnit.SECONDS).withThrowableOfType(Exception.class)
                    .havingRootCause().isInstanceOf(PeerFailureException.class)
                    .withMessageStartingWith("rfc102: rank 7 failed");
        }
        for (int me : List.of(1, 2, 3, 5)) {
            assertThat(fs.get(me).get(5, TimeUnit.SECONDS)).isEqualTo(CmoNull.INSTANCE);
        }
    }

    @Test
    void aDeadInnerMemberFailsItsBroadcastSubtreeNamingIt() throws Exception {
        int n = 8;
        QueueNetwork net = network(n);
        net.kill(4);
        List<CompletableFuture<Cmo>> fs = new ArrayList<>();
        for (int me = 0; me < n; me++) {
            int m = me;
            fs.add(me == 4 ? null : CompletableFuture.supplyAsync(
                    () -> Rfc102Bcast.run(net.port(m), 0, CmoString.of("data")), POOL));
        }
        for (int me : List.of(5, 6, 7, 0)) {
            assertThat(fs.get(me)).failsWithin(5, TimeUnit.SECONDS).withThrowableOfType(Exception.class)
                    .havingRootCause().withMessageStartingWith("rfc102: rank 4 failed");
        }
        for (int me : List.of(1, 2, 3)) {
            assertThat(fs.get(me).get(5, TimeUnit.SECONDS)).isEqualTo(CmoString.of("data"));
        }
    }

    private static List<Cmo> runAll(int n, IntFunction<Cmo> member) throws Exception {
        List<CompletableFuture<Cmo>> fs = new ArrayList<>();
        for (int me = 0; me < n; me++) {
            int m = me;
            fs.add(CompletableFuture.supplyAsync(() -> member.apply(m), POOL));
        }
        List<Cmo> out = new ArrayList<>();
        for (CompletableFuture<Cmo> f : fs) {
            out.add(f.get(20, TimeUnit.SECONDS));
        }
        return out;
    }
}
