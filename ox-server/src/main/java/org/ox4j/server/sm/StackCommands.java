package org.ox4j.server.sm;

import java.util.ArrayList;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.mathcap.Mathcap;
import org.ox4j.protocol.SmCommand;
import org.ox4j.server.algebra.ValuePrinter;

/** The SM commands that move objects between the stack and the client, with ox_asir's semantics (spec §5.2). */
public final class StackCommands {
    private StackCommands() {
    }

    /** Registers every stack command. */
    public static void register(ServerExtensions ext) {
        ext.handler(SmCommand.POP_CMO, StackCommands::popCmo);
        ext.handler(SmCommand.POP_STRING, c -> c.sendData(CmoString.of(c.stack().popAny()
                .map(v -> v instanceof LocalObject l ? ValuePrinter.print(l.value()) : ValuePrinter.popString((Cmo) v))
                .orElseGet(() -> ValuePrinter.popString(CmoNull.INSTANCE)))));
        ext.handler(SmCommand.MATHCAP, c -> c.push(c.serverMathcap().toCmo()));
        ext.handler(SmCommand.SET_MATHCAP, StackCommands::setMathcap);
        ext.handler(SmCommand.POPS, StackCommands::pops);
        ext.handler(SmCommand.GETSP, c -> {
            int n = c.stack().size();
            c.push(n == 0 ? CmoNull.INSTANCE : CmoZZ.of(n));
        });
        ext.handler(SmCommand.DUP_ERRORS, StackCommands::dupErrors);
        ext.handler(SmCommand.PUSH_CMO_TAG, c -> c.push(new CmoInt32(c.stack().peek().map(v -> v.type().code())
                .orElse(1))));
        ext.handler(SmCommand.NOP, c -> { });
        ext.handler(SmCommand.BEGIN_BLOCK, c -> { });
        ext.handler(SmCommand.END_BLOCK, c -> { });
        ext.handler(SmCommand.SHUTDOWN, SmContext::requestShutdown);
        // Not in our mathcap (no Asir binary format): answer with an error instead of leaving the client waiting.
        ext.handler(SmCommand.POP_SERIALIZED_LOCAL_OBJECT, c -> c.sendData(CmoError2.of(c.serial(),
                "popSerializedLocalObject : Asir binary objects are not supported by ox4j")), false);
    }

    /**
     * SM_popCMO. A value without a CMO form is answered as ox_asir answers it (asir_popCMO): the error "cannot
     * convert to CMO object" is sent and the value stays on the stack.
     */
    private static void popCmo(SmContext c) {
        if (c.stack().peekAny().orElse(null) instanceof LocalObject) {
            c.sendData(CmoError2.of(c.serial(), "cannot convert to CMO object"));
            return;
        }
        c.sendData(c.pop());
    }

    private static void setMathcap(SmContext c) {
        Cmo m = c.pop();
        Mathcap.tryParse(m).ifPresentOrElse(c::setPeerMathcap,
                () -> c.pushError("setMathcap : invalid mathcap"));
    }

    private static void pops(SmContext c) {
        Cmo n = c.pop();
        long count;
        if (n instanceof CmoInt32 i) {
            count = i.value();
        } else if (n instanceof CmoZZ z && z.value().bitLength() < 32) {
            count = z.value().longValue();
        } else {
            c.pushError("pops : invalid argument");
            return;
        }
        if (count < 0) {
            c.pushError("pops : invalid argument");
            return;
        }
        c.stack().drop((int) Math.min(count, Integer.MAX_VALUE));
    }

    private static void dupErrors(SmContext c) {
        List<Cmo> errors = new ArrayList<>();
        for (Cmo v : c.stack().snapshot()) {
            if (v instanceof CmoError2) {
                errors.add(v);
            }
        }
        c.push(new CmoList(errors));
    }

}
