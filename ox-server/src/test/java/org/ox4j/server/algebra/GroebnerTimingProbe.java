package org.ox4j.server.algebra;

import java.util.List;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.server.eval.Interruption;

/** Manual probe (not a test): prints basis sizes and times. */
public final class GroebnerTimingProbe {
    public static void main(String[] args) {
        Groebner gb = new Groebner(new Algebra(new VariableOrder(), new Interruption()));
        String[] names = {"katsura5", "cyclic5", "katsura6", "cyclic6"};
        for (String name : names) {
            for (long p : new long[] {32003, 0}) {
                List<Value> f = switch (name) {
                    case "katsura5" -> Systems.katsura(5);
                    case "katsura6" -> Systems.katsura(6);
                    case "cyclic5" -> Systems.cyclic(5);
                    default -> Systems.cyclic(6);
                };
                int n = name.startsWith("katsura") ? Integer.parseInt(name.substring(7)) + 1 : Integer.parseInt(name.substring(6));
                long t0 = System.nanoTime();
                List<Value> g = gb.basis(f, new Groebner.Ring(Systems.variables(n), TermOrder.GREVLEX, p));
                System.out.printf("%s p=%d: %d elements, %.1f ms%n", name, p, g.size(), (System.nanoTime() - t0) / 1e6);
            }
        }
    }
}
