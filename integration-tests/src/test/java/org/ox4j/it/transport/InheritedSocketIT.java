package org.ox4j.it.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ox4j.protocol.transport.OxTransport;

/**
 * An engine process that inherits its connected data socket as fd 3, as under Asir's launcher, adopts it with
 * {@link OxTransport} and speaks OX on it: TCP (the child is started by {@code bash}, which opens fd 3 with
 * {@code /dev/tcp}) and AF_UNIX (started by {@code python3}, which connects and moves the socket to fd 3), each
 * on the native epoll transport ({@code adoptInheritedSocket(3)}) and on NIO ({@code 0<&3} and
 * {@code adoptStandardInputSocket}). The test plays the Asir master: it reads the engine's byte-order byte, answers
 * 0x01, sends SM_popCMO and reads the reply.
 */
class InheritedSocketIT {

    @ParameterizedTest
    @ValueSource(strings = {"epoll", "nio"})
    void engineAdoptsInheritedTcpSocket(String transport) throws Exception {
        assumeTrue(transport.equals("nio") || OxTransport.isEpollAvailable(), "native epoll unavailable");
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash needed to open fd 3");
        try (ServerSocket master = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String open = "exec 3<>/dev/tcp/127.0.0.1/" + master.getLocalPort() + " 0<&3 && exec " + javaCommand(transport);
            Process engine = new ProcessBuilder("/bin/bash", "-c", open).redirectErrorStream(true)
                    .redirectOutput(log("adopted-tcp-" + transport)).start();
            try {
                try (Socket s = master.accept()) {
                    s.setSoTimeout(30_000);
                    String reply = talk(s.getInputStream(), s.getOutputStream());
                    assertThat(reply).startsWith(transport.equals("epoll") ? "EpollSocketChannel" : "NioSocketChannel")
                            .contains("ox-quickack");
                }
                assertExitsAfterClose(engine);
            } finally {
                destroy(engine);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"epoll", "nio"})
    void engineAdoptsInheritedUnixDomainSocket(String transport) throws Exception {
        assumeTrue(transport.equals("nio") || OxTransport.isEpollAvailable(), "native epoll unavailable");
        assumeTrue(commandExists("python3"), "python3 needed to pass an AF_UNIX socket as fd 3");
        Path dir = Files.createTempDirectory("ox4j-uds");
        Path path = dir.resolve("data.sock");
        try (ServerSocketChannel master = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            master.bind(UnixDomainSocketAddress.of(path));
            String py = "import os, socket, sys\n"
                    + "s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM); s.connect(sys.argv[1])\n"
                    // the socket itself may already be fd 3: never close it, just make 0 and 3 inheritable
                    + "os.dup2(s.fileno(), 0)\n"
                    + "if s.fileno() != 3: os.dup2(s.fileno(), 3)\n"
                    + "os.set_inheritable(3, True)\n"
                    + "os.execvp('/bin/sh', ['/bin/sh', '-c', sys.argv[2]])\n";
            Process engine = new ProcessBuilder("python3", "-c", py, path.toString(), "exec " + javaCommand(transport))
                    .redirectErrorStream(true).redirectOutput(log("adopted-unix-" + transport)).start();
            try {
                // one thread, write then read: the streams' shared lock cannot deadlock here
                try (SocketChannel s = master.accept()) {
                    String reply = talk(Channels.newInputStream(s), Channels.newOutputStream(s));
                    assertThat(reply).startsWith(transport.equals("epoll") ? "EpollDomainSocketChannel"
                            : "NioDomainSocketChannel");
                }
                assertExitsAfterClose(engine);
            } finally {
                destroy(engine);
            }
        } finally {
            Files.deleteIfExists(path);
            Files.deleteIfExists(dir);
        }
    }

    /** Client side of the handshake (read, answer 0x01), one SM_popCMO, the reply's string. */
    private static String talk(InputStream in, OutputStream out) throws IOException {
        int offered = in.read();
        assertThat(offered).as("engine's byte-order byte").isEqualTo(0x01);
        out.write(0x01);
        out.write(ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(513).putInt(7).putInt(262).array());
        out.flush();
        DataInputStream d = new DataInputStream(in);
        byte[] header = new byte[16];
        d.readFully(header);
        ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(h.getInt()).as("OX tag").isEqualTo(514);
        assertThat(h.getInt()).as("serial").isEqualTo(7);
        assertThat(h.getInt()).as("CMO tag").isEqualTo(4);
        byte[] text = new byte[h.getInt()];
        d.readFully(text);
        return new String(text, StandardCharsets.UTF_8);
    }

    private static void assertExitsAfterClose(Process engine) throws InterruptedException {
        assertThat(engine.waitFor(30, TimeUnit.SECONDS)).as("engine exits when the master closes").isTrue();
        assertThat(engine.exitValue()).as("engine exit status").isZero();
    }

    private static void destroy(Process engine) {
        engine.descendants().forEach(ProcessHandle::destroyForcibly);
        engine.destroyForcibly();
    }

    private static java.io.File log(String name) throws IOException {
        Path dir = Path.of(System.getProperty("ox4j.itLogs", "target/it-logs"));
        Files.createDirectories(dir);
        return dir.resolve(name + ".log").toFile();
    }

    private static String javaCommand(String transport) {
        List<String> cmd = new ArrayList<>();
        cmd.add(quote(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.add("-Dox.transport=" + transport);
        cmd.add("-cp");
        cmd.add(quote(System.getProperty("java.class.path")));
        cmd.add(AdoptedEngine.class.getName());
        return String.join(" ", cmd);
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private static boolean commandExists(String name) {
        try {
            return new ProcessBuilder("/bin/sh", "-c", "command -v " + name).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
