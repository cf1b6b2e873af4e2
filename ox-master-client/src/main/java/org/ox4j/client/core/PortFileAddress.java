package org.ox4j.client.core;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * A TCP endpoint whose port is not known yet: a server started with {@code -portfile F} writes it to a file
 * ({@code F.control}, {@code F.data}) as a decimal number and a newline once it listens there. OpenXM's {@code ox}
 * writes the data port only after it has accepted the control connection (spec §2.3), so a client can resolve this
 * address only when it is about to connect; {@link OxConnector} does that on every attempt and treats a missing or
 * half-written file like a port that does not listen yet.
 */
public final class PortFileAddress extends SocketAddress {
    private static final long serialVersionUID = 1L;
    /** A port file is a few digits and a newline; anything longer is not one. */
    private static final long MAX_FILE_BYTES = 64;

    private final String host;
    private final Path file;

    public PortFileAddress(String host, Path file) {
        this.host = Objects.requireNonNull(host, "host");
        this.file = Objects.requireNonNull(file, "file");
    }

    public String host() {
        return host;
    }

    public Path file() {
        return file;
    }

    /** The port written in {@code file}, if the file is complete (ends with a newline). */
    public static Optional<Integer> readPort(Path file) throws IOException {
        if (Files.size(file) > MAX_FILE_BYTES) {
            throw new IOException(file + ": " + Files.size(file) + " bytes (expected: a port number and a newline)");
        }
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        if (!text.endsWith("\n")) {
            return Optional.empty();
        }
        try {
            int port = Integer.parseInt(text.strip());
            if (port > 0 && port < 65536) {
                return Optional.of(port);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IOException(file + ": \"" + text.strip() + "\" (expected: a TCP port 1..65535)");
    }

    /** The endpoint, or {@link NoSuchFileException} while the server has not written the port yet. */
    public InetSocketAddress resolve() throws IOException {
        Optional<Integer> port = readPort(file);
        if (port.isEmpty()) {
            throw new NoSuchFileException(file.toString(), null, "port file not complete yet");
        }
        return new InetSocketAddress(host, port.get());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PortFileAddress p && p.host.equals(host) && p.file.equals(file);
    }

    @Override
    public int hashCode() {
        return Objects.hash(host, file);
    }

    @Override
    public String toString() {
        return host + ":<port in " + file + ">";
    }
}
