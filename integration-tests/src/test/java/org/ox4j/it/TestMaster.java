package org.ox4j.it;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.SmCommand;
import org.ox4j.protocol.blocking.BlockingHandshake;
import org.ox4j.protocol.blocking.ChannelByteSource;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.protocol.blocking.OxMessageWriter;
import org.ox4j.protocol.handshake.ByteOrderBytes;

/**
 * A small blocking OX master for the integration tests: one connection (data or control), the client side of the
 * byte-order handshake, and the few requests the tests need. Serials count from 0 per connection.
 */
final class TestMaster implements Closeable {
    private final Closeable connection;
    private final ChannelByteSource in;
    private final OxMessageWriter out;
    private final OxMessageReader reader;
    private int serial;
    private int serverByte = -1;

    private TestMaster(Closeable connection, ReadableByteChannel rc, WritableByteChannel wc) {
        this.connection = connection;
        this.in = new ChannelByteSource(rc);
        this.out = new OxMessageWriter(wc);
        this.reader = new OxMessageReader(in, CmoLimits.DEFAULT);
    }

    /** A TCP connection to 127.0.0.1:port, reads time out after 30 s. */
    static TestMaster tcp(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        s.setSoTimeout(30_000);
        s.setTcpNoDelay(true);
        return new TestMaster(s, Channels.newChannel(s.getInputStream()), Channels.newChannel(s.getOutputStream()));
    }

    /** An AF_UNIX connection. */
    static TestMaster unix(Path path) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        ch.connect(UnixDomainSocketAddress.of(path));
        return new TestMaster(ch, ch, ch);
    }

    /** An accepted TCP socket (form a, reverse mode). */
    static TestMaster accepted(Socket s) throws IOException {
        s.setSoTimeout(30_000);
        return new TestMaster(s, Channels.newChannel(s.getInputStream()), Channels.newChannel(s.getOutputStream()));
    }

    /** An accepted channel (AF_UNIX). */
    static TestMaster accepted(SocketChannel ch) {
        return new TestMaster(ch, ch, ch);
    }

    /** Sends the password bytes and a 0. */
    TestMaster password(String pw) {
        out.writeRaw(BlockingHandshake.passwordBytes(pw));
        return this;
    }

    /** Reads {@code n} raw bytes (passwords sent by a -reverse server). */
    byte[] readRaw(int n) {
        byte[] b = new byte[n];
        in.startMessage(n);
        for (int i = 0; i < n; i++) {
            b[i] = (byte) in.readByte();
        }
        return b;
    }

    /** Client side of the byte-order negotiation: read the server's byte, answer with {@code mine}. */
    TestMaster handshake(int mine) {
        in.startMessage(1);
        serverByte = in.readByte();
        out.writeRaw(new byte[] {(byte) mine});
        ByteOrder order = ByteOrderBytes.decide((byte) mine, (byte) serverByte);
        in.order(order);
        out.order(order);
        return this;
    }

    int serverByte() {
        return serverByte;
    }

    void writeRaw(byte[] bytes) {
        out.writeRaw(bytes);
    }

    int push(Cmo c) {
        int s = serial++;
        out.send(new OxData(s, c));
        return s;
    }

    int command(int code) {
        int s = serial++;
        out.send(new OxCommand(s, code));
        return s;
    }

    int command(SmCommand c) {
        return command(c.code());
    }

    void syncBall() {
        out.send(new OxSyncBall(serial++));
    }

    /** The next message from the server. */
    OxMessage read() {
        return reader.read(false).message();
    }

    /** The CMO of the next message, which must be OX_DATA. */
    Cmo readData() {
        OxMessage m = read();
        if (!(m instanceof OxData d)) {
            throw new AssertionError("expected OX_DATA, got " + m);
        }
        return d.cmo();
    }

    Cmo popCmo() {
        command(SmCommand.POP_CMO);
        return readData();
    }

    String popString() {
        command(SmCommand.POP_STRING);
        return ((CmoString) readData()).value();
    }

    /** Pushes the arguments in reverse order, argc and the name, then SM_executeFunction (spec §5.3). */
    void call(String fn, Cmo... args) {
        for (int i = args.length - 1; i >= 0; i--) {
            push(args[i]);
        }
        push(new CmoInt32(args.length));
        push(CmoString.of(fn));
        command(SmCommand.EXECUTE_FUNCTION);
    }

    /** After a reset request: discard everything until the server's OX_SYNC_BALL, then send ours. */
    List<OxMessage> completeReset() {
        List<OxMessage> discarded = new ArrayList<>();
        while (true) {
            OxMessage m = read();
            if (m instanceof OxSyncBall) {
                syncBall();
                return discarded;
            }
            discarded.add(m);
        }
    }

    /** The daemon's opening of a data connection; returns [id, key]. */
    CmoList openDaemonSession() {
        push(CmoList.of(CmoString.of("ox4j-session")));
        return (CmoList) readData();
    }

    /** True if the server closed the connection (read reaches end of stream). */
    boolean closedByServer() {
        try {
            OxMessage m = read();
            throw new AssertionError("expected the connection to be closed, got " + m);
        } catch (java.io.UncheckedIOException e) {
            return e.getCause() instanceof java.io.EOFException
                    || e.getCause() instanceof java.net.SocketException;
        }
    }

    @Override
    public void close() throws IOException {
        connection.close();
    }
}
