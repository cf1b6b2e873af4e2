package org.ox4j.server.cli;

import java.io.IOException;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
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
import org.ox4j.server.launch.Listeners;

/**
 * The training run behind the start-up archives, which {@code bin/lib/ox-startup-archives} runs (a CDS archive on
 * JDK 17, an AOT cache of loaded and linked classes on JDK 25 and later, without method profiles: see the script):
 * one real form-b server in this JVM, on loopback ports with a password, driven through its sockets by a small
 * master of its own the way masters use it — the mathcap exchange, push and pop of big integers, lists and
 * polynomials, execute strings, function calls, factorisation, a small Gröbner basis, an error — then
 * {@code SM_shutdown}. The classes this loads are the ones every session needs first. Exits 0 when the session
 * ended as expected.
 */
public final class TrainingRun {
    private static final String PASSWORD = "ox4j-training";
    private static final int ROUNDS = 40;

    private final OxMessageWriter out;
    private final OxMessageReader in;
    private int serial;
    private int errors;

    private TrainingRun(OxMessageWriter out, OxMessageReader in) {
        this.out = out;
        this.in = in;
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("ox4j.logFile", System.getProperty("ox4j.logFile", "/dev/null"));
        ServerLogging.installUnlessConfigured();
        // the server starts the way bin/ox-server starts it, so its start-up path is trained too
        // with port files, as a launcher starts it (their directory goes at exit, after the files)
        java.nio.file.Path ports = java.nio.file.Files.createTempDirectory("ox4j-training-");
        ports.toFile().deleteOnExit();
        ServerCommand command = EarlyListen.parse(new String[] {"-host", "127.0.0.1", "-control", "0", "-data", "0",
            "-portfile", ports.resolve("ox").toString(), "-pass", PASSWORD}).orElseThrow();
        command.listenEarly();
        Listeners listening = command.listening().orElseThrow();
        int control = Integer.parseInt(listening.endpoint("control"));
        int data = Integer.parseInt(listening.endpoint("data"));
        CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> {
            try {
                return command.call();
            } catch (Exception e) {
                throw new IllegalStateException("training run: the server failed", e);
            }
        });
        try (SocketChannel c = open(control); SocketChannel d = open(data)) {
            OxMessageWriter controlOut = new OxMessageWriter(c);
            BlockingHandshake.exchange(HandshakeRole.CLIENT, ByteOrderBytes.LITTLE_ENDIAN, new ChannelByteSource(c),
                    controlOut);
            ChannelByteSource dataIn = new ChannelByteSource(d);
            OxMessageWriter dataOut = new OxMessageWriter(d);
            BlockingHandshake.exchange(HandshakeRole.CLIENT, ByteOrderBytes.LITTLE_ENDIAN, dataIn, dataOut);
            OxMessageReader reader = new OxMessageReader(dataIn, CmoLimits.DEFAULT);
            reader.order(dataOut.order());
            new TrainingRun(dataOut, reader).session();
        }
        int status = server.join();
        System.out.println("ox4j training run: session ended with status " + status);
        System.exit(status);
    }

    private static SocketChannel open(int port) throws IOException {
        SocketChannel ch = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
        OxMessageWriter w = new OxMessageWriter(ch);
        BlockingHandshake.sendPassword(PASSWORD, w);
        return ch;
    }

    private void session() {
        Cmo mathcap = request(List.of(), SmCommand.MATHCAP, SmCommand.POP_CMO);
        send(new OxData(serial++, mathcap));
        send(new OxCommand(serial++, SmCommand.SET_MATHCAP.code()));
        List<Cmo> ints = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            ints.add(new CmoInt32(i));
        }
        CmoList list = new CmoList(ints);
        CmoZZ big = new CmoZZ(BigInteger.ONE.shiftLeft(1_000_000).subtract(BigInteger.valueOf(12345)));
        for (int round = 0; round < ROUNDS; round++) {
            roundTrip(big);
            roundTrip(CmoZZ.of(round));
            roundTrip(CmoString.of("ox4j"));
            roundTrip(CmoList.of(CmoZZ.of(1), CmoList.of(CmoString.of("a"), CmoZZ.of(-2))));
            if (round % 8 == 0) {
                roundTrip(list);
            }
            Cmo poly = execute("(x+y+z+" + round + ")^6;");
            roundTrip(poly);
            execute("fctr(x^4-" + (round + 1) + "^4);");
            call("igcd", CmoZZ.of(84L * (round + 1)), CmoZZ.of(36));
            call("idiv", CmoZZ.of(1000 + round), CmoZZ.of(7));
            execute("A = " + round + "; B = A * A + 1; B;");
            execute("def ox4j_training_sq(X) { return X*X; }");
            execute("ox4j_training_sq(x-" + round + ");");
            execute("nd_gr([x^2+y^2+z^2-1, x*y-z, y^2-x], [x,y,z], 0, 0);");
            execute("p_nf(x^3*y, [x^2+y^2-1, x-y], [x,y], 0);");
            request(List.of(CmoString.of("ox4j_training_undefined(1);")),
                    SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER, SmCommand.POP_CMO);
            request(List.of(poly), SmCommand.POP_STRING);
        }
        // the kernel's hot paths (products, normal forms, S-polynomials, the language's loop) as the demo runs them,
        // so the archives hold the classes of real work
        execute("V = [u0,u1,u2,u3,u4]; G = nd_gr([u0+2*u1+2*u2+2*u3+2*u4-1, u0^2+2*u1^2+2*u2^2+2*u3^2+2*u4^2-u0, "
                + "2*u0*u1+2*u1*u2+2*u2*u3+2*u3*u4-u1, u1^2+2*u0*u2+2*u1*u3+2*u2*u4-u2, "
                + "2*u1*u2+2*u0*u3+2*u1*u4-u3], V, 0, 0); N = length(G);");
        execute("def ox4j_training_pairs(G, V) { R = 0; A = G; while (A != []) { B = cdr(A); "
                + "while (B != []) { R = R + p_nf(sp(car(A), car(B), V, 0), G, V, 0); B = cdr(B); } A = cdr(A); } "
                + "return R; }");
        for (int k = 0; k < 4; k++) {
            execute("ox4j_training_pairs(G, V);");
            execute("(1+u0+u1+u2+u3)^8 * ((1+u0+u1+u2+u3)^8 + 1);");
        }
        send(new OxCommand(serial++, SmCommand.SHUTDOWN.code()));
        if (errors != ROUNDS) {
            // one deliberate error per round; any other means the run did not train what it should
            throw new IllegalStateException("training run: " + errors + " error replies (expected " + ROUNDS + ")");
        }
    }

    private void roundTrip(Cmo c) {
        request(List.of(c), SmCommand.POP_CMO);
    }

    private Cmo execute(String statement) {
        return request(List.of(CmoString.of(statement)), SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER, SmCommand.POP_CMO);
    }

    private Cmo call(String function, Cmo... args) {
        List<Cmo> pushed = new ArrayList<>();
        for (int i = args.length - 1; i >= 0; i--) {
            pushed.add(args[i]);
        }
        pushed.add(new CmoInt32(args.length));
        pushed.add(CmoString.of(function));
        return request(pushed, SmCommand.EXECUTE_FUNCTION, SmCommand.POP_CMO);
    }

    /** Pushes {@code objects}, sends {@code commands}, and returns the one reply the last of them asks for. */
    private Cmo request(List<Cmo> objects, SmCommand... commands) {
        for (Cmo o : objects) {
            send(new OxData(serial++, o));
        }
        for (SmCommand c : commands) {
            send(new OxCommand(serial++, c.code()));
        }
        OxMessage m = in.read(false).message();
        if (!(m instanceof OxData reply)) {
            throw new IllegalStateException("training run: expected OX_DATA, got " + m);
        }
        if (reply.cmo() instanceof org.ox4j.cmo.CmoError2 e) {
            errors++;
            if (errors > ROUNDS) {
                throw new IllegalStateException("training run: unexpected error " + e);
            }
        }
        return reply.cmo();
    }

    private void send(OxMessage m) {
        out.send(m);
    }
}
