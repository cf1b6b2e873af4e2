package org.ox4j.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.ox4j.client.OxClient;
import org.ox4j.client.OxClientOptions;
import org.ox4j.client.OxClientResources;
import org.ox4j.client.OxResetException;
import org.ox4j.client.OxServerErrorException;
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.launch.LocalProcessLauncher;
import org.ox4j.client.syntax.AsirValueParser;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoAtom;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.MathcapViolationException;
import org.ox4j.cmo.text.AsirNotation;

/** OxClient against a real {@code bin/ox-server} launched in {@code ox} form (TCP, one-time password). */
class OxClientIT {
    @RegisterExtension
    static final ProcessLeakCheck LEAKS = new ProcessLeakCheck();

    static final OxClientOptions OPTIONS = OxClientOptions.defaults().withRequestTimeout(Duration.ofSeconds(90));
    private static OxClient client;

    @BeforeAll
    static void launch() {
        client = OxClient.launch(LocalProcessLauncher.builder().extraArgs("--diagnostics").build(), OPTIONS,
                OxClientResources.shared());
        LEAKS.trackForClass(client.launchedServer().orElseThrow());
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.close();
        }
    }

    @Test
    void pushPopRoundTripsValues() {
        Cmo big = AsirValueParser.parse("2^200-1");
        Cmo poly = AsirValueParser.parse("3*x^2*y-1");
        Cmo list = AsirValueParser.parse("[1, \"two\", [3/4]]");
        client.push(big, poly, list);
        assertThat(client.stackSize()).isEqualTo(3);
        assertThat(client.popCmo()).isEqualTo(list);
        assertThat(AsirNotation.readable(client.popCmo())).isEqualTo("3*y*x^2-1");
        assertThat(client.popCmo()).isEqualTo(big);
        client.push(CmoZZ.of(12345));
        assertThat(client.popString()).isEqualTo("12345");
        assertThat(client.stackSize()).isZero();
    }

    @Test
    void callsFunctionsAndSurfacesServerErrors() {
        assertThat(client.call("igcd", CmoZZ.of(84), CmoZZ.of(36))).isEqualTo(CmoZZ.of(12));
        // idiv(17, 5): arguments pushed in reverse order, so a swap would give 0
        assertThat(client.call("idiv", CmoZZ.of(17), CmoZZ.of(5))).isEqualTo(CmoZZ.of(3));
        assertThatThrownBy(() -> client.call("no_such_function", CmoZZ.of(1)))
                .isInstanceOf(OxServerErrorException.class)
                .satisfies(e -> assertThat(((OxServerErrorException) e).error().message().orElseThrow())
                        .contains("no_such_function"));
        Cmo raw = OxClient.await(client.callRawAsync("error", CmoString.of("custom failure")), Duration.ofSeconds(60),
                "raw call");
        assertThat(raw).isInstanceOfSatisfying(CmoError2.class,
                e -> assertThat(e.message().orElseThrow()).contains("custom failure"));
        assertThat(client.stackSize()).isZero();
    }

    @Test
    void asyncRepliesAreMatchedInOrder() {
        List<CompletableFuture<Cmo>> replies = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            replies.add(client.callAsync("igcd", CmoZZ.of(6L * i), CmoZZ.of(4L * i)));
        }
        for (int i = 1; i <= 40; i++) {
            assertThat(OxClient.await(replies.get(i - 1), Duration.ofSeconds(60), "igcd")).isEqualTo(CmoZZ.of(2L * i));
        }
    }

    @Test
    void mathcapIsExchangedAndEnforcedLocally() {
        assertThat(client.serverMathcap()).hasValueSatisfying(mc -> {
            assertThat(mc.systemName()).isEqualTo("ox4j");
            assertThat(mc.smCodes()).contains(262, 269, 273);
        });
        assertThat(client.serverMathcap().orElseThrow().dataTags()).doesNotContain(new CmoAtom(CmoString.of("a")).type().code());
        assertThatThrownBy(() -> client.push(AsirValueParser.parse("[1, 2]"), new CmoAtom(CmoString.of("a"))))
                .isInstanceOf(MathcapViolationException.class);
        assertThatThrownBy(() -> OxClient.await(client.executeAsync(999), Duration.ofSeconds(5), "execute 999"))
                .isInstanceOf(MathcapViolationException.class);
        // nothing of the refused batch reached the server
        assertThat(client.stackSize()).isZero();
        assertThat(client.mathcap()).isEqualTo(client.serverMathcap().orElseThrow().cmo());
    }

    @Test
    void resetAbandonsTheRunningCallAndKeepsTheStack() {
        int left = client.stackSize(); // the client is shared by the tests of this class
        if (left > 0) {
            OxClient.await(client.popsAsync(left), Duration.ofSeconds(30), "pops");
        }
        client.push(CmoZZ.of(41));
        // a round trip first, so 41 is on the stack before the reset: pushes still in flight when a reset lands are
        // dropped with everything else the master sent before its sync ball
        assertThat(client.stackSize()).isEqualTo(1);
        CompletableFuture<Cmo> spinning = client.callAsync("ox4j_spin", CmoZZ.of(600_000));
        client.reset();
        assertThatThrownBy(() -> OxClient.await(spinning, Duration.ofSeconds(30), "spin"))
                .isInstanceOf(OxResetException.class);
        // The reset may land before the call has taken its arguments off the stack (its command was still in
        // flight or queued, and a reset drops those): then they are above 41. Either way 41 is kept.
        int n = client.stackSize();
        assertThat(n).isBetween(1, 4);
        for (int i = 1; i < n; i++) {
            client.popCmo();
        }
        assertThat(client.popCmo()).isEqualTo(CmoZZ.of(41));
        assertThat(client.call("igcd", CmoZZ.of(9), CmoZZ.of(6))).isEqualTo(CmoZZ.of(3));
    }

    @Test
    void unixSocketLaunchAndCloseLeaveNoProcess() {
        OxClient c = OxClient.launch(LocalProcessLauncher.builder().transport(LocalProcessLauncher.Transport.UNIX)
                .build(), OPTIONS, OxClientResources.shared());
        LaunchedServer s = LEAKS.track(c.launchedServer().orElseThrow());
        List<Long> pids = s.pids();
        try {
            assertThat(c.call("igcd", CmoZZ.of(10), CmoZZ.of(4))).isEqualTo(CmoZZ.of(2));
        } finally {
            c.close();
        }
        for (long pid : pids) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid %d", pid).isFalse();
        }
    }
}
