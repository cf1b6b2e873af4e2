package org.ox4j.server.sm;

import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.mathcap.Mathcap;
import org.ox4j.server.algebra.NoCmoFormException;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.algebra.ValueCodec;
import org.ox4j.server.eval.Interruption;
import org.ox4j.server.function.EvalContext;
import org.ox4j.server.function.LocalLanguage;

/**
 * What an {@link SmCommandHandler} sees while it executes one command: the operand stack, the serial of the
 * command (for error objects), the way to send a reply to the client (filtered through the client's mathcap),
 * the evaluation context (variables, functions, services), and the session's mathcaps.
 */
public interface SmContext {
    /** Serial number of the OX_COMMAND being executed. */
    int serial();

    /** The session's operand stack. */
    OperandStack stack();

    /** Pops the top; an empty stack yields {@code CMO_NULL} (ox_asir pops the value 0). */
    default Cmo pop() {
        return stack().pop().orElse(CmoNull.INSTANCE);
    }

    /** Pushes a result (or an error object if a stack limit would be exceeded). */
    default void push(Cmo value) {
        stack().push(value, serial());
    }

    /**
     * Pushes a value of the local language: its CMO form, or the value itself when it has none (a vector, a
     * matrix), as ox_asir keeps its own objects on the stack.
     */
    default void push(Value value) {
        Cmo cmo;
        try {
            cmo = ValueCodec.toCmo(value);
        } catch (NoCmoFormException e) {
            stack().push(new LocalObject(value), serial());
            return;
        }
        push(cmo);
    }

    /**
     * Pops the top as a value of the local language: a CMO converted in the session's variable order, a value
     * without CMO form as it is; an empty stack yields 0.
     */
    default Value popValue() {
        return valueOf(stack().popAny().orElse(CmoNull.INSTANCE), new ValueCodec(eval().variableOrder()));
    }

    /** A stack entry as a value: a CMO converted by {@code codec}, a {@link LocalObject}'s value as it is. */
    static Value valueOf(Object entry, ValueCodec codec) {
        return entry instanceof LocalObject l ? l.value() : codec.fromCmo((Cmo) entry);
    }

    /** Pushes ox_asir's error object {@code [serial, -1, message, []]}. */
    default void pushError(String message) {
        stack().pushError(CmoError2.of(serial(), message));
    }

    /**
     * Sends one {@code OX_DATA} reply to the client. If the client's mathcap (SM_setMathcap) excludes a tag of
     * {@code value}, ox_asir's error {@code "ox_send_data : Mathcap violation"} is sent instead.
     */
    void sendData(Cmo value);

    /** The function library, session variables and services. */
    EvalContext eval();

    /** The session's interrupt flag. */
    default Interruption interruption() {
        return eval().interruption();
    }

    /** The local language that {@code SM_executeStringByLocalParser} runs. */
    LocalLanguage language();

    /** This server's mathcap. */
    ServerMathcap serverMathcap();

    /** The client's mathcap, once it sent one with {@code SM_setMathcap}. */
    Optional<Mathcap> peerMathcap();

    /** Stores the client's mathcap. */
    void setPeerMathcap(Mathcap mathcap);

    /** Ends the session after this command (SM_shutdown). */
    void requestShutdown();
}
