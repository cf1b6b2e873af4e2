package org.ox4j.client.demo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.client.launch.LocalProcessLauncher;
import org.ox4j.client.launch.ServerLauncher;

/**
 * The servers a demo runs on: this checkout's {@code bin/ox-server} by default, or the {@code --server-cmd} commands
 * given, dealt to the ranks in turn (two commands and four ranks: 0 and 2 run the first, 1 and 3 the second), so
 * {@code --server-cmd "ox -ox ox_asir" --server-cmd bin/ox-server} makes a mixed group.
 */
final class DemoLaunchers {
    /** A JVM starting on a loaded machine may need long; this bounds it without waiting that long when it is quick. */
    private static final Duration READINESS = Duration.ofMinutes(3);

    private static final int MAX_SHOWN = 80;

    private DemoLaunchers() {
    }

    static List<ServerLauncher> forRanks(int n, List<String> commands) {
        List<ServerLauncher> launchers = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            LocalProcessLauncher.Builder b = LocalProcessLauncher.builder().readinessTimeout(READINESS);
            if (!commands.isEmpty()) {
                b.commandLine(commands.get(r % commands.size()));
            }
            launchers.add(b.build());
        }
        return launchers;
    }

    static String describe(List<String> commands) {
        if (commands.isEmpty()) {
            return "ox4j servers";
        }
        List<String> shown = new ArrayList<>();
        for (String c : commands) {
            // a long command (a java command line with its classpath) is shown by its program and its last word
            List<String> words = LocalProcessLauncher.splitCommandLine(c);
            shown.add(c.length() <= MAX_SHOWN ? c.strip() : shortName(words.get(0)) + " ... "
                    + words.get(words.size() - 1));
        }
        return "servers (" + String.join(" | ", shown) + ")";
    }

    private static String shortName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
