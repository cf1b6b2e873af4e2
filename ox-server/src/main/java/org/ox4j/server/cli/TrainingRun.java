package org.ox4j.server.cli;

import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
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
 * two real form-b servers in this JVM, on loopback ports with a password and port files, driven through their
 * sockets by a small master of its own the way masters use them — the mathcap exchange, push and pop of big
 * integers, lists and polynomials, execute strings, function calls, factorisation, a small Gröbner basis, an error;
 * then the two as an RFC-102 group (ranks, a link accepted and connected, bcast, reduce, send and receive, and the
 * main job's distributed basis of a small system) — then
 * {@code SM_shutdown}. The classes this loads are the ones every session and every group needs first (before the
 * group was trained, wiring a pair of fresh servers took 75 ms, most of it loading the link's classes and spinning
 * its lambdas; 18–34 ms after). Exits 0 when the sessions ended as expected.
 */
public final class TrainingRun {
    private static final String PASSWORD = "ox4j-training";
    private static final int ROUNDS = 40;
    /** Katsura-4 in u0 … u4, the Gröbner basis the run computes on one server and on the pair. */
    private static final String KATSURA4 = "[u0+2*u1+2*u2+2*u3+2*u4-1, u0^2+2*u1^2+2*u2^2+2*u3^2+2*u4^2-u0, "
            + "2*u0*u1+2*u1*u2+2*u2*u3+2*u3*u4-u1, u1^2+2*u0*u2+2*u1*u3+2*u2*u4-u2, 2*u1*u2+2*u0*u3+2*u1*u4-u3]";

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
        // with port files, as a launcher starts it (their directory goes at exit, after the files)
        Path ports = Files.createTempDirectory("ox4j-training-");
        ports.toFile().deleteOnExit();
        // two servers started the way bin/ox-server starts them, so their start-up path is trained too; the second
        // makes a group of two with the first, so the RFC-102 wiring and collectives are trained as well
        Started first = Started.start(ports.resolve("a"));
        Started second = Started.start(ports.resolve("b"));
        try (SocketChannel c0 = open(first.control); SocketChannel d0 = open(first.data);
                SocketChannel c1 = open(second.control); SocketChannel d1 = open(second.data)) {
            TrainingRun rank0 = session(c0, d0);
            TrainingRun rank1 = session(c1, d1);
            rank0.session();
            group(rank0, rank1);
            rank0.commands(List.of(), SmCommand.SHUTDOWN);
            rank1.commands(List.of(), SmCommand.SHUTDOWN);
        }
        int status = Math.max(first.server.join(), second.server.join());
        System.out.println("ox4j training run: sessions ended with status " + status);
        System.exit(status);
    }

    /** A form-b server running in this JVM, listening on the ports it chose. */
    private record Started(int control, int data, CompletableFuture<Integer> server) {
        static Started start(Path portFile) throws IOException {
            ServerCommand command = EarlyListen.parse(new String[] {"-host", "127.0.0.1", "-control", "0", "-data",
                "0", "-portfile", portFile.toString(), "-pass", PASSWORD}).orElseThrow();
            command.listenEarly();
            Listeners listening = command.listening().orElseThrow();
            CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> {
                try {
                    return command.call();
                } catch (Exception e) {
                    throw new IllegalStateException("training run: the server failed", e);
                }
            });
            return new Started(Integer.parseInt(listening.endpoint("control")),
                    Integer.parseInt(listening.endpoint("data")), server);
        }
    }

    /** The master's side of a session: the handshakes on both connections, then OX messages on the data one. */
    private static TrainingRun session(SocketChannel control, SocketChannel data) {
        BlockingHandshake.exchange(HandshakeRole.CLIENT, ByteOrderBytes.LITTLE_ENDIAN, new ChannelByteSource(control),
                new OxMessageWriter(control));
        ChannelByteSource dataIn = new ChannelByteSource(data);
        OxMessageWriter dataOut = new OxMessageWriter(data);
        BlockingHandshake.exchange(HandshakeRole.CLIENT, ByteOrderBytes.LITTLE_ENDIAN, dataIn, dataOut);
        OxMessageReader reader = new OxMessageReader(dataIn, CmoLimits.DEFAULT);
        reader.order(dataOut.order());
        return new TrainingRun(dataOut, reader);
    }

    /**
     * RFC-102 as a master drives a group: ranks, one link (accept on rank 0, connect on rank 1, with Asir's
     * argument encodings: 0 as CMO_NULL), then bcast, reduce (of integers and of polynomials), and a send and receive
     * each way, a few times.
     */
    private static void group(TrainingRun rank0, TrainingRun rank1) throws IOException {
        rank0.commands(List.of(CmoZZ.of(2), CmoNull.INSTANCE), SmCommand.SET_RANK_102);
        rank1.commands(List.of(CmoZZ.of(2), CmoZZ.of(1)), SmCommand.SET_RANK_102);
        rank0.sync();
        rank1.sync();
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        rank0.commands(List.of(CmoZZ.of(port), CmoZZ.of(1)), SmCommand.TCP_ACCEPT_102);
        rank1.commands(List.of(CmoString.of("127.0.0.1"), CmoZZ.of(port), CmoNull.INSTANCE),
                SmCommand.TCP_CONNECT_102);
        rank1.sync();
        rank0.sync();
        for (int round = 0; round < 8; round++) {
            Cmo data = rank0.execute("(x+y+" + round + ")^4;");
            rank0.commands(List.of(data, CmoNull.INSTANCE), SmCommand.BCAST_102);
            rank1.commands(List.of(CmoNull.INSTANCE), SmCommand.BCAST_102);
            rank0.request(List.of(), SmCommand.POP_CMO);
            rank1.request(List.of(), SmCommand.POP_CMO);
            for (TrainingRun r : List.of(rank0, rank1)) {
                r.commands(List.of(CmoZZ.of(round + 1), CmoNull.INSTANCE, CmoString.of("+")), SmCommand.REDUCE_102);
            }
            rank0.request(List.of(), SmCommand.POP_CMO);
            rank1.request(List.of(), SmCommand.POP_CMO);
            // polynomials pushed by a master stay in their bytes, and "+" merges those
            for (TrainingRun r : List.of(rank0, rank1)) {
                r.commands(List.of(data, CmoNull.INSTANCE, CmoString.of("+")), SmCommand.REDUCE_102);
            }
            rank0.request(List.of(), SmCommand.POP_CMO);
            rank1.request(List.of(), SmCommand.POP_CMO);
            rank0.commands(List.of(CmoString.of("ox_send_102(1, [" + round + ", x-1]); 0;")),
                    SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER);
            rank1.execute("R = ox_recv_102(0); ox_send_102(0, R); 0;");
            rank0.request(List.of(), SmCommand.POP_CMO);
            rank0.execute("ox_recv_102(1);");
        }
        distributedBasis(rank0, rank1);
        for (TrainingRun r : List.of(rank0, rank1)) {
            Cmo errors = r.request(List.of(), SmCommand.DUP_ERRORS, SmCommand.POP_CMO);
            if (!(errors instanceof CmoList l) || l.size() > 0) {
                throw new IllegalStateException("training run: the group left errors " + errors);
            }
        }
    }

    /**
     * The main job's server side on the pair, as {@code DistributedGroebner} drives it, on katsura-4 over Q: images
     * per rank combined with {@code crt}, the probe and the whole sets reduced to rank 0 with the operator "crt", the
     * candidate reconstructed, packed, broadcast and prepared on both ranks, the reduced basis on rank 0 and the
     * certificate split between the two. Why: without it each server of a group loaded these classes and spun their
     * lambdas during its first distributed basis, on the cores that basis needed.
     */
    private static void distributedBasis(TrainingRun rank0, TrainingRun rank1) {
        List<TrainingRun> ranks = List.of(rank0, rank1);
        for (TrainingRun r : ranks) {
            r.execute("Ox4jGbV = [u0,u1,u2,u3,u4]; Ox4jGbF = " + KATSURA4 + "; Ox4jGbAcc = 0; 0;");
        }
        Cmo settled = CmoZZ.of(0);
        for (int round = 0; round < 8 && !settled.equals(CmoZZ.of(1)); round++) {
            for (int rank = 0; rank < 2; rank++) {
                ranks.get(rank).execute("Ox4jGbAcc = crt(Ox4jGbAcc, ox4j_gr_images(Ox4jGbF, Ox4jGbV, 0, " + rank
                        + ", 2, " + round + ", 2, 1)); 0;");
            }
            reduceCrt(rank0, rank1, "ox4j_gr_image_last(Ox4jGbAcc);", "Ox4jGbProbe");
            rank0.execute("C = ox4j_gr_candidate(Ox4jGbProbe, 0); 0;");
            reduceCrt(rank0, rank1, "Ox4jGbAcc;", "Ox4jGbAll");
            settled = rank0.execute("C = ox4j_gr_candidate(Ox4jGbAll, 0); Ox4jGbPrev = C[1]; C[0];");
        }
        if (!settled.equals(CmoZZ.of(1))) {
            throw new IllegalStateException("training run: katsura-4's candidate did not settle");
        }
        rank0.commands(List.of(CmoString.of("ox4j_gr_packed(Ox4jGbPrev);")), SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER);
        rank0.commands(List.of(CmoNull.INSTANCE), SmCommand.BCAST_102);
        rank1.commands(List.of(CmoNull.INSTANCE), SmCommand.BCAST_102);
        for (TrainingRun r : ranks) {
            r.commands(List.of(CmoString.of("Ox4jGbCand")), SmCommand.SET_NAME);
            r.execute("Ox4jGbCand = ox4j_gr_packed(Ox4jGbCand); 0;");
        }
        rank0.execute("ox4j_gr_finish(Ox4jGbPrev, Ox4jGbF, Ox4jGbV, 0);");
        for (int rank = 0; rank < 2; rank++) {
            Cmo holds = ranks.get(rank).execute("ox4j_gr_check(Ox4jGbCand, Ox4jGbF, Ox4jGbV, 0, [" + rank + ", "
                    + (rank + 2) + "], 4);");
            if (!holds.equals(CmoZZ.of(1))) {
                throw new IllegalStateException("training run: katsura-4's certificate share " + rank + " failed");
            }
        }
    }

    /** Each rank pushes the value of {@code expression}; SM_reduce_102 "crt" to rank 0, which keeps it. */
    private static void reduceCrt(TrainingRun rank0, TrainingRun rank1, String expression, String rootVariable) {
        for (TrainingRun r : List.of(rank0, rank1)) {
            r.commands(List.of(CmoString.of(expression)), SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER);
            r.commands(List.of(CmoNull.INSTANCE, CmoString.of("crt")), SmCommand.REDUCE_102);
        }
        rank0.commands(List.of(CmoString.of(rootVariable)), SmCommand.SET_NAME);
        rank1.request(List.of(), SmCommand.POP_CMO);
        rank0.sync();
    }

    private static SocketChannel open(int port) throws IOException {
        SocketChannel ch = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
        OxMessageWriter w = new OxMessageWriter(ch);
        BlockingHandshake.sendPassword(PASSWORD, w);
        return ch;
    }

    private void session() {
        Cmo mathcap = request(List.of(), SmCommand.MATHCAP, SmCommand.POP_CMO);
        commands(List.of(mathcap), SmCommand.SET_MATHCAP);
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
        execute("V = [u0,u1,u2,u3,u4]; G = nd_gr(" + KATSURA4 + ", V, 0, 0); N = length(G);");
        execute("def ox4j_training_pairs(G, V) { R = 0; A = G; while (A != []) { B = cdr(A); "
                + "while (B != []) { R = R + p_nf(sp(car(A), car(B), V, 0), G, V, 0); B = cdr(B); } A = cdr(A); } "
                + "return R; }");
        for (int k = 0; k < 4; k++) {
            execute("ox4j_training_pairs(G, V);");
            execute("(1+u0+u1+u2+u3)^8 * ((1+u0+u1+u2+u3)^8 + 1);");
        }
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

    /** Pushes {@code objects} and sends {@code commands}, none of which replies. */
    private void commands(List<Cmo> objects, SmCommand... commands) {
        for (Cmo o : objects) {
            send(new OxData(serial++, o));
        }
        for (SmCommand c : commands) {
            send(new OxCommand(serial++, c.code()));
        }
    }

    /** Returns once the server has executed everything sent before (its reply to a statement comes after them). */
    private void sync() {
        execute("0;");
    }

    /** Pushes {@code objects}, sends {@code commands}, and returns the one reply the last of them asks for. */
    private Cmo request(List<Cmo> objects, SmCommand... commands) {
        commands(objects, commands);
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
