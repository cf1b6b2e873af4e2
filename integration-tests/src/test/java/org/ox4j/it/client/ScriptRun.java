package org.ox4j.it.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.ox4j.client.OxClient;
import org.ox4j.client.launch.OxHome;

/** A {@code bin/} script run as a user runs it: {@code input} on stdin, its exit status and both outputs kept. */
record ScriptRun(int status, String out, String err) {
    /** Runs {@code cmd} ({@code cmd[0]} relative to the checkout), tracked by {@code leaks}, bounded by 5 minutes. */
    static ScriptRun run(ProcessLeakCheck leaks, String input, String... cmd) throws IOException {
        String[] full = cmd.clone();
        full[0] = OxHome.locate().resolve(cmd[0]).toString();
        Process p = leaks.track(new ProcessBuilder(full).start());
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        int status = OxClient.await(p.onExit(), Duration.ofMinutes(5), String.join(" ", cmd)).exitValue();
        return new ScriptRun(status, out.join(), err.join());
    }

    private static String read(InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
