package org.ox4j.client;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.client.core.Futures;
import org.ox4j.client.core.OxClientException;
import org.ox4j.client.core.OxServerAddress;
import org.ox4j.client.launch.LaunchedServer;
import org.ox4j.client.launch.LocalProcessLauncher;
import org.ox4j.client.launch.ServerLauncher;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.MathcapViolationException;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.OxMessage;
import org.ox4j.protocol.OxSyncBall;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.protocol.SmCommand;

/**
 * A master's connection to one OX server: a control channel and a data channel (spec §2.1).
 *
 * <p>Every operation has an asynchronous form ({@code ...Async}, returning a {@link CompletableFuture} completed
 * on an event-loop thread — do not block in its callbacks) and a blocking form bounded by
 * {@link OxClientOptions#requestTimeout()}. Replies are matched to pops first-in first-out. Right after
 * connecting the client exchanges mathcaps as an Asir master does (§2.8) and from then on refuses locally, with
 * {@link MathcapViolationException}, to send an SM code or CMO tag the server's mathcap excludes.
 *
 * <p>The traffic is exactly an Asir master's (no ox4j-only messages), so the client works with ox_asir too.
 */
public final class OxClient implements AutoCloseable {
    private static final Logger LOG = LogManager.getLogger();

    private final Channel control;
    private final Channel data;
    private final OxReplyHandler replies;
    private final SerialCounter serials;
    private final OxClientOptions options;
    private final List<AutoCloseable> owned = new CopyOnWriteArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean shutdownSent = new AtomicBoolean();
    private volatile ServerMathcap serverMathcap;
    private volatile LaunchedServer launched;

    private OxClient(Channel control, Channel data, OxReplyHandler replies, SerialCounter serials,
            OxClientOptions options) {
        this.control = control;
        this.data = data;
        this.replies = replies;
        this.serials = serials;
        this.options = options;
    }

    // ---------------------------------------------------------------- connecting

    /** Connects to a running server (control first, then data, as {@code ox} requires) with default options. */
    public static OxClient connect(OxServerAddress address) {
        return connect(address, OxClientOptions.defaults(), OxClientResources.shared());
    }

    /** Blocking {@link #connectAsync}, bounded by the connect retries and the request timeout. */
    public static OxClient connect(OxServerAddress address, OxClientOptions options, OxClientResources resources) {
        return await(connectAsync(address, options, resources), connectBudget(options), "connect to " + address);
    }

    /**
     * Opens the control connection, then the data connection, and only then awaits both password and byte-order
     * exchanges, in whatever order the server answers them: ox4j's server answers on each connection at once,
     * OpenXM's {@code ox} only after it has accepted both (spec §2.3). Then the mathcap exchange, if enabled.
     */
    public static CompletableFuture<OxClient> connectAsync(OxServerAddress address, OxClientOptions options,
            OxClientResources resources) {
        Objects.requireNonNull(address, "address");
        SerialCounter serials = new SerialCounter();
        OxReplyHandler replies = new OxReplyHandler(() -> new OxSyncBall(serials.next()));
        return OxConnector.open(resources, address.control(), address.controlPassword(), options,
                ControlChannelHandler::new).thenCompose(c -> OxConnector.open(resources, address.data(),
                        address.dataPassword(), options, () -> replies)
                .whenComplete((d, e) -> {
                    if (e != null) {
                        c.channel().close();
                    }
                })
                .thenCompose(d -> bothReady(c, d))
                .thenCompose(cd -> fromChannels(cd[0], cd[1], replies, serials, options)));
    }

    /** Both handshakes done, or the first failure with both channels closed. */
    private static CompletableFuture<Channel[]> bothReady(OxConnector.Opened control, OxConnector.Opened data) {
        return OxConnector.bothReady(control.ready(), data.ready()).whenComplete((cd, e) -> {
            if (e != null) {
                control.channel().close();
                data.channel().close();
            }
        });
    }

    /**
     * Opens a session on an ox4j daemon ({@code ox-server daemon}, one port for many masters). This is ox4j's own
     * opening exchange (not spoken by ox_asir): the data connection sends {@code ["ox4j-session"]} and receives
     * {@code ["ox4j-session", INT32 id, STRING key]}; the control connection then sends
     * {@code ["ox4j-control", id, key]}. Both connections start with the daemon's password.
     */
    public static CompletableFuture<OxClient> connectDaemonAsync(java.net.SocketAddress daemon,
            org.ox4j.protocol.handshake.OneTimePassword password, OxClientOptions options, OxClientResources resources) {
        SerialCounter serials = new SerialCounter();
        OxReplyHandler replies = new OxReplyHandler(() -> new OxSyncBall(serials.next()));
        Optional<org.ox4j.protocol.handshake.OneTimePassword> pw = Optional.of(password);
        return OxConnector.connect(resources, daemon, pw, options, () -> replies).thenCompose(d -> {
            CompletableFuture<Cmo> opened = new CompletableFuture<>();
            d.writeAndFlush(new OxRequest(new OxData(serials.next(),
                    org.ox4j.cmo.CmoList.of(CmoString.of(DAEMON_SESSION))), opened));
            return opened.thenCompose(reply -> {
                if (!(reply instanceof org.ox4j.cmo.CmoList l) || l.size() != 3 || !(l.get(1) instanceof CmoInt32 id)
                        || !(l.get(2) instanceof CmoString key)) {
                    d.close();
                    throw new OxClientException("daemon answered the session opening with "
                            + reply.type().specName() + " (expected: [\"ox4j-session\", id, key])");
                }
                return OxConnector.connect(resources, daemon, pw, options, ControlChannelHandler::new)
                        .thenCompose(c -> toCompletable(c.writeAndFlush(new OxData(serials.next(),
                                org.ox4j.cmo.CmoList.of(CmoString.of(DAEMON_CONTROL), id, key))))
                                .thenCompose(v -> fromChannels(c, d, replies, serials, options)))
                        .whenComplete((c, e) -> {
                            if (e != null) {
                                d.close();
                            }
                        });
            });
        });
    }

    /** Blocking {@link #connectDaemonAsync}. */
    public static OxClient connectDaemon(java.net.SocketAddress daemon,
            org.ox4j.protocol.handshake.OneTimePassword password, OxClientOptions options, OxClientResources resources) {
        return await(connectDaemonAsync(daemon, password, options, resources), connectBudget(options),
                "connect to daemon " + daemon);
    }

    /** Bound on an engine's start behind a launcher that is ready before it (see {@link #launch}). */
    private static final Duration ENGINE_START = Duration.ofSeconds(120);

    /** Opening message of a daemon data connection. */
    static final String DAEMON_SESSION = "ox4j-session";
    /** Opening message of a daemon control connection. */
    static final String DAEMON_CONTROL = "ox4j-control";

    /** Wraps two channels whose handshakes are done (used by the reverse-mode listener too). */
    static CompletableFuture<OxClient> fromChannels(Channel control, Channel data, OxReplyHandler replies,
            SerialCounter serials, OxClientOptions options) {
        OxClient client = new OxClient(control, data, replies, serials, options);
        LOG.debug("connected: control {} data {}", control, data);
        if (!options.exchangeMathcap()) {
            return CompletableFuture.completedFuture(client);
        }
        return client.exchangeMathcap().handle((v, e) -> {
            if (e != null) {
                client.closeChannels();
                throw new OxClientException("mathcap exchange failed: " + Futures.unwrap(e).getMessage(), Futures.unwrap(e));
            }
            return client;
        });
    }

    /** The §2.8 exchange: SM_mathcap, SM_popCMO, then our mathcap and SM_setMathcap. */
    private CompletableFuture<Void> exchangeMathcap() {
        CompletableFuture<Cmo> reply = new CompletableFuture<>();
        send(List.of(command(SmCommand.MATHCAP), new OxRequest(command(SmCommand.POP_CMO), reply)));
        return reply.thenCompose(cmo -> {
            if (cmo instanceof CmoError2 err) {
                throw new OxServerErrorException(err);
            }
            ServerMathcap mc = ServerMathcap.parse(cmo);
            serverMathcap = mc;
            LOG.debug("server {} lists {} SM codes and {} CMO tags", mc.systemName(), mc.smCodes().size(),
                    mc.dataTags().size());
            if (!mc.allowsCommand(SmCommand.SET_MATHCAP.code())) {
                LOG.warn("server {} does not list SM_setMathcap; not sending our mathcap", mc.systemName());
                return CompletableFuture.completedFuture(null);
            }
            return send(List.of(new OxData(serials.next(), ClientMathcap.create()), command(SmCommand.SET_MATHCAP)));
        });
    }

    /**
     * Starts a server with {@code launcher}, connects to it and makes the client own it: {@link #close()} then
     * sends {@code SM_shutdown} and stops the process tree.
     */
    public static OxClient launch(ServerLauncher launcher, OxClientOptions options, OxClientResources resources) {
        LaunchedServer server = launcher.launch();
        try {
            // A launcher such as ox is ready before its engine is: the engine's byte-order byte comes when the
            // engine has started, which for a JVM on a loaded machine can take longer than a connection handshake.
            OxClientOptions o = options.handshakeTimeout().compareTo(ENGINE_START) < 0
                    ? options.withHandshakeTimeout(ENGINE_START) : options;
            OxClient client = connect(server.address(), o, resources);
            client.launched = server;
            return client;
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** {@link #launch(ServerLauncher, OxClientOptions, OxClientResources)} of a local {@code bin/ox-server}. */
    public static OxClient launchLocal() {
        return launch(LocalProcessLauncher.create(), OxClientOptions.defaults(), OxClientResources.shared());
    }

    /** The server this client started, if it did. */
    public Optional<LaunchedServer> launchedServer() {
        return Optional.ofNullable(launched);
    }

    /** Keeps {@code resource} open as long as this client and closes it after the client (e.g. a launched server). */
    public void own(AutoCloseable resource) {
        owned.add(resource);
    }

    // ---------------------------------------------------------------- data channel

    /** The server's mathcap, if it was exchanged. */
    public Optional<ServerMathcap> serverMathcap() {
        return Optional.ofNullable(serverMathcap);
    }

    /** Pushes objects onto the server's stack, in the given order. */
    public CompletableFuture<Void> pushAsync(Cmo... objects) {
        try {
            List<Object> msgs = new ArrayList<>();
            for (Cmo o : objects) {
                checkData(o);
                msgs.add(new OxData(serials.next(), o));
            }
            return send(msgs);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    public void push(Cmo... objects) {
        await(pushAsync(objects), "push");
    }

    /** Sends one SM command on the data channel (no reply is awaited; most commands only push). */
    public CompletableFuture<Void> executeAsync(SmCommand command) {
        return executeAsync(command.code());
    }

    /** Sends the SM code {@code code} on the data channel; control codes (1024...) are refused here. */
    public CompletableFuture<Void> executeAsync(int code) {
        try {
            if (code >= 1024 && code < 2048) {
                throw new IllegalArgumentException("SM code " + code
                        + " belongs on the control channel (expected: reset(), interrupt(), kill())");
            }
            checkCommand(code);
            return send(List.of(new OxCommand(serials.next(), code)));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Pushes {@code args} (in the given order) and sends {@code command}, as one uninterrupted batch: no other
     * message of this client can come between them, which matters when several such batches are issued
     * without waiting (e.g. wiring a server group).
     */
    public CompletableFuture<Void> executeAsync(SmCommand command, Cmo... args) {
        try {
            List<Object> msgs = new ArrayList<>();
            for (Cmo a : args) {
                checkData(a);
                msgs.add(new OxData(serials.next(), a));
            }
            if (command.isControl()) {
                throw new IllegalArgumentException("SM code " + command.code() + " belongs on the control channel");
            }
            checkCommand(command.code());
            msgs.add(command(command));
            return send(msgs);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** {@code args} pushed, {@code command} executed, then {@code SM_popCMO}, as one batch; errors fail the future. */
    public CompletableFuture<Cmo> executeAndPopAsync(SmCommand command, Cmo... args) {
        try {
            List<Object> msgs = new ArrayList<>();
            for (Cmo a : args) {
                checkData(a);
                msgs.add(new OxData(serials.next(), a));
            }
            checkCommand(command.code());
            checkCommand(SmCommand.POP_CMO.code());
            msgs.add(command(command));
            CompletableFuture<Cmo> reply = new CompletableFuture<>();
            msgs.add(new OxRequest(command(SmCommand.POP_CMO), reply));
            return send(msgs).thenCompose(v -> reply).thenApply(OxClient::throwIfError);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    public void execute(SmCommand command) {
        await(executeAsync(command), command.specName());
    }

    /** {@code SM_popCMO}; the reply as received, a {@link CmoError2} included. */
    public CompletableFuture<Cmo> popCmoRawAsync() {
        return request(SmCommand.POP_CMO);
    }

    /** {@code SM_popCMO}; a {@link CmoError2} reply fails the future with {@link OxServerErrorException}. */
    public CompletableFuture<Cmo> popCmoAsync() {
        return popCmoRawAsync().thenApply(OxClient::throwIfError);
    }

    public Cmo popCmoRaw() {
        return await(popCmoRawAsync(), "SM_popCMO");
    }

    public Cmo popCmo() {
        return await(popCmoAsync(), "SM_popCMO");
    }

    /** {@code SM_popString}: the server's printed form of the top of its stack. */
    public CompletableFuture<String> popStringAsync() {
        return request(SmCommand.POP_STRING).thenApply(c -> {
            if (c instanceof CmoString s) {
                return s.value();
            }
            throwIfError(c);
            throw new OxClientException("SM_popString answered " + c.type().specName() + " (expected: CMO_STRING)");
        });
    }

    public String popString() {
        return await(popStringAsync(), "SM_popString");
    }

    /** {@code SM_getsp} then {@code SM_popCMO}: the number of objects on the server's stack. */
    public CompletableFuture<Integer> stackSizeAsync() {
        return executeAndPopAsync(SmCommand.GETSP).thenApply(OxClient::intValue);
    }

    public int stackSize() {
        return await(stackSizeAsync(), "SM_getsp");
    }

    /** {@code SM_pops}: removes {@code n} objects (count sent as CMO_INT32, as Asir's {@code ox_pops}). */
    public CompletableFuture<Void> popsAsync(int n) {
        return executeAsync(SmCommand.POPS, new CmoInt32(n));
    }

    /**
     * Calls a server function by name and pops its result: pushes the arguments in reverse order, then
     * {@code CMO_INT32 argc}, {@code CMO_STRING name}, {@code SM_executeFunction} (spec §5.3), then
     * {@code SM_popCMO}. A CMO_ERROR2 result fails the future with {@link OxServerErrorException}.
     */
    public CompletableFuture<Cmo> callAsync(String function, Cmo... args) {
        return callRawAsync(function, args).thenApply(OxClient::throwIfError);
    }

    /** As {@link #callAsync} but a CMO_ERROR2 result is returned as a value. */
    public CompletableFuture<Cmo> callRawAsync(String function, Cmo... args) {
        try {
            List<Object> msgs = executeFunctionMessages(function, args);
            checkCommand(SmCommand.POP_CMO.code());
            CompletableFuture<Cmo> reply = new CompletableFuture<>();
            msgs.add(new OxRequest(command(SmCommand.POP_CMO), reply));
            return send(msgs).thenCompose(v -> reply);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    public Cmo call(String function, Cmo... args) {
        return await(callAsync(function, args), "call " + function);
    }

    /** Only the {@code SM_executeFunction} part of {@link #callAsync}: the result stays on the server's stack. */
    public CompletableFuture<Void> executeFunctionAsync(String function, Cmo... args) {
        try {
            return send(executeFunctionMessages(function, args));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private List<Object> executeFunctionMessages(String function, Cmo... args) {
        Objects.requireNonNull(function, "function");
        List<Object> msgs = new ArrayList<>();
        for (int i = args.length - 1; i >= 0; i--) {
            checkData(args[i]);
            msgs.add(new OxData(serials.next(), args[i]));
        }
        Cmo argc = new CmoInt32(args.length);
        Cmo name = CmoString.of(function);
        checkData(argc);
        checkData(name);
        checkCommand(SmCommand.EXECUTE_FUNCTION.code());
        msgs.add(new OxData(serials.next(), argc));
        msgs.add(new OxData(serials.next(), name));
        msgs.add(command(SmCommand.EXECUTE_FUNCTION));
        return msgs;
    }

    /** {@code SM_executeStringByLocalParser} of {@code program}, then {@code SM_popCMO}; errors fail the future. */
    public CompletableFuture<Cmo> executeStringAsync(String program) {
        return executeStringRawAsync(program).thenApply(OxClient::throwIfError);
    }

    /** As {@link #executeStringAsync} but a CMO_ERROR2 result is returned as a value. */
    public CompletableFuture<Cmo> executeStringRawAsync(String program) {
        try {
            CmoString s = CmoString.of(program);
            checkData(s);
            checkCommand(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER.code());
            checkCommand(SmCommand.POP_CMO.code());
            CompletableFuture<Cmo> reply = new CompletableFuture<>();
            return send(List.of(new OxData(serials.next(), s), command(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER),
                    new OxRequest(command(SmCommand.POP_CMO), reply))).thenCompose(v -> reply);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Runs every statement of an Asir program and pops the value of the last one. Each top-level statement goes in
     * its own {@code SM_executeStringByLocalParser} ({@link org.ox4j.client.syntax.Statements}), one after the other,
     * because ox_asir evaluates only the first statement of a string while ox4j evaluates them all: split, both run
     * the whole program. The values of the earlier statements are popped and dropped; the first CMO_ERROR2 stops the
     * program and is its result, as an error stops a program in Asir.
     */
    public CompletableFuture<Cmo> executeProgramRawAsync(String program) {
        List<String> statements = org.ox4j.client.syntax.Statements.split(program);
        if (statements.isEmpty()) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("program: no statement"));
        }
        CompletableFuture<Cmo> result = executeStringRawAsync(statements.get(0));
        for (String st : statements.subList(1, statements.size())) {
            result = result.thenCompose(previous -> previous instanceof CmoError2
                    ? CompletableFuture.completedFuture(previous) : executeStringRawAsync(st));
        }
        return result;
    }

    /** {@link #executeProgramRawAsync}, blocking, with a CMO_ERROR2 result raised as {@link OxServerErrorException}. */
    public Cmo executeProgram(String program) {
        return await(executeProgramRawAsync(program).thenApply(OxClient::throwIfError), "program");
    }

    public Cmo executeString(String program) {
        return await(executeStringAsync(program), "SM_executeStringByLocalParser");
    }

    /** {@code SM_mathcap} then {@code SM_popCMO}: the server's mathcap, fetched now. */
    public Cmo mathcap() {
        CompletableFuture<Cmo> reply = request(List.of(command(SmCommand.MATHCAP)), SmCommand.POP_CMO);
        return await(reply.thenApply(OxClient::throwIfError), "SM_mathcap");
    }

    private CompletableFuture<Cmo> request(SmCommand pop) {
        return request(List.of(), pop);
    }

    /** Sends {@code before} then the reply-producing {@code pop}, as one batch; completes with the reply. */
    private CompletableFuture<Cmo> request(List<OxMessage> before, SmCommand pop) {
        try {
            for (OxMessage m : before) {
                if (m instanceof OxCommand c) {
                    checkCommand(c.code());
                }
            }
            checkCommand(pop.code());
            CompletableFuture<Cmo> reply = new CompletableFuture<>();
            List<Object> msgs = new ArrayList<>(before);
            msgs.add(new OxRequest(command(pop), reply));
            CompletableFuture<Void> sent = send(msgs);
            sent.whenComplete((v, e) -> {
                if (e != null) {
                    reply.completeExceptionally(e);
                }
            });
            return reply;
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    // ---------------------------------------------------------------- control channel

    /**
     * The reset protocol (spec §7.2): the data channel starts discarding, {@code SM_control_reset_connection}
     * goes out on the control channel, the server's {@code OX_SYNC_BALL} is answered with ours. Pending
     * requests fail with {@link OxResetException}. The server's stack is kept.
     */
    public CompletableFuture<Void> resetAsync() {
        ServerMathcap mc = serverMathcap;
        if (mc != null && !mc.supportsReset()) {
            return CompletableFuture.failedFuture(new OxClientException("server " + mc.systemName()
                    + " does not implement the OX reset protocol (no_ox_reset)"));
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        data.eventLoop().execute(() -> {
            replies.startDrain(done);
            if (!done.isDone()) {
                sendControl(SmCommand.CONTROL_RESET_CONNECTION).whenComplete((v, e) -> {
                    if (e != null) {
                        done.completeExceptionally(e);
                    }
                });
            }
        });
        return done;
    }

    public void reset() {
        await(resetAsync(), "reset");
    }

    /** {@code SM_control_intr} on the control channel (Asir: SIGINT to the engine; meaning is server-specific). */
    public CompletableFuture<Void> interruptAsync() {
        return sendControl(SmCommand.CONTROL_INTR);
    }

    public void interrupt() {
        await(interruptAsync(), "interrupt");
    }

    /** {@code SM_control_kill} on the control channel: the control process kills the engine. */
    public CompletableFuture<Void> killAsync() {
        return sendControl(SmCommand.CONTROL_KILL);
    }

    /**
     * {@code SM_shutdown} on the control channel, as Asir's {@code ox_shutdown} (spec §9), then waits (bounded)
     * for the server to close the connections and closes this client.
     */
    public void shutdown() {
        if (closed.get() || !shutdownSent.compareAndSet(false, true)) {
            return;
        }
        try {
            await(sendControl(SmCommand.SHUTDOWN), "SM_shutdown");
            CompletableFuture<Void> gone = CompletableFuture.allOf(toCompletable(control.closeFuture()),
                    toCompletable(data.closeFuture()));
            try {
                gone.get(Math.min(options.requestTimeout().toMillis(), 5000), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                LOG.warn("server did not close its connections within 5 s of SM_shutdown; closing ours");
            } catch (ExecutionException e) {
                LOG.debug("waiting for the server to close: {}", e.getCause().toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } catch (OxClientException e) {
            LOG.debug("SM_shutdown not delivered: {}", e.getMessage());
        } finally {
            close();
        }
    }

    private CompletableFuture<Void> sendControl(SmCommand command) {
        if (!control.isActive()) {
            return CompletableFuture.failedFuture(new OxConnectionClosedException("control connection is closed"));
        }
        return toCompletable(control.writeAndFlush(new OxCommand(serials.next(), command.code())));
    }

    /** True while both channels are open. */
    public boolean isOpen() {
        return control.isActive() && data.isActive();
    }

    /** Completes when the data connection closes (e.g. the server died). */
    public CompletableFuture<Void> closeFuture() {
        return toCompletable(data.closeFuture());
    }

    /**
     * Closes both connections, then whatever this client owns. A server this client launched is shut down
     * first ({@code SM_shutdown}) and its process tree stopped; a server it only connected to keeps running.
     */
    @Override
    public void close() {
        if (launched != null && !shutdownSent.get() && !closed.get() && control.isActive()) {
            shutdown();
            return;
        }
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeChannels();
        if (launched != null) {
            launched.stop(Duration.ofSeconds(5));
        }
        for (AutoCloseable r : owned) {
            try {
                r.close();
            } catch (Exception e) {
                LOG.warn("closing {} failed: {}", r, e.toString());
            }
        }
    }

    private void closeChannels() {
        data.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        control.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    }

    public OxClientOptions options() {
        return options;
    }

    @Override
    public String toString() {
        return "OxClient[" + data.remoteAddress() + (serverMathcap != null ? ", " + serverMathcap.systemName() : "")
                + "]";
    }

    // ---------------------------------------------------------------- helpers

    private OxCommand command(SmCommand c) {
        return new OxCommand(serials.next(), c.code());
    }

    private void checkCommand(int code) {
        ServerMathcap mc = serverMathcap;
        if (mc != null && options.enforceMathcap()) {
            mc.checkCommand(code);
        }
    }

    private void checkData(Cmo cmo) {
        Objects.requireNonNull(cmo, "cmo");
        ServerMathcap mc = serverMathcap;
        if (mc != null && options.enforceMathcap()) {
            mc.checkData(cmo);
        }
    }

    /** Writes the messages as one uninterrupted batch on the data channel's event loop, then flushes once. */
    private CompletableFuture<Void> send(List<?> messages) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (!data.isActive()) {
            OxConnectionClosedException e = new OxConnectionClosedException("data connection is closed");
            for (Object m : messages) {
                if (m instanceof OxRequest r) {
                    r.reply().completeExceptionally(e);
                }
            }
            done.completeExceptionally(e);
            return done;
        }
        data.eventLoop().execute(() -> {
            ChannelFuture last = null;
            for (Object m : messages) {
                last = data.write(m);
            }
            data.flush();
            if (last == null) {
                done.complete(null);
            } else {
                last.addListener(f -> {
                    if (f.isSuccess()) {
                        done.complete(null);
                    } else {
                        done.completeExceptionally(f.cause() instanceof OxClientException oe ? oe
                                : new OxConnectionClosedException("send failed", f.cause()));
                    }
                });
            }
        });
        return done;
    }

    static Cmo throwIfError(Cmo c) {
        if (c instanceof CmoError2 e) {
            throw new OxServerErrorException(e);
        }
        return c;
    }

    static int intValue(Cmo c) {
        if (c instanceof CmoNull) {
            return 0;
        }
        if (c instanceof CmoInt32 i) {
            return i.value();
        }
        if (c instanceof CmoZZ z && z.value().bitLength() < 32) {
            return z.value().intValue();
        }
        throw new OxClientException("expected a small integer, got " + c.type().specName());
    }

    static CompletableFuture<Void> toCompletable(io.netty.util.concurrent.Future<?> f) {
        CompletableFuture<Void> c = new CompletableFuture<>();
        f.addListener(x -> {
            if (x.isSuccess()) {
                c.complete(null);
            } else {
                c.completeExceptionally(x.cause() instanceof OxClientException oe ? oe
                        : new OxConnectionClosedException("I/O failed: " + x.cause(), x.cause()));
            }
        });
        return c;
    }

    private <T> T await(CompletableFuture<T> f, String what) {
        return await(f, options.requestTimeout(), what);
    }

    static Duration connectBudget(OxClientOptions o) {
        RetryPolicy r = o.retry();
        Duration d = o.connectTimeout().plus(o.handshakeTimeout()).multipliedBy(2);
        for (int i = 2; i <= r.maxAttempts(); i++) {
            d = d.plus(r.delayBefore(i)).plus(o.connectTimeout());
        }
        return d.plus(o.requestTimeout());
    }

    /** Waits for {@code f} at most {@code timeout}; unwraps failures into the client's exceptions. */
    public static <T> T await(CompletableFuture<T> f, Duration timeout, String what) {
        return Futures.await(f, timeout, what);
    }

    /** The integer value of a ZZ/INT32/NULL reply (for callers decoding counts). */
    public static BigInteger integerOf(Cmo c) {
        if (c instanceof CmoNull) {
            return BigInteger.ZERO;
        }
        if (c instanceof CmoInt32 i) {
            return BigInteger.valueOf(i.value());
        }
        if (c instanceof CmoZZ z) {
            return z.value();
        }
        throw new OxClientException("expected an integer, got " + c.type().specName());
    }
}
