package org.ox4j.server.rfc102;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a link listens or connects: a TCP port (the port argument was an integer) or an AF_UNIX socket path (it
 * was a STRING, as {@code lib/dmul102} does with {@code generate_port(1)}).
 */
public sealed interface LinkAddress {

    /** The socket address to bind ({@code bindHost} is used for TCP only). */
    SocketAddress bindAddress(String bindHost);

    /** The socket address to connect to ({@code host} is ignored for AF_UNIX, as in ox_asir). */
    SocketAddress connectAddress(String host);

    /** A TCP port. */
    record Tcp(int port) implements LinkAddress {
        public Tcp {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port: " + port + " (expected: 0..65535)");
            }
        }

        @Override
        public SocketAddress bindAddress(String bindHost) {
            return new InetSocketAddress(bindHost, port);
        }

        @Override
        public SocketAddress connectAddress(String host) {
            Objects.requireNonNull(host, "host (expected: a STRING for a TCP link)");
            return new InetSocketAddress(host, port);
        }
    }

    /** An AF_UNIX socket path. */
    record Unix(String path) implements LinkAddress {
        public Unix {
            Objects.requireNonNull(path, "path");
            if (path.isEmpty()) {
                throw new IllegalArgumentException("path: empty (expected: a socket file name)");
            }
        }

        @Override
        public SocketAddress bindAddress(String bindHost) {
            return UnixDomainSocketAddress.of(Path.of(path));
        }

        @Override
        public SocketAddress connectAddress(String host) {
            return UnixDomainSocketAddress.of(Path.of(path));
        }
    }
}
