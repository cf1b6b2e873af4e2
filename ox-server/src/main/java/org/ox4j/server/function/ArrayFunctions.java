package org.ox4j.server.function;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.Lst;
import org.ox4j.server.algebra.Mat;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Polynomials;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.algebra.Vect;
import org.ox4j.server.eval.EvaluationException;

/**
 * Asir's vectors and matrices (builtin/array.c): {@code newvect(N [, L])} (the first N elements of L, the rest 0),
 * {@code ltov}, {@code vtol}, {@code newmat(R, C [, [[…], …]])} (rows given as lists; a list larger than the
 * matrix leaves it zero, as Asir does), {@code size} ({@code [N]} or {@code [R, C]}), {@code det}. Sizes are bounded
 * by {@link #MAX_ELEMENTS}, so a hostile program gets an error, not an exhausted heap.
 */
final class ArrayFunctions {
    /** Most elements a vector or matrix may have (the bound of a product's terms). */
    static final long MAX_ELEMENTS = (long) Algebra.MAX_TERMS;

    private ArrayFunctions() {
    }

    static void register(FunctionRegistry registry) {
        BuiltinFunctions.reg(registry, "newvect", 1, 2, "newvect(N[,L]): a vector of length N (elements from L)",
                (a, alg, c) -> {
                    int n = size(a.get(0), "newvect", 1);
                    List<Value> out = new ArrayList<>(Collections.nCopies(n, Value.ZERO));
                    if (a.size() == 2) {
                        List<Value> from = list(a.get(1), "newvect").elements();
                        for (int i = 0; i < Math.min(n, from.size()); i++) {
                            out.set(i, from.get(i));
                        }
                    }
                    return new Vect(out);
                });
        BuiltinFunctions.reg(registry, "ltov", 1, 1, "ltov(L): the vector of the elements of L",
                (a, alg, c) -> a.get(0) instanceof Vect v ? v : new Vect(list(a.get(0), "ltov").elements()));
        BuiltinFunctions.reg(registry, "vtol", 1, 1, "vtol(V): the list of the elements of V",
                (a, alg, c) -> {
                    if (a.get(0) instanceof Lst l) {
                        return l;
                    }
                    if (!(a.get(0) instanceof Vect v)) {
                        throw Algebra.invalid("vtol");
                    }
                    return new Lst(v.elements());
                });
        BuiltinFunctions.reg(registry, "newmat", 2, 3, "newmat(R,C[,[[a,b,...],...]]): an R×C matrix",
                (a, alg, c) -> {
                    int rows = size(a.get(0), "newmat", 1);
                    int cols = size(a.get(1), "newmat", Math.max(1, rows));
                    Mat m = Mat.zeros(rows, cols);
                    if (a.size() < 3) {
                        return m;
                    }
                    List<Value> given = list(a.get(2), "newmat").elements();
                    int widest = 0;
                    for (Value row : given) {
                        widest = Math.max(widest, list(row, "newmat").size());
                    }
                    if (given.size() > rows || widest > cols) {
                        return m;
                    }
                    List<Value> cells = new ArrayList<>(m.cells());
                    for (int i = 0; i < given.size(); i++) {
                        List<Value> row = ((Lst) given.get(i)).elements();
                        for (int j = 0; j < row.size(); j++) {
                            cells.set(i * cols + j, row.get(j));
                        }
                    }
                    return new Mat(rows, cols, cells);
                });
        BuiltinFunctions.reg(registry, "size", 1, 1, "size(A): [N] of a vector, [R,C] of a matrix",
                (a, alg, c) -> {
                    if (a.get(0) instanceof Vect v) {
                        return Lst.of(Num.of(v.size()));
                    }
                    if (a.get(0) instanceof Mat m) {
                        return Lst.of(Num.of(m.rows()), Num.of(m.cols()));
                    }
                    if (a.get(0).isZero()) {
                        return Lst.EMPTY;
                    }
                    throw new EvaluationException("size : invalid argument");
                });
        BuiltinFunctions.reg(registry, "det", 1, 1, "det(M): the determinant of a square matrix",
                (a, alg, c) -> alg.det(a.get(0)));
    }

    /** A size argument: a non-negative integer whose product with {@code times} stays within the bound. */
    private static int size(Value v, String op, int times) {
        java.math.BigInteger b = Polynomials.integer(v, op);
        if (b.signum() < 0) {
            throw new EvaluationException(op + " : invalid size");
        }
        long n = b.bitLength() > 40 ? Long.MAX_VALUE / 2 : b.longValue();
        if ((double) n * times > MAX_ELEMENTS) {
            throw new EvaluationException(op + " : " + b + " × " + times + " elements exceed the limit of "
                    + MAX_ELEMENTS);
        }
        return (int) n;
    }

    private static Lst list(Value v, String op) {
        if (v instanceof Lst l) {
            return l;
        }
        throw Algebra.invalid(op);
    }
}
