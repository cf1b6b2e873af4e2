package org.ox4j.mpi.cost;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Stores a fitted model as a small properties file:
 * {@code model=HOCKNEY|PACKET, alpha, beta, gamma, packet.payload, packet.header} (seconds, seconds per byte) and the
 * host terms {@code message.byte, cores, wake.up, stream.open} (absent: none).
 */
public final class CostModelStore {
    /** System property naming the file to load at startup ({@link #loadOrDefault()}). */
    public static final String FILE_PROPERTY = "ox.coll.costModel";

    private CostModelStore() {
    }

    public static void save(CostModel m, Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("model", m.kind().name());
        p.setProperty("alpha", Double.toString(m.alpha()));
        p.setProperty("beta", Double.toString(m.beta()));
        p.setProperty("gamma", Double.toString(m.gamma()));
        p.setProperty("packet.payload", Integer.toString(m.packetPayload()));
        p.setProperty("packet.header", Integer.toString(m.packetHeader()));
        p.setProperty("message.byte", Double.toString(m.messageByte()));
        p.setProperty("cores", Integer.toString(m.cores()));
        p.setProperty("wake.up", Double.toString(m.wakeUp()));
        p.setProperty("stream.open", Double.toString(m.streamOpen()));
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            p.store(w, "ox4j cost model (seconds, seconds per byte)");
        }
    }

    public static CostModel load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        try {
            return new CostModel(CostModel.Kind.valueOf(p.getProperty("model", "HOCKNEY")),
                    Double.parseDouble(p.getProperty("alpha")), Double.parseDouble(p.getProperty("beta")),
                    Double.parseDouble(p.getProperty("gamma", "0")),
                    Integer.parseInt(p.getProperty("packet.payload", "0")),
                    Integer.parseInt(p.getProperty("packet.header", "0")),
                    Double.parseDouble(p.getProperty("message.byte", "0")),
                    Integer.parseInt(p.getProperty("cores", "0")), Double.parseDouble(p.getProperty("wake.up", "0")),
                    Double.parseDouble(p.getProperty("stream.open", "0")));
        } catch (RuntimeException e) {
            throw new IOException("cost model file " + file + ": " + e.getMessage(), e);
        }
    }

    /** The model named by system property {@value #FILE_PROPERTY}, else {@link CostModel#DEFAULT}. */
    public static CostModel loadOrDefault() {
        String f = System.getProperty(FILE_PROPERTY);
        if (f == null || f.isBlank()) {
            return CostModel.DEFAULT;
        }
        try {
            return load(Path.of(f));
        } catch (IOException e) {
            throw new IllegalStateException("cannot load cost model: " + e.getMessage(), e);
        }
    }
}
