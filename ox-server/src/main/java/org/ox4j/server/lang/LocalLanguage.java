package org.ox4j.server.lang;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.ox4j.cmo.Cmo;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.AsirPrinter;
import org.ox4j.server.algebra.Lst;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Poly;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.algebra.ValueCodec;
import org.ox4j.server.algebra.VariableOrder;
import org.ox4j.server.eval.EvalContext;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.function.FunctionSpec;

/**
 * The local language of SM_executeStringByLocalParser: an Asir-compatible subset. Statements end in {@code ;} or
 * {@code $}; lower-case identifiers are indeterminates (or function names before {@code (}), capitalised ones are
 * session variables (shared with SM_setName/SM_evalName through {@link EvalContext#variables()}, unset = 0);
 * {@code def f(X) { … return …; }} defines a function local to this instance (one per session); calls reach user
 * functions first, then the {@link EvalContext#functions() function library}.
 *
 * <p>Difference from ox_asir, by design: ox_asir evaluates only the first statement of the string; we evaluate
 * all of them in order and return the value of the last one. A definition evaluates to 0 (ox_asir's answer in
 * vector b). {@link Optional#empty()} means Asir's "void" (an empty program): nothing is pushed.
 */
public final class LocalLanguage {
    private static final int MAX_CALL_DEPTH = 1000;

    private final Map<String, Node.Def> userFunctions = new ConcurrentHashMap<>();

    /** Parses and runs {@code source}; the result is the last statement's value as ox_asir would send it. */
    public Optional<Cmo> execute(String source, EvalContext ctx) {
        return run(source, ctx).map(ValueCodec::toCmo);
    }

    /** As {@link #execute}, returning the value. */
    public Optional<Value> run(String source, EvalContext ctx) {
        List<Node> program = new Parser(source).program();
        return new Interpreter(ctx, source).runTop(program);
    }

    /** Parses without running (syntax check). */
    public static void parse(String source) {
        new Parser(source).program();
    }

    /** Names of the functions defined in this session. */
    public java.util.Set<String> userFunctionNames() {
        return java.util.Set.copyOf(userFunctions.keySet());
    }

    /** Thrown by {@code return}; carries the value out of nested statements. */
    private static final class ReturnSignal extends RuntimeException {
        private final transient Value value;

        ReturnSignal(Value value) {
            super(null, null, false, false);
            this.value = value;
        }
    }

    private final class Interpreter {
        private final EvalContext ctx;
        private final String source;
        private final Algebra algebra;
        private final ValueCodec codec;
        private int depth;

        Interpreter(EvalContext ctx, String source) {
            this.ctx = ctx;
            this.source = source;
            this.algebra = Algebra.of(ctx);
            this.codec = new ValueCodec(VariableOrder.of(ctx));
        }

        Optional<Value> runTop(List<Node> program) {
            Scope top = new Scope(null);
            Optional<Value> last = Optional.empty();
            for (Node s : program) {
                if (s instanceof Node.End) {
                    break;
                }
                ctx.interruption().check();
                try {
                    last = Optional.of(statement(s, top));
                } catch (ReturnSignal r) {
                    last = Optional.of(r.value);
                }
            }
            return last;
        }

        /** Top level uses the session variables; a function call has its own locals. */
        private final class Scope {
            private final Map<String, Value> locals;

            Scope(Map<String, Value> locals) {
                this.locals = locals;
            }

            Value get(String name) {
                if (locals != null) {
                    return locals.getOrDefault(name, Value.ZERO);
                }
                return ctx.variables().getOrDefault(name, Value.ZERO);
            }

            void set(String name, Value v) {
                if (locals != null) {
                    locals.put(name, v);
                } else {
                    ctx.variables().put(name, v);
                }
            }
        }

        private Value statement(Node s, Scope scope) {
            if (s instanceof Node.ExprStatement e) {
                return eval(e.expr(), scope);
            }
            if (s instanceof Node.Def d) {
                if (ctx.functions().lookup(d.name()).isPresent()) {
                    throw runtime(d.at(), d.name() + " : a builtin function cannot be redefined");
                }
                userFunctions.put(d.name(), d);
                return Value.ZERO;
            }
            if (s instanceof Node.Block b) {
                Value last = Value.ZERO;
                for (Node n : b.statements()) {
                    ctx.interruption().check();
                    last = statement(n, scope);
                }
                return last;
            }
            if (s instanceof Node.Return r) {
                throw new ReturnSignal(r.value() == null ? Value.ZERO : eval(r.value(), scope));
            }
            if (s instanceof Node.If f) {
                if (truth(eval(f.condition(), scope))) {
                    return statement(f.then(), scope);
                }
                return f.otherwise() == null ? Value.ZERO : statement(f.otherwise(), scope);
            }
            if (s instanceof Node.While w) {
                while (truth(eval(w.condition(), scope))) {
                    ctx.interruption().check();
                    statement(w.body(), scope);
                }
                return Value.ZERO;
            }
            return Value.ZERO;
        }

        private Value eval(Node n, Scope scope) {
            if (n instanceof Node.Literal l) {
                return l.value();
            }
            if (n instanceof Node.Indeterminate v) {
                return Poly.variable(v.name());
            }
            if (n instanceof Node.VariableRef r) {
                return scope.get(r.name());
            }
            if (n instanceof Node.Assign a) {
                Value v = eval(a.value(), scope);
                scope.set(a.name(), v);
                return v;
            }
            if (n instanceof Node.ListExpr l) {
                List<Value> out = new java.util.ArrayList<>();
                for (Node e : l.elements()) {
                    out.add(eval(e, scope));
                }
                return new Lst(out);
            }
            if (n instanceof Node.Unary u) {
                Value v = eval(u.operand(), scope);
                return switch (u.op()) {
                    case "-" -> algebra.neg(v);
                    case "!" -> bool(!truth(v));
                    default -> v;
                };
            }
            if (n instanceof Node.Binary b) {
                return binary(b, scope);
            }
            if (n instanceof Node.Call c) {
                return call(c, scope);
            }
            throw runtime(n.at(), "cannot evaluate");
        }

        private Value binary(Node.Binary b, Scope scope) {
            if (b.op().equals("&&")) {
                return bool(truth(eval(b.left(), scope)) && truth(eval(b.right(), scope)));
            }
            if (b.op().equals("||")) {
                return bool(truth(eval(b.left(), scope)) || truth(eval(b.right(), scope)));
            }
            Value x = eval(b.left(), scope);
            Value y = eval(b.right(), scope);
            return switch (b.op()) {
                case "+" -> algebra.add(x, y);
                case "-" -> algebra.sub(x, y);
                case "*" -> algebra.mul(x, y);
                case "/" -> algebra.div(x, y);
                case "%" -> org.ox4j.server.algebra.Polynomials.irem(x, y);
                case "^" -> algebra.pow(x, y);
                case "==" -> bool(algebra.equal(x, y));
                case "!=" -> bool(!algebra.equal(x, y));
                default -> bool(compare(b, x, y));
            };
        }

        private boolean compare(Node.Binary b, Value x, Value y) {
            if (!(x instanceof Num p) || !(y instanceof Num q)) {
                throw runtime(b.at(), b.op() + " : only numbers can be ordered");
            }
            int c = p.compareTo(q);
            return switch (b.op()) {
                case "<" -> c < 0;
                case ">" -> c > 0;
                case "<=" -> c <= 0;
                default -> c >= 0;
            };
        }

        private Value call(Node.Call c, Scope scope) {
            List<Value> args = new java.util.ArrayList<>();
            for (Node a : c.args()) {
                args.add(eval(a, scope));
            }
            Node.Def user = userFunctions.get(c.name());
            if (user != null) {
                if (user.params().size() != args.size()) {
                    throw runtime(c.at(), "argument mismatch in " + c.name() + "()");
                }
                if (++depth > MAX_CALL_DEPTH) {
                    depth = 0;
                    throw runtime(c.at(), c.name() + " : recursion too deep");
                }
                try {
                    Map<String, Value> locals = new HashMap<>();
                    for (int k = 0; k < args.size(); k++) {
                        locals.put(user.params().get(k), args.get(k));
                    }
                    statement(user.body(), new Scope(locals));
                    return Value.ZERO;
                } catch (ReturnSignal r) {
                    return r.value;
                } finally {
                    depth--;
                }
            }
            FunctionSpec spec = ctx.functions().lookup(c.name())
                    .orElseThrow(() -> runtime(c.at(), "the function " + c.name() + " is not defined"));
            if (!spec.accepts(args.size())) {
                throw runtime(c.at(), "argument mismatch in " + c.name() + "()");
            }
            if (spec.values() != null) {
                return spec.values().apply(args, algebra, ctx);
            }
            List<Cmo> cmoArgs = new java.util.ArrayList<>();
            for (Value v : args) {
                cmoArgs.add(ValueCodec.toCmo(v));
            }
            return codec.fromCmo(spec.function().apply(cmoArgs, ctx));
        }

        private boolean truth(Value v) {
            return !v.isZero();
        }

        private Value bool(boolean b) {
            return Num.of(b ? 1 : 0);
        }

        private EvaluationException runtime(Token at, String message) {
            return new EvaluationException(message + " (line " + at.line() + ", column " + at.column() + ")");
        }
    }

    /** Printed form of a value (Asir's), for callers that need SM_popString text. */
    public static String print(Value v) {
        return AsirPrinter.print(v);
    }
}
