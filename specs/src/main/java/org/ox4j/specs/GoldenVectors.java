package org.ox4j.specs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Classpath access to the golden captures of real Asir / ox_asir sessions (resources under
 * {@code org/ox4j/specs/vectors/}). Each folder is one session; each {@code CONN.A_to_B.bin} holds the exact
 * bytes A sent to B on one connection, starting with the one-byte byte-order exchange, and
 * {@code CONN.A_to_B.decoded.txt} is its message-by-message decoding.
 *
 * <p>Resources inside a jar cannot be listed, so the file names come from the committed {@code index.txt}
 * (a test in this module checks it against the directory).
 */
public final class GoldenVectors {
    /** Classpath prefix of every vector resource. */
    public static final String ROOT = "org/ox4j/specs/vectors/";

    private static final String BIN_SUFFIX = ".bin";
    private static final String DECODED_SUFFIX = ".decoded.txt";

    private static volatile List<String> index;

    private GoldenVectors() {
    }

    /** Every indexed file path relative to {@link #ROOT}, e.g. {@code a_push_pop/session.rr}, sorted. */
    public static List<String> allFiles() {
        List<String> i = index;
        if (i == null) {
            List<String> lines = new ArrayList<>();
            for (String line : text("index.txt").split("\n")) {
                if (!line.isBlank()) {
                    lines.add(line.strip());
                }
            }
            i = List.copyOf(lines);
            index = i;
        }
        return i;
    }

    /** The session folders, e.g. {@code a_push_pop}, sorted. */
    public static List<String> folders() {
        TreeSet<String> out = new TreeSet<>();
        for (String f : allFiles()) {
            int slash = f.indexOf('/');
            if (slash > 0) {
                out.add(f.substring(0, slash));
            }
        }
        return List.copyOf(out);
    }

    /** The file names in {@code folder}, sorted. */
    public static List<String> files(String folder) {
        List<String> out = new ArrayList<>();
        String prefix = folder + "/";
        for (String f : allFiles()) {
            if (f.startsWith(prefix)) {
                out.add(f.substring(prefix.length()));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("vector folder: " + folder + " (expected one of " + folders() + ")");
        }
        return out;
    }

    /** The {@code .bin} captures in {@code folder}, sorted. */
    public static List<String> binFiles(String folder) {
        List<String> out = new ArrayList<>();
        for (String f : files(folder)) {
            if (f.endsWith(BIN_SUFFIX)) {
                out.add(f);
            }
        }
        return out;
    }

    /** Every captured stream of every folder. */
    public static List<Stream> streams() {
        List<Stream> out = new ArrayList<>();
        for (String folder : folders()) {
            for (String bin : binFiles(folder)) {
                out.add(stream(folder, bin));
            }
        }
        return out;
    }

    /** The raw bytes of {@code path} (relative to {@link #ROOT}). */
    public static byte[] bytes(String path) {
        String res = ROOT + path;
        try (InputStream in = GoldenVectors.class.getClassLoader().getResourceAsStream(res)) {
            if (in == null) {
                throw new IllegalArgumentException("no such vector resource: " + res);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + res, e);
        }
    }

    /** The raw bytes of {@code file} in {@code folder}. */
    public static byte[] bytes(String folder, String file) {
        return bytes(folder + "/" + file);
    }

    /** The UTF-8 text of {@code path} (relative to {@link #ROOT}). */
    public static String text(String path) {
        return new String(bytes(path), StandardCharsets.UTF_8);
    }

    /** The UTF-8 text of {@code file} in {@code folder}. */
    public static String text(String folder, String file) {
        return text(folder + "/" + file);
    }

    /**
     * The stream captured in {@code binFile} ({@code CONN.A_to_B.bin}) of {@code folder}, with its byte order
     * derived from the first byte of this file and of the opposite direction {@code CONN.B_to_A.bin}.
     */
    public static Stream stream(String folder, String binFile) {
        if (!binFile.endsWith(BIN_SUFFIX)) {
            throw new IllegalArgumentException("capture file: " + binFile + " (expected: *.bin)");
        }
        String base = binFile.substring(0, binFile.length() - BIN_SUFFIX.length());
        int dot = base.lastIndexOf('.');
        int to = base.lastIndexOf("_to_");
        if (dot < 0 || to < dot) {
            throw new IllegalArgumentException("capture file: " + binFile + " (expected: CONN.A_to_B.bin)");
        }
        String connection = base.substring(0, dot);
        String from = base.substring(dot + 1, to);
        String toName = base.substring(to + 4);
        String peerBin = connection + "." + toName + "_to_" + from + BIN_SUFFIX;
        byte[] own = bytes(folder, binFile);
        byte[] peer = bytes(folder, peerBin);
        if (own.length == 0 || peer.length == 0) {
            throw new IllegalStateException("capture without byte-order byte: " + folder + "/" + binFile);
        }
        return new Stream(folder, connection, from, toName, binFile, base + DECODED_SUFFIX, peerBin, own[0], peer[0]);
    }

    /**
     * The byte order of a connection given the byte-order bytes both sides sent: equal bytes select the order
     * they name ({@code 0x01} little-endian, {@code 0x00} or {@code 0xFF} big-endian); different bytes select
     * network order (big-endian).
     */
    public static ByteOrder negotiatedOrder(byte mine, byte peers) {
        if (mine == peers && mine == 0x01) {
            return ByteOrder.LITTLE_ENDIAN;
        }
        return ByteOrder.BIG_ENDIAN;
    }

    /**
     * One captured direction of one connection.
     *
     * @param folder       session folder, e.g. {@code a_push_pop}
     * @param connection   connection name, e.g. {@code server0-data}
     * @param from         sending side, e.g. {@code master}
     * @param to           receiving side, e.g. {@code server0}
     * @param binFile      the capture, e.g. {@code server0-data.master_to_server0.bin}
     * @param decodedFile  its decoding, e.g. {@code server0-data.master_to_server0.decoded.txt}
     * @param peerBinFile  the opposite direction of the same connection
     * @param ownOrderByte the byte-order byte the sender wrote (first byte of {@code binFile})
     * @param peerOrderByte the byte-order byte the receiver wrote (first byte of {@code peerBinFile})
     */
    public record Stream(String folder, String connection, String from, String to, String binFile,
            String decodedFile, String peerBinFile, byte ownOrderByte, byte peerOrderByte) {
        public Stream {
            Objects.requireNonNull(folder, "folder");
            Objects.requireNonNull(binFile, "binFile");
        }

        /** Byte order of every int32 after the first byte. */
        public ByteOrder byteOrder() {
            return negotiatedOrder(ownOrderByte, peerOrderByte);
        }

        /** The exact captured bytes, handshake byte included. */
        public byte[] bytes() {
            return GoldenVectors.bytes(folder, binFile);
        }

        /** The text of the decoding. */
        public String decodedText() {
            return GoldenVectors.text(folder, decodedFile);
        }

        /** {@code folder/binFile}, for test names. */
        public String name() {
            return folder + "/" + binFile;
        }

        @Override
        public String toString() {
            return name();
        }
    }
}
