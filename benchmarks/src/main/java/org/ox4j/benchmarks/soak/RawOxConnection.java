package org.ox4j.benchmarks.soak;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.channels.Channels;
import org.ox4j.client.core.PortFileAddress;
import org.ox4j.protocol.blocking.BlockingHandshake;
import org.ox4j.protocol.blocking.ChannelByteSource;
import org.ox4j.protocol.blocking.OxMessageWriter;
import org.ox4j.protocol.handshake.HandshakeRole;

/**
 * A fuzzer's end of one OX channel: a plain socket that reads with the campaigns' answer timeout, on which hostile
 * bytes are written as they are, or the password and byte-order exchange are done as a master does them first.
 */
final class RawOxConnection {
    private RawOxConnection() {
    }

    /** The two directions of an authenticated, byte-order-negotiated connection. */
    record Link(OxMessageWriter writer, ChannelByteSource in) {
    }

    /**
     * A connection to {@code where} (a port file's address is read first) whose reads time out after
     * {@link DaemonProcess#ANSWER_TIMEOUT}.
     */
    static Socket open(SocketAddress where) throws IOException {
        Socket s = new Socket();
        try {
            s.connect(where instanceof PortFileAddress p ? p.resolve() : where, 10_000);
            s.setSoTimeout((int) DaemonProcess.ANSWER_TIMEOUT.toMillis());
            return s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }

    /** Sends {@code password} and a 0, then runs the byte-order exchange (the server writes first) offering {@code order}. */
    static Link authenticate(Socket s, String password, byte order) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(BlockingHandshake.passwordBytes(password));
        out.flush();
        OxMessageWriter w = new OxMessageWriter(Channels.newChannel(out));
        ChannelByteSource in = new ChannelByteSource(Channels.newChannel(s.getInputStream()));
        BlockingHandshake.exchange(HandshakeRole.CLIENT, order, in, w);
        return new Link(w, in);
    }

    /** Writes {@code bytes}, closes the sending side and reads until the server closes; false if it does not in time. */
    static boolean writeAndDrain(Socket s, byte[] bytes) {
        try {
            s.getOutputStream().write(bytes);
            s.getOutputStream().flush();
            s.shutdownOutput();
        } catch (IOException e) {
            // the server closed first (it refused the bytes early): what matters is that it closes
        }
        return drain(s);
    }

    /** Reads until end of stream; false on a read timeout (the peer kept the connection open). */
    static boolean drain(Socket s) {
        byte[] buf = new byte[8192];
        try {
            InputStream in = s.getInputStream();
            while (in.read(buf) >= 0) {
                // discard the answers
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset by the server: closed
        }
    }

    /** Whether {@code e} or one of its causes is a read timeout. */
    static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }
}
