package org.ox4j.client.core;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.ox4j.protocol.handshake.OneTimePassword;

/**
 * Where a running OX server listens (control and data endpoints, TCP or AF_UNIX) and the one-time passwords
 * the client must send on each channel (none when the server was started without {@code -pass}).
 */
public record OxServerAddress(SocketAddress control, SocketAddress data, Optional<OneTimePassword> controlPassword,
        Optional<OneTimePassword> dataPassword) {
    public OxServerAddress {
        Objects.requireNonNull(control, "control");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(controlPassword, "controlPassword");
        Objects.requireNonNull(dataPassword, "dataPassword");
    }

    /** TCP ports on {@code host}, no password. */
    public static OxServerAddress tcp(String host, int controlPort, int dataPort) {
        return new OxServerAddress(new InetSocketAddress(host, controlPort), new InetSocketAddress(host, dataPort),
                Optional.empty(), Optional.empty());
    }

    /** AF_UNIX sockets {@code prefix.control} and {@code prefix.data} (the server's {@code -unix PREFIX}). */
    public static OxServerAddress unix(Path prefix) {
        return new OxServerAddress(UnixDomainSocketAddress.of(prefix + ".control"),
                UnixDomainSocketAddress.of(prefix + ".data"), Optional.empty(), Optional.empty());
    }

    /** The same endpoints with one password for both channels. */
    public OxServerAddress withPassword(OneTimePassword password) {
        return new OxServerAddress(control, data, Optional.of(password), Optional.of(password));
    }

    /** The same endpoints with one password per channel. */
    public OxServerAddress withPasswords(OneTimePassword control, OneTimePassword data) {
        return new OxServerAddress(this.control, this.data, Optional.of(control), Optional.of(data));
    }

    @Override
    public String toString() {
        return "OxServerAddress[control=" + control + ", data=" + data
                + (controlPassword.isPresent() || dataPassword.isPresent() ? ", with password" : "") + "]";
    }
}
