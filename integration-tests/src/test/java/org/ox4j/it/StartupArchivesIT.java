package org.ox4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ox4j.cmo.CmoZZ;

/**
 * {@code bin/ox-server} and its start-up archive: used when current, ignored when older than the jars, and a damaged
 * one never keeps the server from starting. Runs against a copy of this checkout's {@code bin/} with links to its
 * jars, so the real archives are not touched.
 */
class StartupArchivesIT {
    @TempDir
    Path home;

    private Path script;
    private Path archive;

    @BeforeEach
    void copyHome() throws Exception {
        Path real = ServerProcess.home();
        Files.createDirectories(home.resolve("bin/lib"));
        for (String f : new String[] {"bin/ox-server", "bin/lib/common.sh"}) {
            Files.copy(real.resolve(f), home.resolve(f));
        }
        Path target = Files.createDirectories(home.resolve("ox-server/target/startup"));
        try (var jars = Files.list(real.resolve("ox-server/target"))) {
            for (Path p : jars.filter(p -> p.getFileName().toString().matches("ox-server-.*\\.jar|classpath\\.txt"))
                    .toList()) {
                Files.createSymbolicLink(target.getParent().resolve(p.getFileName()), p);
            }
        }
        script = home.resolve("bin/ox-server");
        archive = Path.of(bash(". '" + home.resolve("bin/lib/common.sh") + "'; ox4j_archive \"$(ox4j_server_jdk)\""));
        assertThat(archive.getParent()).isEqualTo(target);
    }

    private static String bash(String command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    /** Starts the copied server, checks that it answers, and returns the JVM's command line. */
    private String startAndUse(String name) throws Exception {
        try (ServerProcess server = ServerProcess.startReady(script, name, Map.of(), "-data", "0", "-control", "0");
             TestMaster control = TestMaster.tcp(server.readyPort("control")).handshake(1);
             TestMaster data = TestMaster.tcp(server.readyPort("data")).handshake(1)) {
            data.push(CmoZZ.of(12345));
            assertThat(data.popCmo()).isEqualTo(CmoZZ.of(12345));
            Optional<String> line = server.handle().info().commandLine();
            return line.orElse("");
        }
    }

    @Test
    void aCurrentArchiveIsGivenToTheJvm() throws Exception {
        Path built = ServerProcess.home().resolve("ox-server/target/startup").resolve(archive.getFileName());
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(built),
                "the build made no archive for this JDK (" + built + ")");
        Files.copy(built, archive);
        Files.setLastModifiedTime(archive, FileTime.from(Instant.now()));
        assertThat(startAndUse("archive-current")).contains(archive.toString());
    }

    @Test
    void theRealServerLoadsItsClassesFromTheBuiltArchive() throws Exception {
        // the JVM accepts an archive only if its options match the dump's (module and native-access flags among
        // them); a mismatch is no failure, just a slow start, so it is checked here where the classes come from
        Path real = ServerProcess.home();
        Path built = real.resolve("ox-server/target/startup").resolve(archive.getFileName());
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(built),
                "the build made no archive for this JDK (" + built + ")");
        Path log = home.resolve("class-load.txt");
        try (ServerProcess server = ServerProcess.startReady("archive-used",
                Map.of("JAVA_OPTS", "-Xlog:class+load=info:file=" + log), "-data", "0", "-control", "0")) {
            assertThat(server.handle().info().commandLine().orElse("")).contains(built.toString());
        }
        // hundreds of ox4j classes come from the archive (the launcher's main class itself is not in it)
        assertThat(Files.readAllLines(log)).filteredOn(l -> l.contains(" org.ox4j.") && l.contains("shared objects file"))
                .hasSizeGreaterThan(100);
    }

    @Test
    void anArchiveOlderThanTheJarsIsIgnored() throws Exception {
        Files.writeString(archive, "stale");
        Files.setLastModifiedTime(archive, FileTime.from(Instant.parse("2000-01-01T00:00:00Z")));
        assertThat(startAndUse("archive-stale")).doesNotContain(archive.toString());
    }

    @Test
    void aDamagedArchiveDoesNotKeepTheServerFromStarting() throws Exception {
        Files.write(archive, new byte[4096]);
        Files.setLastModifiedTime(archive, FileTime.from(Instant.now()));
        // the JVM is given the archive, finds it unusable and starts without it
        assertThat(startAndUse("archive-damaged")).contains(archive.toString());
    }

    @Test
    void withoutAnArchiveTheServerStartsAsBefore() throws Exception {
        assertThat(Files.exists(archive)).isFalse();
        assertThat(startAndUse("archive-none")).doesNotContain("SharedArchiveFile").doesNotContain("AOTCache");
    }
}
