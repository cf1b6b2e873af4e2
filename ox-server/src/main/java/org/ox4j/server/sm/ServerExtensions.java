package org.ox4j.server.sm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.protocol.SmCommand;
import org.ox4j.server.SessionInfo;
import org.ox4j.server.function.EvalContext;
import org.ox4j.server.function.FunctionRegistry;

/**
 * The table SM code → {@link SmCommandHandler} every session's stack machine dispatches through, plus the
 * per-session services put into {@link org.ox4j.server.function.EvalContext#service(Class)} and the shared function
 * library. {@link #standard(FunctionRegistry)} holds every command of spec §5 and whatever the
 * {@link ServerExtension}s on the class path add; another part (RFC-102) registers its handlers with
 * {@link #handler(int, SmCommandHandler, boolean)}. A handler registered later for the same code replaces the
 * earlier one. Codes registered with {@code inMathcap = true} are listed in the server's mathcap.
 *
 * <p>Filled once at start-up, read-only afterwards (sessions take a snapshot).
 */
public final class ServerExtensions {
    private static final Logger LOG = LogManager.getLogger();

    private final Map<Integer, SmCommandHandler> handlers = new LinkedHashMap<>();
    private final Map<Integer, Boolean> advertised = new LinkedHashMap<>();
    private final Map<Class<?>, Function<SessionInfo, ?>> services = new LinkedHashMap<>();
    private final FunctionRegistry functions;
    private final List<ServerExtension> extensions = new ArrayList<>();

    public ServerExtensions(FunctionRegistry functions) {
        this.functions = Objects.requireNonNull(functions, "functions");
    }

    /** The standard command set, then every {@link ServerExtension} found by the service loader. */
    public static ServerExtensions standard(FunctionRegistry functions) {
        ServerExtensions ext = new ServerExtensions(functions);
        StackCommands.register(ext);
        EvaluationCommands.register(ext);
        for (ServerExtension e : ServiceLoader.load(ServerExtension.class)) {
            ext.add(e);
        }
        return ext;
    }

    /**
     * Registers {@code extension} and keeps it, so that a later extension's session services can reach an earlier
     * one's shared state through {@link #extension(Class)} (the {@code mpi_*} functions run over RFC-102's group).
     */
    public ServerExtensions add(ServerExtension extension) {
        LOG.info("server extension {}", extension.getClass().getName());
        extensions.add(extension);
        extension.register(this);
        return this;
    }

    /** The registered extension of type {@code type}, if there is one. */
    public <T extends ServerExtension> Optional<T> extension(Class<T> type) {
        return extensions.stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    /** Registers a handler for {@code command}, listed in the mathcap. */
    public ServerExtensions handler(SmCommand command, SmCommandHandler handler) {
        return handler(command.code(), handler, true);
    }

    /** Registers a handler for {@code command}; {@code inMathcap} says whether the mathcap lists it. */
    public ServerExtensions handler(SmCommand command, SmCommandHandler handler, boolean inMathcap) {
        return handler(command.code(), handler, inMathcap);
    }

    /** Registers a handler for a raw SM code (data channel codes only; control codes are not dispatched here). */
    public ServerExtensions handler(int code, SmCommandHandler handler, boolean inMathcap) {
        handlers.put(code, Objects.requireNonNull(handler, "handler"));
        advertised.put(code, inMathcap);
        return this;
    }

    /**
     * Registers a per-session service: {@code factory} is called once per session and its result is returned by
     * {@code EvalContext.service(type)} in that session.
     */
    public <T> ServerExtensions sessionService(Class<T> type, Function<SessionInfo, ? extends T> factory) {
        services.put(type, factory);
        return this;
    }

    /** The handler for a code. */
    public Optional<SmCommandHandler> handlerFor(int code) {
        return Optional.ofNullable(handlers.get(code));
    }

    /** SM codes the mathcap lists. */
    public java.util.Set<Integer> advertisedCodes() {
        TreeSet<Integer> s = new TreeSet<>();
        advertised.forEach((code, yes) -> {
            if (yes) {
                s.add(code);
            }
        });
        return Collections.unmodifiableSet(s);
    }

    /** Creates the services of a new session. */
    public Map<Class<?>, Object> createServices(SessionInfo info) {
        Map<Class<?>, Object> out = new LinkedHashMap<>();
        services.forEach((type, factory) -> out.put(type, factory.apply(info)));
        return out;
    }

    /** The shared function library. */
    public FunctionRegistry functions() {
        return functions;
    }
}
