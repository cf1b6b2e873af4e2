package org.ox4j.client.group;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import org.ox4j.client.core.OxClientException;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;

/**
 * How the master names the endpoint of a server-to-server link (spec §8.2-8.3): a TCP port number
 * ({@code CMO_ZZ}) or an AF_UNIX path ({@code CMO_STRING}), chosen by the master as Asir's
 * {@code generate_port} does.
 */
public interface LinkAddressing {
    /** The port argument of {@code SM_tcp_accept_102}/{@code SM_tcp_connect_102} for a link accepted on {@code host}. */
    Cmo nextPort(String host);

    /** TCP: a port free right now on this machine when {@code host} is local, else a random one in [1024, 65535). */
    static LinkAddressing tcp() {
        SecureRandom random = new SecureRandom();
        return host -> {
            if (isLocal(host)) {
                try (ServerSocket s = new ServerSocket()) {
                    s.setReuseAddress(true);
                    s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                    return CmoZZ.of(s.getLocalPort());
                } catch (IOException e) {
                    throw new OxClientException("cannot find a free port: " + e.getMessage(), e);
                }
            }
            return CmoZZ.of(1024 + random.nextInt(65535 - 1024));
        };
    }

    /** AF_UNIX: fresh paths in a new temporary directory (local groups only). */
    static LinkAddressing unix() {
        Path dir;
        try {
            dir = Files.createTempDirectory("ox4j-links-");
            dir.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new OxClientException("cannot create a directory for link sockets: " + e.getMessage(), e);
        }
        int[] next = {0};
        return host -> {
            synchronized (next) {
                Path p = dir.resolve("link" + next[0]++);
                p.toFile().deleteOnExit();
                return CmoString.of(p.toString());
            }
        };
    }

    private static boolean isLocal(String host) {
        return host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
    }
}
