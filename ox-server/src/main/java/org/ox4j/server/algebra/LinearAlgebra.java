package org.ox4j.server.algebra;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;
import org.ox4j.server.eval.EvaluationException;

/**
 * Arithmetic of vectors and matrices as Asir's engine does it (vect.c, mat.c): sums and differences of one shape
 * element by element, a scalar (number, polynomial, rational function) times a vector or matrix, and the products
 * matrix·matrix, matrix·vector (a column) and vector·matrix (a row); a vector times a vector is not defined. Each
 * element operation goes through {@link Algebra}, so it checks the interrupt flag and the value limits.
 *
 * <p>Cost: a product of an r×k and a k×c matrix is r·k·c element products and additions.
 */
final class LinearAlgebra {
    private LinearAlgebra() {
    }

    /** {@code f} applied to every element of a vector or matrix. */
    static Value map(Value a, UnaryOperator<Value> f) {
        if (a instanceof Vect v) {
            List<Value> out = new ArrayList<>(v.size());
            for (Value e : v.elements()) {
                out.add(f.apply(e));
            }
            return new Vect(out);
        }
        Mat m = (Mat) a;
        List<Value> out = new ArrayList<>(m.cells().size());
        for (Value e : m.cells()) {
            out.add(f.apply(e));
        }
        return new Mat(m.rows(), m.cols(), out);
    }

    /** {@code f} of corresponding elements of two vectors, or of two matrices, of one shape. */
    static Value zip(String op, Value a, Value b, BinaryOperator<Value> f) {
        if (a instanceof Vect x && b instanceof Vect y) {
            if (x.size() != y.size()) {
                throw new EvaluationException(op + "vect : size mismatch");
            }
            List<Value> out = new ArrayList<>(x.size());
            for (int i = 0; i < x.size(); i++) {
                out.add(f.apply(x.get(i), y.get(i)));
            }
            return new Vect(out);
        }
        if (a instanceof Mat x && b instanceof Mat y) {
            if (x.rows() != y.rows() || x.cols() != y.cols()) {
                throw new EvaluationException(op + "mat : size mismatch");
            }
            List<Value> out = new ArrayList<>(x.cells().size());
            for (int i = 0; i < x.cells().size(); i++) {
                out.add(f.apply(x.cells().get(i), y.cells().get(i)));
            }
            return new Mat(x.rows(), x.cols(), out);
        }
        throw Algebra.invalid(op);
    }

    /** {@code a·b} when one of them is a vector or matrix. */
    static Value multiply(Algebra alg, Value a, Value b) {
        boolean arrayA = a instanceof Vect || a instanceof Mat;
        boolean arrayB = b instanceof Vect || b instanceof Mat;
        if (!arrayA || !arrayB) {
            Value scalar = arrayA ? b : a;
            Value array = arrayA ? a : b;
            if (!(scalar instanceof Num || scalar instanceof Poly || scalar instanceof Rat
                    || scalar instanceof Complex)) {
                throw Algebra.invalid("mul");
            }
            // scalar on the left, as Asir's mulrvect/mulrmat compute it
            return map(array, e -> alg.mul(scalar, e));
        }
        if (a instanceof Mat x && b instanceof Mat y) {
            if (x.cols() != y.rows()) {
                throw new EvaluationException("mulmat : size mismatch");
            }
            List<Value> out = new ArrayList<>(x.rows() * y.cols());
            for (int i = 0; i < x.rows(); i++) {
                alg.interruption().check();
                for (int j = 0; j < y.cols(); j++) {
                    int row = i;
                    int col = j;
                    out.add(dot(alg, x.cols(), k -> x.get(row, k), k -> y.get(k, col)));
                }
            }
            return new Mat(x.rows(), y.cols(), out);
        }
        if (a instanceof Mat x && b instanceof Vect v) {
            if (x.cols() != v.size()) {
                throw new EvaluationException("mulmatvect : size mismatch");
            }
            List<Value> out = new ArrayList<>(x.rows());
            for (int i = 0; i < x.rows(); i++) {
                int row = i;
                out.add(dot(alg, x.cols(), k -> x.get(row, k), v::get));
            }
            return new Vect(out);
        }
        if (a instanceof Vect v && b instanceof Mat y) {
            if (v.size() != y.rows()) {
                throw new EvaluationException("mulvectmat : size mismatch");
            }
            List<Value> out = new ArrayList<>(y.cols());
            for (int j = 0; j < y.cols(); j++) {
                int col = j;
                out.add(dot(alg, y.rows(), v::get, k -> y.get(k, col)));
            }
            return new Vect(out);
        }
        throw new EvaluationException("mul : a vector times a vector is not defined");
    }

    /** Σ_{k < n} left(k)·right(k), the left factor first in each product. */
    private static Value dot(Algebra alg, int n, IntFunction<Value> left, IntFunction<Value> right) {
        Value s = Value.ZERO;
        for (int k = 0; k < n; k++) {
            s = alg.add(s, alg.mul(left.apply(k), right.apply(k)));
        }
        return s;
    }
}
