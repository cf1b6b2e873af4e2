package org.ox4j.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.ox4j.client.OxClient;
import org.ox4j.client.launch.OxHome;

/** {@code bin/oxsh} in script mode and {@code bin/ox-demo}, run as a user runs them. */
class ShellAndDemoIT {
    @RegisterExtension
    final ProcessLeakCheck leaks = new ProcessLeakCheck();

    /** Exit status and stdout of a script with {@code input} on stdin. */
    private record Run(int status, String out, String err) {
    }

    private Run run(String input, String... cmd) throws IOException {
        Path home = OxHome.locate();
        String[] full = cmd.clone();
        full[0] = home.resolve(cmd[0]).toString();
        Process p = leaks.track(new ProcessBuilder(full).start());
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        int status = OxClient.await(p.onExit(), Duration.ofMinutes(5), String.join(" ", cmd)).exitValue();
        return new Run(status, out.join(), err.join());
    }

    private static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void oxshRunsAScriptFromStdin() throws IOException {
        Run r = run("""
                # comments and blank lines are skipped

                push 1+2
                push (x+1)^2
                getsp
                pop
                popString
                call igcd 2^40 6^20
                quit
                """, "bin/oxsh");
        assertThat(r.status()).as("stderr: %s", r.err()).isZero();
        assertThat(r.out().lines().toList()).containsExactly("2", "x^2+2*x+1", "3", "1048576");
    }

    @Test
    void oxshStopsWithStatusOneAtTheFirstError() throws IOException {
        Run r = run("push 1\ncall no_such_function 1\npush 2\n", "bin/oxsh");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err()).contains("line 2").contains("no_such_function");
        Run bad = run("push 1 +\n", "bin/oxsh");
        assertThat(bad.status()).isEqualTo(1);
        assertThat(bad.err()).contains("line 1");
    }

    @Test
    void demoRunsOnFourServersAndChecksItsResults() throws IOException {
        Run r = run("", "bin/ox-demo", "--basic");
        assertThat(r.status()).as("stdout: %s%nstderr: %s", r.out(), r.err()).isZero();
        assertThat(r.out()).contains("group of 4 ready").contains("rank 3:").contains("all results checked");
    }

    @Test
    void groebnerDemoChecksABasisOverRfc102() throws IOException {
        Run r = run("", "bin/ox-demo", "--system", "katsura3", "--servers", "3");
        assertThat(r.status()).as("stdout: %s%nstderr: %s", r.out(), r.err()).isZero();
        assertThat(r.out()).contains("rank 2:").contains("SM_bcast_102 of G")
                .contains("answer: G is a Groebner basis");
    }
}
