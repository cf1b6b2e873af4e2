package org.ox4j.server.sm;

import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoException;
import org.ox4j.cmo.mathcap.AcceptedCmoTags;
import org.ox4j.cmo.mathcap.Mathcap;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxData;
import org.ox4j.protocol.SmCommand;
import org.ox4j.server.eval.ComputationInterruptedException;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.function.EvalContext;
import org.ox4j.server.function.LocalLanguage;

/**
 * One session's OpenXM stack machine: OX_DATA pushes (after ox_asir's conversion), OX_COMMAND runs the registered
 * handler. Silent except for the pops; every failure becomes a {@code CMO_ERROR2 [serial, -1, message, []]} on the
 * stack; unknown codes are logged and ignored. Runs on the session's worker thread only.
 */
public final class StackMachine {
    private static final Logger LOG = LogManager.getLogger();
    /** ox_asir's error when a reply would violate the client's mathcap (spec §5.4). */
    public static final String MATHCAP_VIOLATION = "ox_send_data : Mathcap violation";

    private final ServerExtensions extensions;
    private final ServerMathcap mathcap;
    private final LocalLanguage language;
    private final EvalContext eval;
    private final OperandStack stack;
    private final ReplySink replies;
    private final BooleanSupplier abandoned;
    private Mathcap peerMathcap;
    /** The tags {@link #peerMathcap} accepts in OX_DATA, null without one. */
    private AcceptedCmoTags peerAccepts;
    private boolean shutdownRequested;

    /**
     * @param abandoned true while the running command has been abandoned by a reset (its interruption is then
     *                  silent; any other interruption pushes an error)
     */
    public StackMachine(ServerExtensions extensions, ServerMathcap mathcap, LocalLanguage language, EvalContext eval,
            OperandStack stack, ReplySink replies, BooleanSupplier abandoned) {
        this.extensions = extensions;
        this.mathcap = mathcap;
        this.language = language;
        this.eval = eval;
        this.stack = stack;
        this.replies = replies;
        this.abandoned = abandoned;
    }

    /** Pushes received data. */
    public void onData(OxData data) {
        Cmo local;
        try {
            local = AsirValues.fromWire(data.cmo());
        } catch (EvaluationException e) {
            stack.pushError(CmoError2.of(data.serial(), e.getMessage()));
            return;
        }
        stack.push(local, data.serial());
    }

    /** An OX_DATA message whose object the reader refused: its place on the stack gets the error. */
    public void onRejectedData(int serial, String reason) {
        stack.pushError(CmoError2.of(serial, reason));
    }

    /** Executes one command; returns true when the session must end (SM_shutdown). */
    public boolean onCommand(OxCommand command) {
        Optional<SmCommandHandler> handler = extensions.handlerFor(command.code());
        if (handler.isEmpty()) {
            LOG.info("ignoring unknown SM command {} ({})", command.code(),
                    command.command().map(SmCommand::specName).orElse("unknown"));
            return false;
        }
        Context ctx = new Context(command.serial());
        try {
            handler.get().execute(ctx);
        } catch (ComputationInterruptedException e) {
            if (abandoned.getAsBoolean()) {
                LOG.info("command {} abandoned by reset", command.code());
            } else {
                ctx.pushError("interrupted");
            }
        } catch (EvaluationException e) {
            ctx.pushError(e.getMessage());
        } catch (CmoException e) {
            ctx.pushError(e.getMessage());
        } catch (StackOverflowError e) {
            LOG.warn("command {}: stack overflow", command.code());
            ctx.pushError("internal error (stack overflow)");
        } catch (OutOfMemoryError e) {
            LOG.warn("command {}: out of memory", command.code());
            ctx.pushError("internal error (out of memory)");
        } catch (RuntimeException e) {
            LOG.warn("command {} failed", command.code(), e);
            ctx.pushError("internal error (" + e.getClass().getSimpleName() + ")");
        }
        return shutdownRequested;
    }

    /** The operand stack (for tests and diagnostics). */
    public OperandStack stack() {
        return stack;
    }

    private final class Context implements SmContext {
        private final int serial;

        Context(int serial) {
            this.serial = serial;
        }

        @Override
        public int serial() {
            return serial;
        }

        @Override
        public OperandStack stack() {
            return stack;
        }

        @Override
        public void sendData(Cmo value) {
            int s = replies.nextSerial();
            Cmo out = value;
            if (peerAccepts != null && !peerAccepts.accepts(value)) {
                LOG.info("reply of {} refused by the client's mathcap", value.type().specName());
                out = CmoError2.of(s, MATHCAP_VIOLATION);
            }
            replies.send(new OxData(s, out));
        }

        @Override
        public EvalContext eval() {
            return eval;
        }

        @Override
        public LocalLanguage language() {
            return language;
        }

        @Override
        public ServerMathcap serverMathcap() {
            return mathcap;
        }

        @Override
        public Optional<Mathcap> peerMathcap() {
            return Optional.ofNullable(peerMathcap);
        }

        @Override
        public void setPeerMathcap(Mathcap m) {
            peerMathcap = m;
            peerAccepts = m.acceptedCmoTags();
        }

        @Override
        public void requestShutdown() {
            shutdownRequested = true;
        }
    }
}
