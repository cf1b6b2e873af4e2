package org.ox4j.server.sm;

import java.util.ArrayDeque;
import org.ox4j.server.algebra.Lst;
import org.ox4j.server.algebra.Mat;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.algebra.ValueCodec;
import org.ox4j.server.algebra.Vect;

/**
 * A value of the local language that has no CMO form (a vector, a matrix, or a list holding one), kept on the
 * operand stack as ox_asir keeps such an object: {@code SM_popString} prints it, {@code SM_setName} and
 * {@code SM_executeFunction} take it as it is, {@code SM_popCMO} answers "cannot convert to CMO object" and leaves it
 * where it was.
 */
public record LocalObject(Value value) {
    private static final long SLOT = 16;

    /** What the value is, for error messages. */
    public String what() {
        return value instanceof Vect ? "a vector" : value instanceof Mat ? "a matrix" : "a list holding a vector or matrix";
    }

    /** Estimated heap bytes of the value (walked without recursion; leaves through their CMO form's estimate). */
    public long estimate() {
        long total = 0;
        ArrayDeque<Value> todo = new ArrayDeque<>();
        todo.push(value);
        while (!todo.isEmpty()) {
            Value v = todo.pop();
            if (v instanceof Vect vect) {
                total += SLOT * (1 + vect.size());
                vect.elements().forEach(todo::push);
            } else if (v instanceof Mat m) {
                total += SLOT * (1 + m.cells().size());
                m.cells().forEach(todo::push);
            } else if (v instanceof Lst l) {
                total += SLOT * (1 + l.size());
                l.elements().forEach(todo::push);
            } else {
                total += CmoSize.estimate(ValueCodec.toCmo(v));
            }
        }
        return total;
    }
}
