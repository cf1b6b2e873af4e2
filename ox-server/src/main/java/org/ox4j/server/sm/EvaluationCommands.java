package org.ox4j.server.sm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.protocol.SmCommand;
import org.ox4j.server.algebra.NoCmoFormException;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.algebra.ValueCodec;
import org.ox4j.server.eval.ComputationInterruptedException;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.function.FunctionSpec;

/**
 * The SM commands that evaluate: variables (SM_setName/SM_evalName), the local language
 * (SM_executeStringByLocalParser and its batch form) and the function library (SM_executeFunction and Asir's
 * SM_executeFunctionSync), with ox_asir's pops and error messages (spec §5.2, §5.3).
 */
public final class EvaluationCommands {
    /** An Asir program variable: a capital letter, then letters, digits and underscores. */
    private static final Pattern VARIABLE = Pattern.compile("[A-Z][A-Za-z0-9_]*");

    private EvaluationCommands() {
    }

    /** Registers the evaluation commands. */
    public static void register(ServerExtensions ext) {
        ext.handler(SmCommand.SET_NAME, EvaluationCommands::setName);
        ext.handler(SmCommand.EVAL_NAME, EvaluationCommands::evalName);
        ext.handler(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER, c -> executeString(c).ifPresent(c::push));
        ext.handler(SmCommand.EXECUTE_STRING_BY_LOCAL_PARSER_IN_BATCH_MODE, EvaluationCommands::executeBatch);
        ext.handler(SmCommand.EXECUTE_FUNCTION, EvaluationCommands::executeFunction);
        ext.handler(SmCommand.EXECUTE_FUNCTION_SYNC, EvaluationCommands::executeFunctionSync);
    }

    private static void setName(SmContext c) {
        Cmo name = c.pop();
        if (!(name instanceof CmoString s) || !VARIABLE.matcher(s.value()).matches()) {
            // like Asir's parser: the value stays on the stack
            throw new EvaluationException("setName : invalid variable name");
        }
        c.eval().variables().put(s.value(), c.popValue());
    }

    private static void evalName(SmContext c) {
        Cmo name = c.pop();
        if (!(name instanceof CmoString s)) {
            throw new EvaluationException("evalName : invalid argument");
        }
        String text = s.value().strip();
        if (VARIABLE.matcher(text).matches()) {
            Value v = c.eval().variables().get(text);
            c.push(v == null ? Value.ZERO : v);
            return;
        }
        c.language().execute(text + ";", c.eval()).ifPresent(c::push);
    }

    private static Optional<Value> executeString(SmContext c) {
        Cmo source = c.pop();
        if (!(source instanceof CmoString s)) {
            throw new EvaluationException("executeString : invalid argument");
        }
        Optional<Value> result = c.language().execute(s.value(), c.eval());
        c.interruption().check();
        return result;
    }

    private static void executeBatch(SmContext c) {
        // ox_asir runs the statement, pushes its value, then pops once (even when the value was void)
        executeString(c).ifPresent(c::push);
        c.stack().popAny();
    }

    /**
     * The popped name, argument count and arguments of an executeFunction; {@code args} has fewer than {@code argc}
     * values when the stack held fewer.
     */
    private record Call(String name, int argc, List<Object> args) {
    }

    private static Call popCall(SmContext c) {
        Cmo name = c.pop();
        if (!(name instanceof CmoString s)) {
            throw new EvaluationException("executeFunction : invalid function name");
        }
        Cmo argc = c.pop();
        if (!(argc instanceof CmoInt32 n) || n.value() < 0) {
            throw new EvaluationException("executeFunction : invalid argc");
        }
        // the count comes from the master: nothing is allocated for it beyond what the stack holds
        int available = Math.min(n.value(), c.stack().size());
        // each a CMO or a value without CMO form (LocalObject): a value-level function takes either
        List<Object> args = new ArrayList<>(available);
        for (int i = 0; i < available; i++) {
            args.add(c.stack().popAny().orElseThrow());
        }
        return new Call(s.value(), n.value(), args);
    }

    /** The result of a call: a value of a value-level builtin, or a CMO of a CMO-level one. */
    private static Object call(SmContext c, Call call) {
        FunctionSpec f = c.eval().functions().lookup(call.name()).orElseThrow(() ->
                new EvaluationException("executeFunction : the function " + call.name() + " not found"));
        if (!f.accepts(call.argc())) {
            throw new EvaluationException("bevalf : argument mismatch in " + call.name() + "()");
        }
        List<Object> args = call.args();
        if (args.size() < call.argc()) {
            if (f.maxArity() < 0) {
                // a count beyond the stack is a master's error; padding it would let one message fill the heap
                throw new EvaluationException("executeFunction : " + call.name() + " called with " + call.argc()
                        + " arguments, the stack held " + args.size());
            }
            // ox_asir reads the missing arguments of an emptied stack as 0; the arity bounds them here
            args = new ArrayList<>(args);
            while (args.size() < call.argc()) {
                args.add(org.ox4j.cmo.CmoNull.INSTANCE);
            }
        }
        Object result;
        if (f.values() != null) {
            ValueCodec codec = new ValueCodec(c.eval().variableOrder());
            List<Value> values = new ArrayList<>(args.size());
            for (Object a : args) {
                values.add(SmContext.valueOf(a, codec));
            }
            result = f.values().apply(values, c.eval().algebra(), c.eval());
        } else {
            List<Cmo> cmos = new ArrayList<>(args.size());
            for (Object a : args) {
                if (a instanceof LocalObject l) {
                    throw new NoCmoFormException("executeFunction : cannot convert to CMO object (" + call.name()
                            + " takes CMOs, not " + l.what() + ")");
                }
                cmos.add((Cmo) a);
            }
            result = f.function().apply(cmos, c.eval());
        }
        c.interruption().check();
        return result;
    }

    private static void executeFunction(SmContext c) {
        Object result = call(c, popCall(c));
        if (result instanceof Value v) {
            c.push(v);
        } else {
            c.push((Cmo) result);
        }
    }

    private static void executeFunctionSync(SmContext c) {
        Call call;
        try {
            call = popCall(c);
        } catch (EvaluationException e) {
            c.sendData(CmoError2.of(c.serial(), e.getMessage()));
            return;
        }
        c.sendData(CmoZZ.of(1));
        Cmo result;
        try {
            Object r = call(c, call);
            result = r instanceof Value v ? ValueCodec.toCmo(v) : (Cmo) r;
        } catch (ComputationInterruptedException e) {
            // SM_control_intr: the waiting client gets the error as the result; after a reset the session drops it
            result = CmoError2.of(c.serial(), "interrupted");
        } catch (EvaluationException e) {
            // ox_asir pushes a runtime error and sends nothing, leaving the client waiting; ox4j sends it instead
            result = CmoError2.of(c.serial(), e.getMessage());
        }
        c.sendData(result);
    }
}
