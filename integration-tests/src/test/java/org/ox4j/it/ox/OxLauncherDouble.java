package org.ox4j.it.ox;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.ox4j.protocol.blocking.BlockingHandshake;

/**
 * A wire-level double of OpenXM's {@code ox} launcher ({@code src/kxx/oxmain.c}; our wire spec §2.3, §2.7, §7.1),
 * run as its own process by the tests, because real OpenXM binaries cannot be part of the build.
 *
 * <p>It keeps {@code ox}'s order exactly. Normal mode: bind the control port (with {@code -portfile F}: an OS-chosen
 * port, written as {@code %05d\n} to {@code F.control}), accept one connection (refused unless from 127.0.0.1,
 * {@code -insecure} lifts that), only then bind and accept the data port ({@code F.data}), only then read the
 * passwords (password bytes and a 0) from control and then from data, exiting on a mismatch. Reverse mode
 * ({@code -reverse}): connect to control, send the password, connect to data, send the password. Then, as {@code ox}'s
 * two processes do: the control side writes byte-order byte 0x00 and ignores the client's byte (network order
 * always), and the engine {@code -ox PATH} is started with argv {@code [PATH]} and the data connection on fds 3 and
 * 4, where it runs its own byte-order handshake.
 *
 * <p>The engine's fds 3 and 4 are a loopback TCP connection to this process (made by bash's {@code /dev/tcp}), which
 * relays bytes both ways between it and the master's data connection, without looking at them; so any engine that
 * runs under {@code ox} runs under this double (ox4j's {@code bin/ox-server}, {@link AsirEngineDouble}, a real
 * ox_asir). Control commands are {@code ox}'s: SM_control_reset_connection sends SIGUSR1 to the engine and replies
 * nothing; SM_control_kill kills the engine and exits; anything else is "unknown": kill and exit. The end of the
 * control connection or of the engine ends the double.
 */
public final class OxLauncherDouble {
    private static final int SM_CONTROL_KILL = 1024;
    private static final int SM_CONTROL_RESET_CONNECTION = 1030;

    private String engine = "ox_sm1";
    private String host = "localhost";
    private int controlPort = 1200;
    private int dataPort = 1300;
    private boolean reverse;
    private boolean insecure;
    private String portFile;
    private String passControl;
    private String passData;

    public static void main(String[] args) throws Exception {
        OxLauncherDouble ox = new OxLauncherDouble();
        if (!ox.parse(args)) {
            System.err.println("Usage: ox [-ox serverprogram -host name -data portnum -control portnum]"
                    + " [-insecure -portfile fname -reverse -pass xxx -passControl xxx -passData xxx]");
            System.exit(10);
        }
        System.exit(ox.run());
    }

    private boolean parse(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            boolean hasValue = i + 1 < args.length;
            switch (a) {
                case "-reverse" -> reverse = true;
                case "-insecure" -> insecure = true;
                case "-ox", "-host", "-data", "-control", "-portfile", "-pass", "-passControl", "-passData" -> {
                    if (!hasValue) {
                        return false;
                    }
                    String v = args[++i];
                    switch (a) {
                        case "-ox" -> engine = v;
                        case "-host" -> host = v;
                        case "-data" -> dataPort = Integer.parseInt(v);
                        case "-control" -> controlPort = Integer.parseInt(v);
                        case "-pass" -> {
                            passControl = v;
                            passData = v;
                        }
                        case "-passControl" -> passControl = v;
                        case "-passData" -> passData = v;
                        default -> {
                            portFile = v;
                            controlPort = 0;
                            dataPort = 0;
                        }
                    }
                }
                default -> {
                    System.err.println("Unknown option " + a + ".");
                    return false;
                }
            }
        }
        return true;
    }

    private int run() throws IOException, InterruptedException {
        Socket control;
        Socket data;
        if (reverse) {
            control = connectWithPassword(controlPort, passControl);
            data = connectWithPassword(dataPort, passData);
        } else {
            control = acceptOne(controlPort, ".control");
            data = acceptOne(dataPort, ".data");
            if (!passwordMatches(control, passControl) || !passwordMatches(data, passData)) {
                System.err.println("ox double: password mismatch; exiting");
                control.close();
                data.close();
                return 1;
            }
        }
        Process engineProcess;
        Socket engineSide;
        try (ServerSocket relay = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            relay.setSoTimeout(120_000);
            engineProcess = startEngine(relay.getLocalPort());
            engineSide = relay.accept();
        }
        engineSide.setTcpNoDelay(true);
        data.setTcpNoDelay(true);
        Thread up = pump(data, engineSide, "master->engine");
        Thread down = pump(engineSide, data, "engine->master");
        engineProcess.onExit().thenRun(() -> closeQuietly(control, data, engineSide));
        int status = controlProcess(control, engineProcess);
        engineProcess.destroyForcibly();
        closeQuietly(control, data, engineSide);
        up.join(5_000);
        down.join(5_000);
        return status;
    }

    private Socket acceptOne(int port, String suffix) throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(host, port), 1);
            if (portFile != null) {
                // ox writes the number first, then the file is complete; readers wait for the newline
                Files.writeString(Path.of(portFile + suffix), String.format("%05d%n", s.getLocalPort()),
                        StandardCharsets.US_ASCII);
            }
            while (true) {
                Socket c = s.accept();
                byte[] peer = c.getInetAddress().getAddress();
                if (insecure || Arrays.equals(peer, new byte[] {127, 0, 0, 1})) {
                    return c;
                }
                System.err.println("ox double: refused a connection from " + c.getInetAddress());
                c.close();
            }
        }
    }

    private Socket connectWithPassword(int port, String password) throws IOException {
        Socket s = new Socket(host, port);
        if (password != null) {
            s.getOutputStream().write(BlockingHandshake.passwordBytes(password));
            s.getOutputStream().flush();
        }
        return s;
    }

    /** ox's check: read strlen(pw)+1 bytes and compare them as a C string. */
    private static boolean passwordMatches(Socket s, String password) throws IOException {
        if (password == null) {
            return true;
        }
        byte[] want = BlockingHandshake.passwordBytes(password);
        byte[] got = s.getInputStream().readNBytes(want.length);
        return Arrays.equals(want, got);
    }

    private Process startEngine(int relayPort) throws IOException {
        // exec keeps the pid, so SIGUSR1 to this process reaches the engine, as ox's fork+exec does
        ProcessBuilder pb = new ProcessBuilder("bash", "-c",
                "exec \"$0\" 3<>/dev/tcp/127.0.0.1/" + relayPort + " 4>&3", engine);
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT);
        Process p = pb.start();
        p.getOutputStream().close();
        return p;
    }

    /** ox's parent process: network byte order on control, then one command after another. */
    private static int controlProcess(Socket control, Process engine) throws IOException, InterruptedException {
        OutputStream out = control.getOutputStream();
        InputStream in = control.getInputStream();
        out.write(0);
        out.flush();
        if (in.read() < 0) {
            return 0;
        }
        while (true) {
            byte[] msg = in.readNBytes(12);
            if (msg.length < 12) {
                return 0;
            }
            int code = ByteBuffer.wrap(msg, 8, 4).getInt();
            if (code == SM_CONTROL_RESET_CONNECTION) {
                signal(engine, "USR1");
            } else if (code == SM_CONTROL_KILL) {
                return 0;
            } else {
                System.err.println("ox double: unknown control message " + code + "; shutting the server down");
                return 0;
            }
        }
    }

    private static void signal(Process p, String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder(List.of("kill", "-" + name, Long.toString(p.pid())))
                .redirectErrorStream(true).start();
        kill.getInputStream().readAllBytes();
        kill.waitFor();
    }

    private static Thread pump(Socket from, Socket to, String name) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[64 * 1024];
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                int n;
                while ((n = in.read(buf)) >= 0) {
                    out.write(buf, 0, n);
                    out.flush();
                }
                to.shutdownOutput();
            } catch (IOException e) {
                closeQuietly(from, to);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void closeQuietly(Socket... sockets) {
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
