package org.ox4j.benchmarks.protocol;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxPipeline;
import org.ox4j.protocol.handshake.HandshakeRole;
import org.ox4j.protocol.transport.OxTransport;
import org.ox4j.protocol.transport.SocketTuning;

/**
 * One push + pop exchange over loopback TCP as an Asir master performs it: {@code TCP_NODELAY} off, one write and
 * flush per message (OX_DATA, then OX_COMMAND SM_popCMO), then the reply is read. Without {@link SocketTuning}
 * the client's Nagle algorithm holds the command until the server acknowledges the data, which a server with
 * delayed ACKs does only after ~40 ms; with tuning (TCP_QUICKACK re-armed after each read) the stall disappears.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar SmallMessageLatency -f 1 -wi 1 -i 3}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 2)
public class SmallMessageLatencyBenchmark {

    @Param({"EPOLL", "NIO"})
    public OxTransport.Kind transport;

    @Param({"true", "false"})
    public boolean tuneSocket;

    private EventLoopGroup group;
    private Channel server;
    private Socket client;
    private InputStream in;
    private OutputStream out;
    private int serial;

    @Setup(Level.Trial)
    public void start() throws Exception {
        OxTransport t = transport == OxTransport.Kind.EPOLL ? OxTransport.epoll() : OxTransport.nio();
        group = t.newEventLoopGroup(1);
        server = new ServerBootstrap().group(group).channel(t.serverSocketChannelClass())
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        OxPipeline.install(ch, OxPipeline.options(HandshakeRole.SERVER).tuneSocket(tuneSocket).build());
                        ch.pipeline().addLast(new SimpleChannelInboundHandler<OxMessage>() {
                            @Override
                            protected void channelRead0(ChannelHandlerContext ctx, OxMessage m) {
                                if (m instanceof OxCommand c) {
                                    ctx.writeAndFlush(new OxData(c.serial(), new CmoInt32(c.serial())));
                                }
                            }
                        });
                    }
                }).bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
        client = new Socket(InetAddress.getLoopbackAddress(), ((InetSocketAddress) server.localAddress()).getPort());
        client.setTcpNoDelay(false);
        in = client.getInputStream();
        out = client.getOutputStream();
        if (in.read() < 0) {
            throw new EOFException("no byte-order byte");
        }
        out.write(0x01);
        out.flush();
    }

    @Benchmark
    public int pushAndPop() throws IOException {
        int s = serial;
        serial += 2;
        out.write(ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(514).putInt(s).putInt(2).putInt(s)
                .array());
        out.flush();
        out.write(ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(513).putInt(s + 1).putInt(262).array());
        out.flush();
        byte[] reply = in.readNBytes(16);
        if (reply.length != 16) {
            throw new EOFException("reply cut short");
        }
        return reply[15];
    }

    @TearDown(Level.Trial)
    public void stop() throws Exception {
        client.close();
        server.close().sync();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
}
