package org.ox4j.server.lang;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.ox4j.cmo.Cmo;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.Lst;
import org.ox4j.server.algebra.Mat;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Poly;
import org.ox4j.server.algebra.Str;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.algebra.ValueCodec;
import org.ox4j.server.algebra.ValuePrinter;
import org.ox4j.server.algebra.Vect;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.function.EvalContext;
import org.ox4j.server.function.FunctionSpec;
import org.ox4j.server.function.LocalLanguage;

/**
 * The server's local language (SM_executeStringByLocalParser, SM_evalName): an Asir-compatible subset, one
 * instance per session because functions defined with {@code def} belong to the session that defined them. Statements end in {@code ;} or
 * {@code $}; lower-case identifiers are indeterminates (or function names before {@code (}), capitalised ones are
 * session variables (shared with SM_setName/SM_evalName through {@link EvalContext#variables()}, unset = 0);
 * {@code def f(X) { … return …; }} defines a function local to this instance (one per session); calls reach user
 * functions first, then the {@link EvalContext#functions() function library}.
 *
 * <p>Difference from ox_asir, by design: ox_asir evaluates only the first statement of the string; we evaluate
 * all of them in order and return the value of the last one. A definition evaluates to 0 (ox_asir's answer in
 * vector b). {@link Optional#empty()} means Asir's "void" (an empty program): nothing is pushed.
 */
public final class AsirLanguage implements LocalLanguage {
    private static final int MAX_CALL_DEPTH = 1000;
    /** eval_str inside eval_str: each level parses and evaluates anew on the Java stack, so far fewer. */
    private static final int MAX_EVAL_STR_DEPTH = 64;

    private final Map<String, Node.Def> userFunctions = new ConcurrentHashMap<>();

    /** Parses and runs {@code source}; the result is the last statement's value as ox_asir would send it. */
    @Override
    public Optional<Value> execute(String source, EvalContext ctx) {
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

    /** Thrown by {@code break} and {@code continue}; caught by the innermost loop. */
    private static final class LoopSignal extends RuntimeException {
        private final boolean isBreak;

        LoopSignal(boolean isBreak) {
            super(null, null, false, false);
            this.isBreak = isBreak;
        }
    }

    private static final LoopSignal BREAK = new LoopSignal(true);
    private static final LoopSignal CONTINUE = new LoopSignal(false);

    private final class Interpreter {
        private final EvalContext ctx;
        private final String source;
        private final Algebra algebra;
        private final ValueCodec codec;
        private int depth;
        private int evalStrDepth;
        private long steps;

        Interpreter(EvalContext ctx, String source) {
            this.ctx = ctx;
            this.source = source;
            this.algebra = ctx.algebra();
            this.codec = new ValueCodec(ctx.variableOrder());
        }

        Optional<Value> runTop(List<Node> program) {
            Scope top = new Scope(null);
            Optional<Value> last = Optional.empty();
            for (Node s : program) {
                if (s instanceof Node.End) {
                    break;
                }
                if (s instanceof Node.Block b && b.statements().isEmpty()) {
                    continue; // an empty statement: no value, as in Asir
                }
                ctx.interruption().check();
                try {
                    last = Optional.of(statement(s, top));
                } catch (ReturnSignal r) {
                    last = Optional.of(r.value);
                } catch (LoopSignal l) {
                    throw runtime(s.at(), (l.isBreak ? "break" : "continue") + " outside a loop");
                }
            }
            return last;
        }

        /**
         * Top level uses the session variables; a function call has its own locals, except the names it declared
         * {@code extern}.
         */
        private final class Scope {
            private final Map<String, Value> locals;
            private final java.util.Set<String> externs = new java.util.HashSet<>();

            Scope(Map<String, Value> locals) {
                this.locals = locals;
            }

            private boolean local(String name) {
                return locals != null && !externs.contains(name);
            }

            Value get(String name) {
                if (local(name)) {
                    return locals.getOrDefault(name, Value.ZERO);
                }
                return ctx.variables().getOrDefault(name, Value.ZERO);
            }

            void set(String name, Value v) {
                if (local(name)) {
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
            // a loop's value is its body's last one, as ox_asir pushes it (while (I < 3) I++; gives 2)
            if (s instanceof Node.While w) {
                Value[] last = {Value.ZERO};
                while (truth(eval(w.condition(), scope))) {
                    step(w.at());
                    if (body(w.body(), scope, last)) {
                        break;
                    }
                }
                return last[0];
            }
            if (s instanceof Node.For f) {
                for (Node e : f.init()) {
                    eval(e, scope);
                }
                Value[] last = {Value.ZERO};
                while (f.condition() == null || truth(eval(f.condition(), scope))) {
                    step(f.at());
                    if (body(f.body(), scope, last)) {
                        break;
                    }
                    for (Node e : f.update()) {
                        eval(e, scope);
                    }
                }
                return last[0];
            }
            if (s instanceof Node.DoWhile d) {
                Value[] last = {Value.ZERO};
                do {
                    step(d.at());
                    if (body(d.body(), scope, last)) {
                        break;
                    }
                } while (truth(eval(d.condition(), scope)));
                return last[0];
            }
            if (s instanceof Node.Break) {
                throw BREAK;
            }
            if (s instanceof Node.Continue) {
                throw CONTINUE;
            }
            if (s instanceof Node.Extern x) {
                scope.externs.addAll(x.names());
                return Value.ZERO;
            }
            return Value.ZERO;
        }

        /** Runs a loop body; true when it ended with {@code break}. */
        /** Runs a loop body, keeping its value in {@code last[0]}; true when it broke out of the loop. */
        private boolean body(Node b, Scope scope, Value[] last) {
            try {
                last[0] = statement(b, scope);
                return false;
            } catch (LoopSignal signal) {
                return signal.isBreak;
            }
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
            if (n instanceof Node.Index ix) {
                return element(ix.at(), eval(ix.target(), scope), eval(ix.index(), scope));
            }
            if (n instanceof Node.IndexAssign a) {
                Value v = eval(a.value(), scope);
                setElement(a.at(), a.name(), a.indices(), v, scope);
                return v;
            }
            if (n instanceof Node.Step st) {
                Value old = eval(st.target(), scope);
                Value updated = algebra.add(old, Num.of(st.delta()));
                assign(st.target(), updated, scope);
                return st.postfix() ? old : updated;
            }
            if (n instanceof Node.Conditional c) {
                return truth(eval(c.condition(), scope)) ? eval(c.then(), scope) : eval(c.otherwise(), scope);
            }
            throw runtime(n.at(), "cannot evaluate");
        }

        private void assign(Node target, Value v, Scope scope) {
            if (target instanceof Node.VariableRef r) {
                scope.set(r.name(), v);
                return;
            }
            List<Node> indices = new java.util.ArrayList<>();
            Node t = target;
            while (t instanceof Node.Index ix) {
                indices.add(0, ix.index());
                t = ix.target();
            }
            setElement(target.at(), ((Node.VariableRef) t).name(), indices, v, scope);
        }

        /** {@code name[i]…[k] = v}: the variable gets a copy with that element replaced. */
        private void setElement(Token at, String name, List<Node> indices, Value v, Scope scope) {
            List<Value> idx = new java.util.ArrayList<>();
            for (Node e : indices) {
                idx.add(eval(e, scope));
            }
            scope.set(name, replaced(at, scope.get(name), idx, 0, v));
        }

        /** Index {@code index} of a list, a vector or (a row of) a matrix, checked against its length. */
        private int position(Token at, Value container, Value index) {
            int length;
            if (container instanceof Lst l) {
                length = l.size();
            } else if (container instanceof Vect v) {
                length = v.size();
            } else if (container instanceof Mat m) {
                length = m.rows();
            } else {
                throw runtime(at, "only lists, vectors and matrices can be indexed");
            }
            if (!(index instanceof Num k) || !k.intValue().isPresent()) {
                throw runtime(at, "an index must be an integer");
            }
            int i = k.intValue().getAsInt();
            if (i < 0 || i >= length) {
                throw runtime(at, "index " + i + " out of range (length " + length + ")");
            }
            return i;
        }

        /** Element {@code index} of a list or vector, or row {@code index} of a matrix (a vector). */
        private Value element(Token at, Value container, Value index) {
            int i = position(at, container, index);
            if (container instanceof Lst l) {
                return l.get(i);
            }
            if (container instanceof Vect v) {
                return v.get(i);
            }
            return ((Mat) container).row(i);
        }

        /** {@code container} with the element at {@code idx[from..]} replaced by {@code v} (copies on the way). */
        private Value replaced(Token at, Value container, List<Value> idx, int from, Value v) {
            int i = position(at, container, idx.get(from));
            boolean last = from + 1 == idx.size();
            if (container instanceof Mat m) {
                if (last) {
                    if (!(v instanceof Vect row) || row.size() != m.cols()) {
                        throw runtime(at, "a row of a " + m.rows() + "x" + m.cols() + " matrix must be a vector of "
                                + m.cols() + " elements");
                    }
                    return m.withRow(i, row);
                }
                int j = position(at, m.row(i), idx.get(from + 1));
                Value cell = from + 2 == idx.size() ? v : replaced(at, m.get(i, j), idx, from + 2, v);
                return m.with(i, j, cell);
            }
            List<Value> out = new java.util.ArrayList<>(container instanceof Lst l ? l.elements()
                    : ((Vect) container).elements());
            out.set(i, last ? v : replaced(at, out.get(i), idx, from + 1, v));
            return container instanceof Lst ? new Lst(out) : new Vect(out);
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
                case "%" -> org.ox4j.server.algebra.Polynomials.remainder(x, y);
                case "^" -> algebra.pow(x, y);
                case "==" -> bool(algebra.equal(x, y));
                case "!=" -> bool(!algebra.equal(x, y));
                default -> bool(compare(b, x, y));
            };
        }

        private boolean compare(Node.Binary b, Value x, Value y) {
            Integer order = Algebra.compareNumbers(x, y);
            if (order == null) {
                throw runtime(b.at(), b.op() + " : only numbers can be ordered");
            }
            int c = order;
            return switch (b.op()) {
                case "<" -> c < 0;
                case ">" -> c > 0;
                case "<=" -> c <= 0;
                default -> c >= 0;
            };
        }

        private Value call(Node.Call c, Scope scope) {
            if (c.name().equals("map") && !userFunctions.containsKey("map")) {
                return map(c, scope);
            }
            if (c.name().equals("qsort") && !userFunctions.containsKey("qsort")) {
                return qsort(c, scope);
            }
            List<Value> args = new java.util.ArrayList<>();
            for (Node a : c.args()) {
                args.add(eval(a, scope));
            }
            if (c.name().equals("eval_str") && !userFunctions.containsKey("eval_str")) {
                return evalStr(c, args);
            }
            return invoke(c.at(), c.name(), args);
        }

        /**
         * {@code map(F, L, A…)}: the list of {@code F(E, A…)} for the elements E of L, F named by an indeterminate
         * (Asir's way of passing a function) or a string; a user's function or a builtin.
         */
        private Value map(Node.Call c, Scope scope) {
            if (c.args().size() < 2) {
                throw runtime(c.at(), "argument mismatch in map()");
            }
            String name = functionName(c.args().get(0), scope, "map");
            if (!(eval(c.args().get(1), scope) instanceof Lst list)) {
                throw runtime(c.at(), "map : the second argument must be a list");
            }
            List<Value> rest = new java.util.ArrayList<>();
            for (Node a : c.args().subList(2, c.args().size())) {
                rest.add(eval(a, scope));
            }
            List<Value> out = new java.util.ArrayList<>(list.size());
            for (int k = 0; k < list.size(); k++) {
                ctx.interruption().check();
                List<Value> args = new java.util.ArrayList<>(rest.size() + 1);
                args.add(list.get(k));
                args.addAll(rest);
                out.add(invoke(c.at(), name, args));
            }
            return new Lst(out);
        }

        /**
         * {@code qsort(L)} (numbers by value) or {@code qsort(L, F)} (F(A, B) negative, 0 or positive as A comes
         * before, with or after B): a sorted copy of the list L.
         */
        private Value qsort(Node.Call c, Scope scope) {
            if (c.args().isEmpty() || c.args().size() > 2) {
                throw runtime(c.at(), "argument mismatch in qsort()");
            }
            if (!(eval(c.args().get(0), scope) instanceof Lst list)) {
                throw runtime(c.at(), "qsort : invalid argument");
            }
            List<Value> out = new java.util.ArrayList<>(list.elements());
            java.util.Comparator<Value> order;
            if (c.args().size() == 1) {
                order = (x, y) -> {
                    Integer r = Algebra.compareNumbers(x, y);
                    if (r == null) {
                        r = compareAtoms(x, y);
                    }
                    if (r == null) {
                        // Asir orders every kind of object; ox4j orders numbers and indeterminates, and others by a
                        // given function
                        throw runtime(c.at(), "qsort : only numbers and indeterminates are ordered without a"
                                + " comparison function");
                    }
                    return r;
                };
            } else {
                String name = functionName(c.args().get(1), scope, "qsort");
                order = (x, y) -> {
                    ctx.interruption().check();
                    Value r = invoke(c.at(), name, List.of(x, y));
                    Integer sign = Algebra.compareNumbers(r, Value.ZERO);
                    if (sign == null) {
                        throw runtime(c.at(), "qsort : " + name + " must return a number");
                    }
                    return Integer.signum(sign);
                };
            }
            try {
                out.sort(order);
            } catch (IllegalArgumentException e) {
                throw runtime(c.at(), "qsort : the comparison function is not a consistent order");
            }
            return new Lst(out);
        }

        /**
         * Asir's order of numbers and indeterminates: numbers before indeterminates, an indeterminate before the
         * higher ones ({@code qsort([x,y,z])} is {@code [z,y,x]} when x is the highest); null for other objects.
         */
        private Integer compareAtoms(Value x, Value y) {
            String vx = indeterminate(x);
            String vy = indeterminate(y);
            if (vx != null && vy != null) {
                return Integer.compare(ctx.variableOrder().rank(vy), ctx.variableOrder().rank(vx));
            }
            if (vx != null && y instanceof Num || x instanceof Num && vy != null) {
                return vx != null ? 1 : -1;
            }
            return null;
        }

        private static String indeterminate(Value v) {
            return v instanceof Poly p && p.variables().size() == 1 && p.equals(Poly.variable(p.variables().get(0)))
                    ? p.variables().get(0) : null;
        }

        /** The function an argument names: an indeterminate (Asir passes functions so) or a string. */
        private String functionName(Node f, Scope scope, String op) {
            if (f instanceof Node.Indeterminate i) {
                return i.name();
            }
            if (eval(f, scope) instanceof Str str) {
                return str.value();
            }
            throw runtime(f.at(), op + " : the function argument must name a function");
        }

        /** {@code eval_str(S)}: the value of the expression S (a statement without its terminator). */
        private Value evalStr(Node.Call c, List<Value> args) {
            if (args.size() != 1 || !(args.get(0) instanceof Str str)) {
                throw runtime(c.at(), "eval_str : argument must be a string");
            }
            String text = str.value().strip();
            if (!text.endsWith(";") && !text.endsWith("$")) {
                text = text + ";";
            }
            if (++evalStrDepth > MAX_EVAL_STR_DEPTH) {
                evalStrDepth = 0;
                throw runtime(c.at(), "eval_str : nested too deep");
            }
            try {
                // the session's variables, as at the top level
                return runTop(new Parser(text).program()).orElse(Value.ZERO);
            } finally {
                evalStrDepth--;
            }
        }

        /**
         * One loop iteration or user-function call: the interrupt flag is checked, and a program that runs more
         * than {@link EvalContext#maxSteps()} of them is stopped (so the session serves its master again).
         */
        private void step(Token at) {
            ctx.interruption().check();
            if (++steps > ctx.maxSteps()) {
                throw runtime(at, "the program ran more than " + ctx.maxSteps()
                        + " loop iterations and function calls (the server's limit, -Dox4j.maxSteps)");
            }
        }

        /** Calls the user's function or the builtin {@code name} on evaluated arguments. */
        private Value invoke(Token at, String name, List<Value> args) {
            Node.Def user = userFunctions.get(name);
            if (user != null) {
                if (user.params().size() != args.size()) {
                    throw runtime(at, "argument mismatch in " + name + "()");
                }
                step(at);
                if (++depth > MAX_CALL_DEPTH) {
                    depth = 0;
                    throw runtime(at, name + " : recursion too deep");
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
                } catch (LoopSignal l) {
                    throw runtime(at, (l.isBreak ? "break" : "continue") + " outside a loop in " + name);
                } finally {
                    depth--;
                }
            }
            FunctionSpec spec = ctx.functions().lookup(name)
                    .orElseThrow(() -> runtime(at, "the function " + name + " is not defined"));
            if (!spec.accepts(args.size())) {
                throw runtime(at, "argument mismatch in " + name + "()");
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
        return ValuePrinter.print(v);
    }
}
