package org.ox4j.server.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.server.algebra.VectorFile;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.session.SessionEvalContext;

/**
 * Replays the master's side of vector c (ox_cmo_rpc of fctr, error, idiv, nosuchfunction, igcd) against the
 * function library, with a minimal stand-in for the stack machine, and compares every reply with ox_asir's.
 */
class VectorCFunctionsTest {
    private final SessionEvalContext ctx = TestContext.create();

    /** What the stand-in stack machine holds: a CMO, or the message of an error that a call raised. */
    private record Slot(Cmo cmo, String error) {
    }

    @Test
    void repliesMatchOxAsir() {
        List<VectorFile.Message> in = VectorFile.read("c_cmo_rpc", "server0-data.master_to_server0.bin");
        List<VectorFile.Message> replies = VectorFile.data("c_cmo_rpc", "server0-data.server0_to_master.bin");
        Deque<Slot> stack = new ArrayDeque<>();
        int reply = 1; // reply 0 answers the mathcap request
        int calls = 0;
        for (int k = 0; k < in.size(); k++) {
            VectorFile.Message m = in.get(k);
            if (m.isData()) {
                stack.push(new Slot(m.cmo(), null));
            } else if (m.command() == 269) {
                String name = ((CmoString) stack.pop().cmo()).value();
                int argc = ((CmoInt32) stack.pop().cmo()).value();
                List<Cmo> args = new ArrayList<>();
                for (int a = 0; a < argc; a++) {
                    args.add(stack.pop().cmo());
                }
                stack.push(call(name, args));
                calls++;
            } else if (m.command() == 262 && k > 1) {
                Slot top = stack.pop();
                VectorFile.Message expected = replies.get(reply++);
                if (expected.cmo() instanceof CmoError2 e) {
                    assertThat(top.error()).as("error message of reply %d", reply - 1).isEqualTo(e.message().get());
                } else {
                    assertThat(top.error()).isNull();
                    assertThat(CmoWriter.toBytes(top.cmo(), ByteOrder.LITTLE_ENDIAN))
                            .as("bytes of reply %d", reply - 1).isEqualTo(expected.cmoBytes());
                }
            }
        }
        assertThat(calls).isEqualTo(5);
        assertThat(reply).isEqualTo(replies.size());
    }

    /** Calls like the server will: unknown name and arity are the server's messages (spec §5.2). */
    private Slot call(String name, List<Cmo> args) {
        var spec = ctx.functions().lookup(name);
        if (spec.isEmpty()) {
            return new Slot(null, "executeFunction : the function " + name + " not found");
        }
        assertThat(spec.get().accepts(args.size())).isTrue();
        EvaluationException e = catchThrowableOfType(EvaluationException.class,
                () -> stackResult[0] = spec.get().function().apply(args, ctx));
        return e == null ? new Slot(stackResult[0], null) : new Slot(null, e.getMessage());
    }

    private final Cmo[] stackResult = new Cmo[1];
}
