package org.ox4j.benchmarks.rpc;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.io.CmoLimits;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.SmCommand;
import org.ox4j.protocol.blocking.BlockingHandshake;
import org.ox4j.protocol.blocking.ChannelByteSource;
import org.ox4j.protocol.blocking.OxMessageReader;
import org.ox4j.protocol.blocking.OxMessageWriter;
import org.ox4j.protocol.handshake.ByteOrderBytes;
import org.ox4j.protocol.handshake.HandshakeRole;

/**
 * A minimal blocking master for benchmarks: one connection (TCP or AF_UNIX), the client side of the byte-order
 * handshake, push, commands and replies, framed by ox-protocol's blocking reader and writer.
 */
public final class BlockingOxSession implements AutoCloseable {
    private static final CmoLimits LIMITS = CmoLimits.builder().maxMessageBytes(1L << 30).maxBignumWords(1 << 24)
            .maxElements(1 << 24).maxStringBytes(1 << 28).build();

    private final SocketChannel channel;
    private final OxMessageReader reader;
    private final OxMessageWriter writer;
    private int serial;

    private BlockingOxSession(SocketChannel channel) {
        this.channel = channel;
        ChannelByteSource in = new ChannelByteSource(channel, 256 * 1024, () -> { });
        this.writer = new OxMessageWriter(channel, 256 * 1024);
        this.reader = new OxMessageReader(in, LIMITS);
        BlockingHandshake.exchange(HandshakeRole.CLIENT, ByteOrderBytes.LITTLE_ENDIAN, in, writer);
    }

    /** Connects to {@code endpoint}: a port number (127.0.0.1) or an AF_UNIX socket path. */
    public static BlockingOxSession connect(String endpoint) throws IOException {
        SocketChannel ch;
        if (endpoint.matches("\\d+")) {
            ch = SocketChannel.open(new InetSocketAddress("127.0.0.1", Integer.parseInt(endpoint)));
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
        } else {
            ch = SocketChannel.open(StandardProtocolFamily.UNIX);
            ch.connect(UnixDomainSocketAddress.of(Path.of(endpoint)));
        }
        return new BlockingOxSession(ch);
    }

    public void push(Cmo c) {
        writer.send(new OxData(serial++, c));
    }

    public void command(SmCommand c) {
        writer.send(new OxCommand(serial++, c.code()));
    }

    /** Pushes {@code args} in reverse, argc and the name, then SM_executeFunction. */
    void call(String fn, Cmo... args) {
        for (int i = args.length - 1; i >= 0; i--) {
            push(args[i]);
        }
        push(new CmoInt32(args.length));
        push(CmoString.of(fn));
        command(SmCommand.EXECUTE_FUNCTION);
    }

    /** Pushes a CMO already encoded in the session's byte order (little endian). */
    void pushEncoded(byte[] cmo) {
        writer.sendEncodedData(serial++, cmo);
    }

    /** SM_popCMO, the reply only measured and skipped (not decoded); returns its size in bytes. */
    long popSkipped() {
        command(SmCommand.POP_CMO);
        return reader.read(true).bytes();
    }

    public Cmo popCmo() {
        command(SmCommand.POP_CMO);
        OxMessage m = reader.read().message();
        if (!(m instanceof OxData d)) {
            throw new IllegalStateException("expected OX_DATA, got " + m);
        }
        return d.cmo();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
