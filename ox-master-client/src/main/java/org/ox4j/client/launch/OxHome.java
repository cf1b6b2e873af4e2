package org.ox4j.client.launch;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the ox4j checkout or distribution whose {@code bin/ox-server} a local launcher runs: system property
 * {@code ox4j.home}, then environment variable {@code OX4J_HOME}, then the nearest directory above the working
 * directory or above this class's jar that contains {@code bin/ox-server}.
 */
public final class OxHome {
    /** The system property naming the home directory. */
    public static final String PROPERTY = "ox4j.home";
    /** The environment variable naming the home directory. */
    public static final String ENV = "OX4J_HOME";

    private OxHome() {
    }

    /** The home directory, or an {@link OxLaunchException} saying where it looked. */
    public static Path locate() {
        String prop = System.getProperty(PROPERTY);
        if (prop != null && !prop.isBlank()) {
            return requireServer(Path.of(prop), "system property " + PROPERTY);
        }
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            return requireServer(Path.of(env), "environment variable " + ENV);
        }
        Optional<Path> found = searchUp(Path.of("").toAbsolutePath());
        if (found.isEmpty()) {
            found = codeLocation().flatMap(OxHome::searchUp);
        }
        return found.orElseThrow(() -> new OxLaunchException("cannot find bin/ox-server: set -D" + PROPERTY
                + "=DIR or " + ENV + "=DIR (the ox4j checkout)"));
    }

    /** {@code home/bin/ox-server}. */
    public static Path serverScript(Path home) {
        return home.resolve("bin").resolve("ox-server");
    }

    private static Path requireServer(Path home, String source) {
        if (!Files.isRegularFile(serverScript(home))) {
            throw new OxLaunchException(source + " = " + home + " has no bin/ox-server");
        }
        return home.toAbsolutePath().normalize();
    }

    private static Optional<Path> searchUp(Path start) {
        for (Path p = start; p != null; p = p.getParent()) {
            if (Files.isRegularFile(serverScript(p))) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> codeLocation() {
        try {
            var src = OxHome.class.getProtectionDomain().getCodeSource();
            return src == null ? Optional.empty() : Optional.of(Path.of(src.getLocation().toURI()));
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
