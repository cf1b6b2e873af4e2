package org.ox4j.server.session;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.ox4j.protocol.SerialCounter;
import org.ox4j.server.ServerLimits;
import org.ox4j.server.function.BuiltinFunctions;
import org.ox4j.server.function.CoreFunctions;
import org.ox4j.server.function.FunctionRegistry;
import org.ox4j.server.function.LocalLanguage;
import org.ox4j.server.lang.AsirLanguage;
import org.ox4j.server.sm.ServerExtensions;
import org.ox4j.server.sm.ServerMathcap;

/**
 * Everything the sessions of one server process share: the command table and services
 * ({@link ServerExtensions}), the mathcap built from it, the function library, the local language, the limits,
 * the byte-order byte offered on data connections, and the process-wide serial counter.
 */
public final class ServerRuntime {
    private final ServerExtensions extensions;
    private final ServerMathcap mathcap;
    private final Supplier<? extends LocalLanguage> languages;
    private final ServerLimits limits;
    private final int byteOrderOffer;
    private final SerialCounter serials = new SerialCounter();
    private final AtomicLong sessionIds = new AtomicLong();

    /**
     * @param languages makes the local language of each new session
     */
    public ServerRuntime(ServerExtensions extensions, Supplier<? extends LocalLanguage> languages, ServerLimits limits,
            int byteOrderOffer) {
        this.extensions = extensions;
        this.mathcap = new ServerMathcap(extensions.advertisedCodes());
        this.languages = languages;
        this.limits = limits;
        this.byteOrderOffer = byteOrderOffer;
    }

    /**
     * The standard server: the algebra function library over the core functions (plus the diagnostic ones if
     * asked), every extension on the class path, and the Asir-like local language (one per session).
     */
    public static ServerRuntime standard(ServerLimits limits, int byteOrderOffer, boolean diagnostics) {
        FunctionRegistry functions = new FunctionRegistry();
        CoreFunctions.register(functions, diagnostics);
        BuiltinFunctions.registerAll(functions);
        ServerExtensions ext = ServerExtensions.standard(functions);
        return new ServerRuntime(ext, AsirLanguage::new, limits, byteOrderOffer);
    }

    public ServerExtensions extensions() {
        return extensions;
    }

    public ServerMathcap mathcap() {
        return mathcap;
    }

    /** A new session's local language. */
    public LocalLanguage newLanguage() {
        return languages.get();
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
