package org.ox4j.it.ox;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ox4j.client.launch.OxHome;

/** Command lines that start the doubles of this package as real processes, the way a user would start {@code ox}. */
public final class OxDoubles {
    private OxDoubles() {
    }

    /** {@code java ... OxLauncherDouble -ox ENGINE}: what {@code ox -ox ENGINE} is in the tests. */
    public static List<String> ox(String engine) {
        List<String> cmd = new ArrayList<>(java(OxLauncherDouble.class));
        cmd.addAll(List.of("-ox", engine));
        return cmd;
    }

    /** This checkout's {@code bin/ox-server}, as an engine path for {@code -ox}. */
    public static String ox4jEngine() {
        return OxHome.serverScript(OxHome.locate()).toString();
    }

    /**
     * An executable that runs {@link AsirEngineDouble} with fd 3 moved to fd 0 (as {@code bin/ox-server} does),
     * for {@code -ox}; written once into {@code dir}.
     */
    public static String asirEngine(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path script = dir.resolve("ox_asir_double");
        String body = "#!/bin/sh\nexec " + String.join(" ", java(AsirEngineDouble.class)) + " 0<&3\n";
        Files.writeString(script, body, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script.toString();
    }

    /** The real OpenXM {@code ox} launcher and ox_asir, where {@code OpenXM_HOME} names an installation. */
    public static Optional<Path> realOpenXm() {
        String home = System.getenv("OpenXM_HOME");
        if (home == null || home.isBlank()) {
            return Optional.empty();
        }
        Path bin = Path.of(home, "bin");
        return Files.isExecutable(bin.resolve("ox")) && Files.isExecutable(bin.resolve("ox_asir"))
                ? Optional.of(bin) : Optional.empty();
    }

    /** A TCP port on loopback that nothing listens on right now (for {@code ox}'s fixed {@code -control}/{@code -data}). */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static List<String> java(Class<?> main) {
        // C1 only and class sharing: the doubles are small and should start fast
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:TieredStopAtLevel=1",
                "-Xshare:auto", "-cp", System.getProperty("java.class.path"), main.getName());
    }
}
