package org.ox4j.server.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortFileTest {
    @Test
    void writesThePortAsFiveDigitsAndANewline(@TempDir Path dir) throws IOException {
        Path base = dir.resolve("ox");
        assertThat(Files.readString(PortFile.write(base, "control", 80))).isEqualTo("00080\n");
        assertThat(Files.readString(PortFile.write(base, "data", 65535))).isEqualTo("65535\n");
        assertThat(Files.readString(base.resolveSibling("ox.control"))).isEqualTo("00080\n");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("ox.control", "ox.data");
        }
    }

    @Test
    void fiveDigitsPadsLikePercentZeroFiveD() {
        for (int port : new int[] {0, 7, 42, 999, 1024, 12345, 65535, 123456}) {
            assertThat(PortFile.fiveDigits(port)).isEqualTo(String.format("%05d", port));
        }
    }
}
