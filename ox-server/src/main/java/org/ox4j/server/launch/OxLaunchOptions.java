package org.ox4j.server.launch;

import java.nio.file.Path;

/**
 * The options of launch form b, with the meaning of OpenXM's {@code ox} (spec §2.3).
 *
 * @param host        normal mode: address to bind; reverse mode: host to connect to
 * @param controlPort control port (0 = let the OS choose; reported by the portfile and the readiness line)
 * @param dataPort    data port (0 = let the OS choose)
 * @param passControl one-time password on the control channel, or null
 * @param passData    one-time password on the data channel, or null
 * @param reverse     connect to the client instead of listening
 * @param insecure    accept connections from any address (default: only loopback)
 * @param portfile    write the chosen ports to {@code portfile.control} and {@code portfile.data}, or null
 * @param unix        listen on AF_UNIX sockets {@code unix.control} and {@code unix.data} instead of TCP, or null
 */
public record OxLaunchOptions(String host, int controlPort, int dataPort, String passControl, String passData,
        boolean reverse, boolean insecure, Path portfile, Path unix) {
}
