package org.ox4j.specs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class GoldenVectorsTest {

    @Test
    void indexListsExactlyTheFilesOnDisk() throws IOException, URISyntaxException {
        URL url = GoldenVectors.class.getClassLoader().getResource(GoldenVectors.ROOT + "index.txt");
        assertThat(url).isNotNull();
        Path root = Path.of(url.toURI()).getParent();
        List<String> onDisk;
        try (Stream<Path> s = Files.walk(root)) {
            onDisk = s.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.equals("index.txt"))
                    .sorted()
                    .collect(Collectors.toList());
        }
        assertThat(GoldenVectors.allFiles()).containsExactlyElementsOf(onDisk);
    }

    @Test
    void listsTheSevenSessions() {
        assertThat(GoldenVectors.folders()).containsExactly("a_push_pop", "b_execute_string", "c_cmo_rpc",
                "d_mathcap", "e_reset", "f_rfc102", "h_nbo_toolkit_server");
        assertThat(GoldenVectors.binFiles("f_rfc102")).hasSize(10);
    }

    @Test
    void everyStreamHasADecodingAndAPeer() {
        List<GoldenVectors.Stream> streams = GoldenVectors.streams();
        assertThat(streams).hasSize(34);
        for (GoldenVectors.Stream s : streams) {
            assertThat(GoldenVectors.files(s.folder())).contains(s.decodedFile(), s.peerBinFile());
            assertThat(s.decodedText()).startsWith("# " + s.connection() + ", direction " + s.from() + "_to_" + s.to());
            assertThat(s.bytes()[0]).isEqualTo(s.ownOrderByte());
        }
    }

    @Test
    void byteOrderFollowsTheHandshakeOfBothDirections() {
        GoldenVectors.Stream nbo = GoldenVectors.stream("h_nbo_toolkit_server", "server0-data.server0_to_master.bin");
        assertThat(nbo.ownOrderByte()).isEqualTo((byte) 0x00);
        assertThat(nbo.peerOrderByte()).isEqualTo((byte) 0x01);
        assertThat(nbo.byteOrder()).isEqualTo(ByteOrder.BIG_ENDIAN);
        GoldenVectors.Stream master = GoldenVectors.stream("h_nbo_toolkit_server", "server0-data.master_to_server0.bin");
        assertThat(master.byteOrder()).isEqualTo(ByteOrder.BIG_ENDIAN);
        long bigEndian = GoldenVectors.streams().stream().filter(s -> s.byteOrder() == ByteOrder.BIG_ENDIAN).count();
        assertThat(bigEndian).isEqualTo(2);
        // the decoding states the same conclusion in words
        for (GoldenVectors.Stream s : GoldenVectors.streams()) {
            String expected = s.byteOrder() == ByteOrder.LITTLE_ENDIAN ? "LITTLE endian" : "BIG endian";
            assertThat(s.decodedText()).contains("integers on this stream are " + expected);
        }
    }

    @Test
    void negotiationRule() {
        assertThat(GoldenVectors.negotiatedOrder((byte) 1, (byte) 1)).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(GoldenVectors.negotiatedOrder((byte) 0xff, (byte) 0xff)).isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(GoldenVectors.negotiatedOrder((byte) 0, (byte) 0)).isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(GoldenVectors.negotiatedOrder((byte) 1, (byte) 0)).isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(GoldenVectors.negotiatedOrder((byte) 1, (byte) 0xff)).isEqualTo(ByteOrder.BIG_ENDIAN);
    }

    @Test
    void rejectsUnknownNames() {
        assertThatThrownBy(() -> GoldenVectors.files("nope")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GoldenVectors.bytes("a_push_pop/nope.bin")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> GoldenVectors.stream("a_push_pop", "session.rr")).isInstanceOf(IllegalArgumentException.class);
    }
}
