package org.ox4j.server.algebra;

import cc.redberry.rings.Rational;
import cc.redberry.rings.bigint.BigInteger;
import cc.redberry.rings.poly.multivar.MultivariatePolynomial;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.ox4j.algebra.Interrupt;
import org.ox4j.algebra.KernelThreads;
import org.ox4j.algebra.MonomialLayout;
import org.ox4j.algebra.MonomialOrder;
import org.ox4j.algebra.QPoly;
import org.ox4j.algebra.RingsBridge;
import org.ox4j.cmo.VariableOrder;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.eval.Interruption;

/**
 * Arithmetic on {@link Value}s with Asir's rules: numbers and polynomials mix freely, the result of a
 * polynomial operation that becomes constant is a number, strings concatenate with {@code +}. Arithmetic
 * runs on the kernel (ox-algebra); this class aligns variable lists and dispatches.
 */
public final class Algebra {
    /** Threads a single product may use: the machine's cores (the kernel splits only large products). */
    private static final int THREADS = KernelThreads.threads();

    private final VariableOrder order;
    private final Interruption interruption;

    public Algebra(VariableOrder order, Interruption interruption) {
        this.order = Objects.requireNonNull(order, "order");
        this.interruption = Objects.requireNonNull(interruption, "interruption");
    }

    public VariableOrder order() {
        return order;
    }

    public Interruption interruption() {
        return interruption;
    }

    /** Polynomials of several values over one common variable list (kernel polynomials, lexicographic). */
    public record Aligned(List<String> variables, List<QPoly> polys) {
        /** The value of a result polynomial over {@link #variables()}. */
        public Value value(QPoly p) {
            return Poly.of(variables, p);
        }

        /** The value of a rings result polynomial over {@link #variables()}. */
        public Value value(MultivariatePolynomial<Rational<BigInteger>> p) {
            return Poly.of(variables, p);
        }

        /** Rings copies of the aligned polynomials, for rings' algorithms. */
        public List<MultivariatePolynomial<Rational<BigInteger>>> ringsPolys() {
            List<MultivariatePolynomial<Rational<BigInteger>>> out = new ArrayList<>(polys.size());
            for (QPoly p : polys) {
                out.add(RingsBridge.toRings(p));
            }
            return out;
        }
    }

    /** Aligns numbers and polynomials (anything else fails with {@code op : invalid argument}). */
    public Aligned align(String op, Value... values) {
        return align(op, List.of(values), List.of());
    }

    /** Aligns values over their variables plus {@code extraVariables}. */
    public Aligned align(String op, List<? extends Value> values, List<String> extraVariables) {
        Set<String> names = new LinkedHashSet<>(extraVariables);
        int bits = 8;
        for (Value v : values) {
            if (v instanceof Poly p) {
                names.addAll(p.variables());
                bits = Math.max(bits, p.kernel().layout().bits());
            } else if (!(v instanceof Num)) {
                throw invalid(op);
            }
        }
        List<String> vars = order.sorted(names);
        MonomialLayout layout = MonomialLayout.of(MonomialOrder.lex(vars.size()), bits);
        List<QPoly> polys = new ArrayList<>(values.size());
        for (Value v : values) {
            polys.add(kernel(v, vars, layout));
        }
        return new Aligned(vars, polys);
    }

    /**
     * A number or polynomial as a kernel polynomial over {@code vars} (in the given order, variable i = vars[i],
     * a superset of its variables) in {@code layout}'s order, widened when its degree needs it.
     */
    public static QPoly kernel(Value v, List<String> vars, MonomialLayout layout) {
        if (v instanceof Num n) {
            return QPoly.constant(layout, n.numerator(), n.denominator());
        }
        Poly p = (Poly) v;
        QPoly q = p.kernel();
        if (p.variables().equals(vars) && q.layout() == layout) {
            return q;
        }
        int[] map = new int[p.variables().size()];
        for (int i = 0; i < map.length; i++) {
            map[i] = vars.indexOf(p.variables().get(i));
            if (map[i] < 0) {
                throw new IllegalArgumentException("variable " + p.variables().get(i) + " not in " + vars);
            }
        }
        return q.relayout(layout.widenedFor(q.totalDegree()), map);
    }

    /** A number or polynomial as a rings polynomial over {@code vars}. */
    public static MultivariatePolynomial<Rational<BigInteger>> asPoly(Value v, List<String> vars) {
        if (v instanceof Num n) {
            return Polys.constant(vars.size(), n.rational());
        }
        if (v instanceof Poly p) {
            return p.over(vars);
        }
        throw new EvaluationException("not a polynomial");
    }

    /** {@code op : invalid argument}, Asir's wording for a wrong-typed argument. */
    public static EvaluationException invalid(String op) {
        return new EvaluationException(op + " : invalid argument");
    }

    /** The session's interrupt flag as the kernel's interrupt check. */
    public Interrupt interrupt() {
        return interruption::check;
    }

    /** Both numbers with at least one double: the operation on doubles; otherwise null. */
    private static Value real(Value a, Value b, java.util.function.DoubleBinaryOperator op) {
        boolean ra = a instanceof Real;
        boolean rb = b instanceof Real;
        if (!(ra || rb) || !(ra || a instanceof Num) || !(rb || b instanceof Num)) {
            return null;
        }
        return Real.valueOf(op.applyAsDouble(doubleOf(a), doubleOf(b)));
    }

    private static double doubleOf(Value v) {
        return v instanceof Real r ? r.value() : Real.of((Num) v);
    }

    /** A polynomial and a double meet: not supported (the kernel's coefficients are rational). */
    private static void noRealCoefficients(String op, Value a, Value b) {
        if (a instanceof Real || b instanceof Real) {
            throw new EvaluationException(op + " : floating-point coefficients in polynomials are not supported");
        }
    }

    public Value add(Value a, Value b) {
        if (a instanceof Num x && b instanceof Num y) {
            return x.add(y);
        }
        if (isArray(a) || isArray(b)) {
            return elementwise("add", a, b, this::add);
        }
        if (a instanceof Complex || b instanceof Complex) {
            ComplexPair p = complex("add", a, b);
            return p.x().add(p.y());
        }
        Value r = real(a, b, Double::sum);
        if (r != null) {
            return r;
        }
        if (a instanceof Dp || b instanceof Dp) {
            return distributed("add", a, b);
        }
        noRealCoefficients("add", a, b);
        if (a instanceof Str x && b instanceof Str y) {
            long length = (long) x.value().length() + y.value().length();
            if (length > MAX_STRING_CHARS) {
                throw new EvaluationException("add : the string would have " + length + " characters (limit: "
                        + MAX_STRING_CHARS + ")");
            }
            return new Str(x.value() + y.value());
        }
        if (a instanceof Rat || b instanceof Rat) {
            return addRational(a, b, false);
        }
        Aligned al = align("add", a, b);
        return al.value(al.polys().get(0).add(al.polys().get(1)));
    }

    public Value sub(Value a, Value b) {
        if (a instanceof Num x && b instanceof Num y) {
            return x.subtract(y);
        }
        if (isArray(a) || isArray(b)) {
            return elementwise("sub", a, b, this::sub);
        }
        if (a instanceof Complex || b instanceof Complex) {
            ComplexPair p = complex("sub", a, b);
            return p.x().subtract(p.y());
        }
        Value r = real(a, b, (x, y) -> x - y);
        if (r != null) {
            return r;
        }
        if (a instanceof Dp || b instanceof Dp) {
            return distributed("sub", a, b);
        }
        noRealCoefficients("sub", a, b);
        if (a instanceof Rat || b instanceof Rat) {
            return addRational(a, b, true);
        }
        Aligned al = align("sub", a, b);
        return al.value(al.polys().get(0).subtract(al.polys().get(1)));
    }

    public Value mul(Value a, Value b) {
        if (a instanceof Num x && b instanceof Num y) {
            return x.multiply(y);
        }
        if (isArray(a) || isArray(b)) {
            return LinearAlgebra.multiply(this, a, b);
        }
        if (a instanceof Complex || b instanceof Complex) {
            ComplexPair p = complex("mul", a, b);
            return p.x().multiply(p.y());
        }
        Value r = real(a, b, (x, y) -> x * y);
        if (r != null) {
            return r;
        }
        if (a instanceof Dp || b instanceof Dp) {
            return distributed("mul", a, b);
        }
        noRealCoefficients("mul", a, b);
        if (a instanceof Rat || b instanceof Rat) {
            if (a.isZero() || b.isZero()) {
                return Value.ZERO;
            }
            return Rat.of(mul(numerator(a, "mul"), numerator(b, "mul")),
                    mul(denominator(a, "mul"), denominator(b, "mul")));
        }
        if (a instanceof Num x && b instanceof Poly p) {
            return scale(p, x);
        }
        if (b instanceof Num y && a instanceof Poly p) {
            return scale(p, y);
        }
        Aligned al = align("mul", a, b);
        QPoly f = al.polys().get(0);
        QPoly g = al.polys().get(1);
        double bound = Math.min((double) f.size() * g.size(), box(f, g, 1));
        checkTerms("mul", bound);
        return al.value(f.multiply(g, interrupt(), THREADS));
    }

    /**
     * Arithmetic of distributed polynomials as Asir's dp functions do it: sums and differences of two with the same
     * number of variables, products of two, and a number times one (0 stands for the zero polynomial).
     */
    private Value distributed(String op, Value a, Value b) {
        if (a.isZero() && op.equals("mul") || b.isZero() && op.equals("mul")) {
            return Value.ZERO;
        }
        if (a.isZero()) {
            return op.equals("sub") ? neg(b) : b;
        }
        if (b.isZero()) {
            return a;
        }
        if (a instanceof Dp x && b instanceof Dp y) {
            if (x.nVariables() != y.nVariables()) {
                throw new EvaluationException(op + " : distributed polynomials in " + x.nVariables() + " and "
                        + y.nVariables() + " variables");
            }
            QPoly f = x.kernel();
            QPoly g = y.kernel();
            QPoly r;
            if (op.equals("mul")) {
                checkTerms("mul", Math.min((double) f.size() * g.size(), box(f, g, 1)));
                r = f.multiply(g, interrupt(), THREADS);
            } else {
                r = op.equals("add") ? f.add(g) : f.subtract(g);
            }
            return r.isZero() ? Value.ZERO : new Dp(r);
        }
        if (op.equals("mul") && (a instanceof Num || b instanceof Num)) {
            Dp d = (Dp) (a instanceof Dp ? a : b);
            Num c = (Num) (a instanceof Num ? a : b);
            return new Dp(d.kernel().multiply(c.numerator(), c.denominator()));
        }
        throw invalid(op);
    }

    private static Value scale(Poly p, Num c) {
        return Poly.of(p.variables(), p.kernel().multiply(c.numerator(), c.denominator()));
    }

    public Value neg(Value a) {
        if (a instanceof Num x) {
            return x.negate();
        }
        if (a instanceof Real x) {
            return new Real(-x.value());
        }
        if (a instanceof Poly p) {
            return Poly.of(p.variables(), p.kernel().negate());
        }
        if (a instanceof Rat q) {
            return Rat.of(neg(q.numerator()), q.denominator());
        }
        if (a instanceof Dp d) {
            return new Dp(d.kernel().negate());
        }
        if (a instanceof Complex c) {
            return c.negate();
        }
        if (isArray(a)) {
            return LinearAlgebra.map(a, this::neg);
        }
        throw invalid("neg");
    }

    /**
     * Asir's division: numbers by numbers, polynomials by numbers, and otherwise a rational function as Asir builds it
     * (no cancellation: {@code (x^2-1)/(x-1)} stays a quotient of the two; {@code red} cancels).
     */
    public Value div(Value a, Value b) {
        Value r = real(a, b, (x, y) -> x / y);
        if (r != null) {
            if (b.isZero()) {
                throw new EvaluationException("div : division by 0");
            }
            return r;
        }
        noRealCoefficients("div", a, b);
        if (b.isZero()) {
            throw new EvaluationException("div : division by 0");
        }
        if (a instanceof Dp d && b instanceof Num n) {
            return new Dp(d.kernel().multiply(n.denominator(), n.numerator()));
        }
        if (isArray(a) && !isArray(b)) {
            // Asir's divvect/divmat: times the reciprocal of the scalar
            Value inverse = div(Num.of(1), b);
            return LinearAlgebra.map(a, e -> mul(e, inverse));
        }
        if (isArray(b)) {
            throw invalid("div");
        }
        if (a instanceof Complex || b instanceof Complex) {
            ComplexPair p = complex("div", a, b);
            return p.x().divide(p.y());
        }
        if (a.isZero()) {
            return Value.ZERO;
        }
        if (a instanceof Rat || b instanceof Rat) {
            return Rat.of(mul(numerator(a, "div"), denominator(b, "div")), mul(denominator(a, "div"),
                    numerator(b, "div")));
        }
        if (b instanceof Poly && (a instanceof Num || a instanceof Poly)) {
            return Rat.of(a, b);
        }
        return divExact(a, b);
    }

    /**
     * Exact division: numbers by non-zero numbers, polynomials by numbers, and polynomials by polynomials that
     * divide them (an error otherwise).
     */
    public Value divExact(Value a, Value b) {
        if (!(a instanceof Num || a instanceof Poly) || !(b instanceof Num || b instanceof Poly)) {
            throw invalid("div");
        }
        if (b.isZero()) {
            throw new EvaluationException("div : division by 0");
        }
        if (a instanceof Num x && b instanceof Num y) {
            return x.divide(y);
        }
        if (b instanceof Num y) {
            return scale((Poly) a, y.reciprocal());
        }
        Aligned al = align("div", a, b);
        QPoly q = al.polys().get(0).divideOrNull(al.polys().get(1), interrupt());
        if (q == null) {
            throw new EvaluationException("div : the divisor does not divide the dividend");
        }
        return al.value(q);
    }

    /**
     * The resultant of {@code p} and {@code q} with respect to the variable {@code v}: the determinant of their
     * Sylvester matrix (coefficients of p, highest degree first, in the first deg q rows), by {@link Bareiss}.
     */
    public Value resultant(String v, Value p, Value q) {
        List<Value> cp = coefficients(p, v);
        List<Value> cq = coefficients(q, v);
        int m = cp.size() - 1;
        int n = cq.size() - 1;
        int size = m + n;
        if ((double) size * size > MAX_TERMS) {
            throw new EvaluationException("res : degrees " + m + " and " + n + " are too large");
        }
        List<Value> cells = new ArrayList<>(java.util.Collections.nCopies(size * size, Value.ZERO));
        for (int row = 0; row < n; row++) {
            for (int k = 0; k <= m; k++) {
                cells.set(row * size + row + k, cp.get(k));
            }
        }
        for (int row = 0; row < m; row++) {
            for (int k = 0; k <= n; k++) {
                cells.set((n + row) * size + row + k, cq.get(k));
            }
        }
        return Bareiss.determinant(this, new Mat(size, size, cells));
    }

    /** The coefficients of {@code p} in the variable {@code v}, highest degree first. */
    private static List<Value> coefficients(Value p, String v) {
        Value x = Poly.variable(v);
        int degree = ((Num) Polynomials.deg(p, x)).intValue().orElseThrow();
        List<Value> out = new ArrayList<>(degree + 1);
        for (int d = degree; d >= 0; d--) {
            out.add(Polynomials.coef(p, Num.of(d), x));
        }
        return out;
    }

    /** The determinant of a square matrix of numbers and polynomials ({@link Bareiss}). */
    public Value det(Value m) {
        if (!(m instanceof Mat mat)) {
            throw invalid("det");
        }
        return Bareiss.determinant(this, mat);
    }

    private static boolean isArray(Value v) {
        return v instanceof Vect || v instanceof Mat;
    }

    /**
     * A sum or difference of vectors or matrices of one shape, element by element; a 0 operand leaves the other as
     * it is (negated for 0 − A), as Asir's addvect/addmat treat the null object.
     */
    private Value elementwise(String op, Value a, Value b, java.util.function.BinaryOperator<Value> f) {
        if (a.isZero()) {
            return op.equals("sub") ? neg(b) : b;
        }
        if (b.isZero()) {
            return a;
        }
        return LinearAlgebra.zip(op, a, b, f);
    }

    /** Two operands of which one is complex, both as complex numbers. */
    private record ComplexPair(Complex x, Complex y) {
    }

    /** Complex numbers meet rationals only: complex coefficients of polynomials are not supported. */
    private static ComplexPair complex(String op, Value a, Value b) {
        return new ComplexPair(asComplex(op, a), asComplex(op, b));
    }

    private static Complex asComplex(String op, Value v) {
        if (v instanceof Complex c) {
            return c;
        }
        if (v instanceof Num n) {
            return Complex.lift(n);
        }
        if (v instanceof Poly || v instanceof Rat) {
            throw new EvaluationException(op + " : complex coefficients in polynomials are not supported");
        }
        throw invalid(op);
    }

    /** {@code a ± b} when one of them is a rational function, as Asir's addr/subr (no cancellation). */
    private Value addRational(Value a, Value b, boolean subtract) {
        Value na = numerator(a, subtract ? "sub" : "add");
        Value da = denominator(a, subtract ? "sub" : "add");
        Value nb = numerator(b, subtract ? "sub" : "add");
        Value db = denominator(b, subtract ? "sub" : "add");
        if (!(a instanceof Rat)) {
            Value s = subtract ? sub(mul(a, db), nb) : add(mul(a, db), nb);
            return Rat.of(s, db);
        }
        if (!(b instanceof Rat)) {
            Value s = subtract ? sub(na, mul(da, b)) : add(na, mul(da, b));
            return Rat.of(s, da);
        }
        Value t = mul(na, db);
        Value u = mul(nb, da);
        Value s = subtract ? sub(t, u) : add(t, u);
        return s.isZero() ? Value.ZERO : Rat.of(s, mul(da, db));
    }

    /** The numerator of a number, polynomial or rational function (the value itself unless rational function). */
    private static Value numerator(Value v, String op) {
        if (v instanceof Rat r) {
            return r.numerator();
        }
        if (v instanceof Num || v instanceof Poly) {
            return v;
        }
        throw invalid(op);
    }

    private static Value denominator(Value v, String op) {
        if (v instanceof Rat r) {
            return r.denominator();
        }
        if (v instanceof Num || v instanceof Poly) {
            return Num.of(1);
        }
        throw invalid(op);
    }

    /**
     * Largest power of a number computed, in bits of the result (4 MiB): beyond it {@code pow} answers an error
     * instead of running one uninterruptible multiplication after another for minutes.
     */
    public static final long MAX_POWER_BITS = 1L << 25;

    /**
     * Most terms a product or power may have (16 Mi terms, gigabytes with big coefficients): a result that could be
     * larger is refused before it is computed, so a hostile program gets an error instead of exhausting the heap.
     */
    public static final double MAX_TERMS = 1 << 24;
    /** Longest string the language builds (64 Mi characters, the default message limit). */
    public static final long MAX_STRING_CHARS = 1L << 26;

    private static void checkTerms(String op, double bound) {
        if (bound > MAX_TERMS) {
            throw new EvaluationException(op + " : the result could have about " + String.format("%.3g", bound)
                    + " terms (limit: " + (long) MAX_TERMS + ")");
        }
    }

    /**
     * Monomials in the box that bounds the product of {@code f} and {@code g} raised to {@code times}·2 (for a
     * product: 1): per variable, the sum of the degrees (times the multiplier) plus one.
     */
    private static double box(QPoly f, QPoly g, double times) {
        double n = 1;
        for (int v = 0; v < f.layout().variables(); v++) {
            n *= (f.degree(v) + g.degree(v)) * times + 1;
        }
        return n;
    }

    /** Multisets of size {@code k} from {@code t} terms, C(t+k-1, k): the most terms of a t-term polynomial^k. */
    private static double multisets(int t, int k) {
        double c = 1;
        for (int i = 1; i <= Math.min(k, t - 1); i++) {
            c = c * (k + i) / i;
            if (c > MAX_TERMS * 2) {
                return c;
            }
        }
        return c;
    }

    /** Largest exponent of a complex number (computed by repeated products). */
    private static final int MAX_COMPLEX_POWER = 1 << 16;

    /** {@code a^e} for an integer {@code e} (negative only for non-zero numbers); checks the interrupt flag. */
    public Value pow(Value a, Value e) {
        if (!(e instanceof Num n) || !n.isInteger()) {
            throw invalid("pow");
        }
        if (!n.intValue().isPresent()) {
            throw new EvaluationException("pow : exponent too large");
        }
        int k = n.intValue().getAsInt();
        if (a instanceof Real x) {
            return Real.valueOf(Math.pow(x.value(), k));
        }
        if (a instanceof Num x) {
            if (k < 0 && x.isZero()) {
                throw new EvaluationException("pow : division by 0");
            }
            Num base = k < 0 ? x.reciprocal() : x;
            long bits = (long) Math.abs(k) * Math.max(base.numerator().bitLength(), base.denominator().bitLength());
            if (bits > MAX_POWER_BITS) {
                // one JDK multiplication of such numbers runs for minutes and cannot be interrupted
                throw new EvaluationException("pow : the result would have about " + bits + " bits (limit: "
                        + MAX_POWER_BITS + ")");
            }
            interruption.check();
            return base.pow(Math.abs(k));
        }
        if (a instanceof Complex c) {
            if (Math.abs((long) k) > MAX_COMPLEX_POWER) {
                throw new EvaluationException("pow : exponent too large for a complex number");
            }
            Value r = Num.of(1);
            for (long i = 0; i < Math.abs((long) k); i++) {
                interruption.check();
                r = mul(r, c);
            }
            return k < 0 ? div(Num.of(1), r) : r;
        }
        if (a instanceof Poly p && k >= 0) {
            QPoly q = p.kernel();
            checkTerms("pow", Math.min(multisets(q.size(), k), box(q, q, k / 2.0)));
            return Poly.of(p.variables(), q.pow(k, interrupt(), THREADS));
        }
        if (a instanceof Poly || a instanceof Rat) {
            // Asir's pwrr: numerator and denominator raised, swapped for a negative exponent
            if (k == 0) {
                return Num.of(1);
            }
            Num magnitude = Num.of(Math.abs((long) k));
            Value num = pow(numerator(a, "pow"), magnitude);
            Value den = pow(denominator(a, "pow"), magnitude);
            return k < 0 ? Rat.of(den, num) : Rat.of(num, den);
        }
        throw invalid("pow");
    }

    /** Asir's {@code ==}: structural equality of values (numbers and polynomials compare mathematically). */
    public boolean equal(Value a, Value b) {
        if ((a instanceof Real || b instanceof Real) && (a instanceof Num || a instanceof Real)
                && (b instanceof Num || b instanceof Real)) {
            return doubleOf(a) == doubleOf(b);
        }
        return a.equals(b);
    }

    /** Compares two numbers (rationals or doubles); null when either is not a number. */
    public static Integer compareNumbers(Value a, Value b) {
        if (a instanceof Num x && b instanceof Num y) {
            return x.compareTo(y);
        }
        if ((a instanceof Num || a instanceof Real) && (b instanceof Num || b instanceof Real)) {
            return Double.compare(doubleOf(a), doubleOf(b));
        }
        return null;
    }
}
