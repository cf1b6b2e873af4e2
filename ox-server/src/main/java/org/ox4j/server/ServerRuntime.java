package org.ox4j.server;

import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicLong;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.server.eval.LocalLanguage;
import org.ox4j.server.eval.MinimalLanguage;
import org.ox4j.server.function.CoreFunctions;
import org.ox4j.server.function.FunctionRegistry;
import org.ox4j.server.sm.ServerMathcap;

/**
 * Everything the sessions of one server process share: the command table and services
 * ({@link ServerExtensions}), the mathcap built from it, the function library, the local language, the limits,
 * the byte-order byte offered on data connections, and the process-wide serial counter.
 */
public final class ServerRuntime {
    private final ServerExtensions extensions;
    private final ServerMathcap mathcap;
    private final LocalLanguage language;
    private final ServerLimits limits;
    private final int byteOrderOffer;
    private final SerialCounter serials = new SerialCounter();
    private final AtomicLong sessionIds = new AtomicLong();

    public ServerRuntime(ServerExtensions extensions, LocalLanguage language, ServerLimits limits, int byteOrderOffer) {
        this.extensions = extensions;
        this.mathcap = new ServerMathcap(extensions.advertisedCodes());
        this.language = language;
        this.limits = limits;
        this.byteOrderOffer = byteOrderOffer;
    }

    /**
     * The standard server: core functions (plus the diagnostic ones if asked), every extension on the class path,
     * the local language found by the service loader (else {@link MinimalLanguage}).
     */
    public static ServerRuntime standard(ServerLimits limits, int byteOrderOffer, boolean diagnostics) {
        FunctionRegistry functions = new FunctionRegistry();
        CoreFunctions.register(functions, diagnostics);
        ServerExtensions ext = ServerExtensions.standard(functions);
        LocalLanguage language = ServiceLoader.load(LocalLanguage.class).findFirst().orElseGet(MinimalLanguage::new);
        return new ServerRuntime(ext, language, limits, byteOrderOffer);
    }

    public ServerExtensions extensions() {
        return extensions;
    }

    public ServerMathcap mathcap() {
        return mathcap;
    }

    public LocalLanguage language() {
        return language;
    }

    public ServerLimits limits() {
        return limits;
    }

    /** The byte-order byte this server writes first on data connections. */
    public int byteOrderOffer() {
        return byteOrderOffer;
    }

    public SerialCounter serials() {
        return serials;
    }

    /** A new session id. */
    public long nextSessionId() {
        return sessionIds.incrementAndGet();
    }
}
