package org.ox4j.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** The early reading of plain command lines (forms a and b) makes the command picocli makes, wherever it takes one. */
class EarlyListenTest {
    static Stream<String> taken() {
        return Stream.of(
                "-control 0 -data 0",
                "-host 127.0.0.1 -control 0 -data 0 -portfile /tmp/ox -pass PW",
                "-data 1300 -control 1200 -passControl A -passData B -insecure",
                "-control 0 -data 0 -pass PW -passData OTHER",
                "-unix /tmp/oxsock",
                "-unix /tmp/oxsock -control 0 -data 0 --log-file /tmp/l --diagnostics --byte-order 0",
                "-control 5 --max-depth 20000 --max-message-bytes 1000 -data 6 --max-stack-depth 7"
                        + " --max-session-bytes 123456",
                "-data 0",
                "-display :0",
                "--byte-order 0 -display :0",
                "--log-file /tmp/l --max-depth 20000");
    }

    static Stream<String> leftToPicocli() {
        return Stream.of(
                "-reverse -host 127.0.0.1 -control 1 -data 2",
                "daemon --port 0 --password-file /tmp/pw",
                "--help",
                "-control 0 -data 0 -bogus",
                "-control x -data 0",
                "-control 70000 -data 0",
                "-control 0 --max-depth lots -data 0",
                "-control 0 -data 0 --byte-order 7",
                "-control 0 -data 0 --max-depth 1",
                "-control 0 -data");
    }

    @ParameterizedTest
    @MethodSource("taken")
    void readsWhatPicocliReads(String line) {
        String[] args = line.split(" ");
        Optional<ServerCommand> early = EarlyListen.parse(args);
        ServerCommand full = new ServerCommand();
        new CommandLine(full).parseArgs(args);
        assertThat(early).isPresent();
        ServerCommand e = early.get();
        assertThat(e.launchOptions()).isEqualTo(full.launchOptions());
        assertThat(e.common.limits()).isEqualTo(full.common.limits());
        assertThat(e.common.byteOrderOffer()).isEqualTo(full.common.byteOrderOffer());
        assertThat(e.common.diagnostics).isEqualTo(full.common.diagnostics);
        assertThat(e.common.logFile).isEqualTo(full.common.logFile);
        assertThat(e.inherited()).isEqualTo(full.inherited());
    }

    @org.junit.jupiter.api.Test
    void noArgumentsIsFormAAsWithPicocli() {
        ServerCommand full = new ServerCommand();
        new CommandLine(full).parseArgs();
        assertThat(EarlyListen.parse(new String[0])).hasValueSatisfying(e -> {
            assertThat(e.inherited()).isTrue().isEqualTo(full.inherited());
            assertThat(e.common.limits()).isEqualTo(full.common.limits());
        });
    }

    @ParameterizedTest
    @MethodSource("leftToPicocli")
    void leavesEverythingElseToPicocli(String line) {
        assertThat(EarlyListen.parse(line.isEmpty() ? new String[0] : line.split(" "))).isEmpty();
    }
}
