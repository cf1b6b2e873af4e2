package org.ox4j.server.lang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoNull;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.CmoWriter;
import org.ox4j.server.algebra.ValueCodec;
import org.ox4j.server.algebra.ValuePrinter;
import org.ox4j.server.algebra.Vect;
import org.ox4j.server.algebra.VectorFile;
import org.ox4j.server.eval.EvaluationException;
import org.ox4j.server.function.EvalContext;
import org.ox4j.server.function.TestContext;
import org.ox4j.server.session.SessionEvalContext;

class AsirLanguageTest {
    private final SessionEvalContext ctx = TestContext.create();
    private final AsirLanguage lang = new AsirLanguage();

    private String show(String src) {
        return lang.execute(src, ctx).map(ValuePrinter::print).orElse("<void>");
    }

    @Test
    void vectorsAndMatricesFollowAsir() {
        assertThat(show("newvect(3);")).isEqualTo("[ 0 0 0 ]");
        assertThat(show("V = newvect(3, [1, x]); V[2] = 5; V[0] += 1; [V[0], V[1], V[2], size(V), length(V), type(V)];"))
                .isEqualTo("[2,x,5,[3],3,5]");
        assertThat(show("V = ltov([1, 2, 3]); vtol(2*V + V);")).isEqualTo("[3,6,9]");
        assertThat(show("ltov([1, 2]) / 2;")).isEqualTo("[ 1/2 1 ]");
        assertThat(show("newmat(2, 2, [[1, 2], [3, 4]]);")).isEqualTo("[ 1 2 ]\n[ 3 4 ]");
        assertThat(show("M = newmat(2, 2, [[1, 2], [3, 4]]); M * M;")).isEqualTo("[ 7 10 ]\n[ 15 22 ]");
        assertThat(show("M = newmat(2, 3, [[1, 2, 3], [4, 5, 6]]); [size(M), type(M), vtol(M * ltov([1, 0, -1])),"
                + " vtol(ltov([1, 1]) * M), vtol(M[1])];")).isEqualTo("[[2,3],6,[-2,-2],[5,7,9],[4,5,6]]");
        assertThat(show("M = newmat(2, 2); M[0][1] = x; M[1] = ltov([y, 1]); M;")).isEqualTo("[ 0 x ]\n[ y 1 ]");
        assertThat(show("M = newmat(2, 2, [[1, 2], [3, 4]]); M - M == newmat(2, 2);")).isEqualTo("1");
        assertThat(show("det(newmat(3, 3, [[2, 0, 1], [1, 3, 2], [1, 1, 2]]));")).isEqualTo("6");
        assertThat(show("det(newmat(2, 2, [[x, y], [y, x]]));")).isEqualTo("x^2-y^2");
        assertThat(show("det(newmat(3, 3, [[0, 1, 2], [1, 0, 3], [4, -3, 8]]));")).isEqualTo("-2");
        assertThat(show("det(newmat(2, 2, [[1, 2], [2, 4]]));")).isEqualTo("0");
        // resultants: the Sylvester determinant
        assertThat(show("res(x, x^2-2, x^2-3);")).isEqualTo("1");
        assertThat(show("res(x, x^2+y, x-z);")).isEqualTo("y+z^2");
        assertThat(show("res(y, x^2+y^2-1, x-y);")).isEqualTo("2*x^2-1");
        assertThat(show("res(x, 3, x^2+1);")).isEqualTo("9");
        assertThat(show("newmat(1, 1, [[1, 2]]);")).isEqualTo("[ 0 ]");
        assertThatThrownBy(() -> show("ltov([1]) * ltov([2]);")).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("a vector times a vector is not defined");
        assertThatThrownBy(() -> show("newmat(2, 3) * newmat(2, 3);")).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("mulmat : size mismatch");
        assertThatThrownBy(() -> show("det(newmat(2, 3));")).hasMessageContaining("det : non-square matrix");
        assertThatThrownBy(() -> show("newvect(10^12);")).hasMessageContaining("exceed the limit");
        assertThatThrownBy(() -> show("V = newvect(2); V[2];")).hasMessageContaining("index 2 out of range");
        // the language gives the value; the stack machine keeps it on the stack (StackMachineTest)
        assertThat(lang.execute("newvect(2);", ctx)).contains(Vect.zeros(2));
    }

    @Test
    void valuesThatCouldExhaustTheHeapAreRefusedBeforeTheyAreBuilt() {
        assertThatThrownBy(() -> show("S = \"ab\"; for (I = 0; I < 40; I++) S = S + S;"))
                .isInstanceOf(EvaluationException.class).hasMessageContaining("add : the string would have");
        assertThatThrownBy(() -> show("(x+y+z+u+v+w)^200;")).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("pow : the result could have about");
        assertThatThrownBy(() -> show("P = (x+1)^300*(y+1)^300; P*(z+1)^300;"))
                .isInstanceOf(EvaluationException.class).hasMessageContaining("mul : the result could have about");
        // near the limits, what fits is still computed
        assertThat(show("nmono((x+y+z)^40);")).isEqualTo("861");
        assertThat(show("nmono((x+1)^300*(y+1)^300);")).isEqualTo("90601");
        assertThat(show("F = (1+x+y+z+t)^8; nmono(F*(F+1));")).isEqualTo("4845");
        assertThat(show("S = \"ab\"; for (I = 0; I < 20; I++) S = S + S; str_len(S);")).isEqualTo("2097152");
    }

    @Test
    void complexNumbersWithRationalPartsFollowAsir() {
        assertThat(show("@i;")).isEqualTo("(1*@i)");
        assertThat(show("@i^2;")).isEqualTo("-1");
        assertThat(show("(1+2*@i)*(3-@i);")).isEqualTo("(5+5*@i)");
        assertThat(show("1-@i;")).isEqualTo("(1-1*@i)");
        assertThat(show("(1+@i)/(1-@i);")).isEqualTo("(1*@i)");
        assertThat(show("1/(2*@i);")).isEqualTo("(-1/2*@i)");
        assertThat(show("(1+@i)^4;")).isEqualTo("-4");
        assertThat(show("(1+@i)^(-1);")).isEqualTo("(1/2-1/2*@i)");
        assertThat(show("Z = 3/2-5*@i; [real(Z), imag(Z), conj(Z), type(Z), real(7), imag(7)];"))
                .isEqualTo("[3/2,-5,(3/2+5*@i),1,7,0]");
        assertThat(show("(2+@i) == 2+@i;")).isEqualTo("1");
        assertThatThrownBy(() -> show("x+@i;")).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("complex coefficients in polynomials are not supported");
        assertThatThrownBy(() -> show("@pi;")).hasMessageContaining("unknown constant @pi");
    }

    @Test
    void rationalFunctionsAreBuiltAsAsirBuildsThem() {
        // no cancellation in the arithmetic (Asir's addr/mulr/divr), only in red()
        assertThat(show("1/(x+1)+1/(x-1);")).isEqualTo("(2*x)/(x^2-1)");
        assertThat(show("(x^2-1)/(x-1);")).isEqualTo("(x^2-1)/(x-1)");
        assertThat(show("red((x^2-1)/(x-1));")).isEqualTo("x+1");
        assertThat(show("red((2*x+2)/(4*x^2-4));")).isEqualTo("(1/2)/(x-1)");
        assertThat(show("red((-x)/(-x-1));")).isEqualTo("(x)/(x+1)");
        assertThat(show("(1/x)*x;")).isEqualTo("(x)/(x)");
        assertThat(show("1/x - 1/x;")).isEqualTo("0");
        assertThat(show("((x+1)/y)^2;")).isEqualTo("(x^2+2*x+1)/(y^2)");
        assertThat(show("x^(-2);")).isEqualTo("(1)/(x^2)");
        assertThat(show("(x/2)/3;")).isEqualTo("1/6*x");
        assertThat(show("(1/x)/2;")).isEqualTo("(1)/(2*x)");
        assertThat(show("R = (x+1)/(x-1); [nm(R), dn(R), type(R), type(x), nm(2/3), dn(x)];"))
                .isEqualTo("[x+1,x-1,3,2,2,1]");
        assertThat(show("(x+1)/(x-1) == (x+1)/(x-1);")).isEqualTo("1");
        assertThat(show("(2*x)/(2*y) == x/y;")).isEqualTo("0");
        assertThatThrownBy(() -> show("1/(x-x);")).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("division by 0");
    }

    @Test
    void mapQsortEvalStrAndStrtovFollowAsir() {
        assertThat(show("map(deg, [x^2+1, x^5*y, 3], x);")).isEqualTo("[2,5,0]");
        assertThat(show("def sq(A) { return A*A; } map(sq, [1, -2, x+1]);")).isEqualTo("[1,4,x^2+2*x+1]");
        assertThat(show("map(igcd, [12, 18, 7], 6);")).isEqualTo("[6,6,1]");
        assertThat(show("map(\"sq\", []);")).isEqualTo("[]");
        assertThat(show("def has(X, L) { for (I = 0; I < length(L); I++) if (L[I] == X) return 1; return 0; }"
                + " L = map(car, ox_functions()); [has(\"map\", L), has(\"qsort\", L), has(\"eval_str\", L)];"))
                .isEqualTo("[1,1,1]");
        assertThatThrownBy(() -> show("map(nosuch, [1]);")).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("nosuch is not defined");
        assertThatThrownBy(() -> show("map(deg, x, x);")).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("map : the second argument must be a list");
        assertThat(show("qsort([3, -1/2, 10, 0]);")).isEqualTo("[-1/2,0,3,10]");
        assertThat(show("def desc(A, B) { return B - A; } qsort([3, -1/2, 10, 0], desc);")).isEqualTo("[10,3,0,-1/2]");
        assertThat(show("def bydeg(A, B) { return deg(A, x) - deg(B, x); } qsort([x^3, 1, x], bydeg);"))
                .isEqualTo("[1,x,x^3]");
        // numbers before indeterminates, indeterminates lowest first (Asir: qsort([x,y,z]) is [z,y,x])
        assertThat(show("qsort([x, 1, z, y]);")).isEqualTo("[1,z,y,x]");
        assertThatThrownBy(() -> show("qsort([x^2, 1]);")).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("qsort : only numbers and indeterminates are ordered");
        assertThat(show("[floor(7/2), floor(-7/2), ceil(7/2), ceil(-7/2), floor(4), floor(2.5), ceil(-2.5)];"))
                .isEqualTo("[3,-4,4,-3,4,2,-2]");
        assertThat(show("def f(X) { print(X); return X + 1; } f(1);")).isEqualTo("2");
        assertThat(show("eval_str(\"1+2*3\");")).isEqualTo("7");
        assertThat(show("Q = 5; eval_str(\"Q^2;\") + 1;")).isEqualTo("26");
        assertThat(show("eval_str(rtostr(x+1)) - x;")).isEqualTo("1");
        assertThat(show("strtov(\"t_1\")^2 + 1;")).isEqualTo("t_1^2+1");
        assertThat(show("deg(strtov(\"y\")*y, y);")).isEqualTo("2");
        assertThatThrownBy(() -> show("strtov(\"Y\");")).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("strtov : invalid argument");
        assertThatThrownBy(() -> show("def r(N) { return eval_str(\"r(1);\"); } r(1);"))
                .isInstanceOf(EvaluationException.class).hasMessageContaining("too deep");
    }

    @Test
    void theHeadOfADistributedPolynomialFollowsAsir() {
        // grevlex on [x,y,z]: x*y^2*z (degree 4) leads, then 3*x^3 beats -y^3 (x before y), then 2/3*z
        String d = "D = dp_ptod(-y^3 + 2/3*z + 5*x*y^2*z + 3*x^3, [x,y,z]);";
        assertThat(show(d + "dp_dtop(dp_ht(D), [x,y,z]);")).isEqualTo("z*y^2*x");
        assertThat(show(d + "dp_hc(D);")).isEqualTo("5");
        assertThat(show(d + "dp_dtop(dp_hm(D), [x,y,z]);")).isEqualTo("5*z*y^2*x");
        assertThat(show(d + "dp_td(D);")).isEqualTo("4");
        assertThat(show(d + "dp_dtop(dp_rest(D), [x,y,z]);")).isEqualTo("3*x^3-y^3+2/3*z");
        assertThat(show(d + "R = dp_rest(dp_rest(dp_rest(D))); [dp_hc(R), dp_td(R), dp_rest(R)];"))
                .isEqualTo("[2/3,1,0]");
        assertThat(show("[dp_ht(0), dp_hc(0), dp_hm(0), dp_td(0), dp_rest(0)];")).isEqualTo("[0,0,0,0,0]");
        assertThatThrownBy(() -> show("dp_ht(x+1);")).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("dp_ht");
    }

    /** Replays vector b: each string is executed, then popped as CMO (bytes compared) or as a string. */
    @Test
    void vectorBRepliesMatchOxAsir() {
        List<VectorFile.Message> in = VectorFile.read("b_execute_string", "server0-data.master_to_server0.bin");
        List<VectorFile.Message> replies = VectorFile.data("b_execute_string", "server0-data.server0_to_master.bin");
        Deque<Cmo> stack = new ArrayDeque<>();
        int reply = 1;
        for (int k = 0; k < in.size(); k++) {
            VectorFile.Message m = in.get(k);
            if (m.isData()) {
                stack.push(m.cmo());
            } else if (m.command() == 268) {
                String src = ((CmoString) stack.pop()).value();
                lang.execute(src, ctx).map(ValueCodec::toCmo).ifPresent(stack::push);
            } else if (m.command() == 262 && k > 1) {
                Cmo top = stack.isEmpty() ? CmoNull.INSTANCE : stack.pop();
                assertThat(CmoWriter.toBytes(top, ByteOrder.LITTLE_ENDIAN)).as("reply %d", reply)
                        .isEqualTo(replies.get(reply++).cmoBytes());
            } else if (m.command() == 263) {
                Cmo top = stack.pop();
                assertThat(CmoString.of(ValuePrinter.popString(top))).isEqualTo(replies.get(reply++).cmo());
            }
        }
        assertThat(reply).isEqualTo(replies.size());
    }

    @Test
    void loopsBreakContinueAndCompoundAssignments() {
        assertThat(show("def f(N) { S = 0; for (I = 1; I <= N; I++) S += I; return S; } f(100);")).isEqualTo("5050");
        assertThat(show("def g(N) { K = 0; while (1) { K++; if (K > N) break; } return K; } g(7);")).isEqualTo("8");
        assertThat(show("def h(N) { S = 0; for (I = 0; I < N; I++) { if (I % 2) continue; S += I; } return S; } h(10);"))
                .isEqualTo("20");
        assertThat(show("def d(N) { I = 0; do { I += 3; } while (I < N); return I; } d(10);")).isEqualTo("12");
        assertThat(show("X = 5; Y = X++; [X, Y];")).isEqualTo("[6,5]");
        assertThat(show("X = 5; Y = --X; [X, Y];")).isEqualTo("[4,4]");
        assertThat(show("X = 2; X *= x+1; X ^= 2; X;")).isEqualTo("4*x^2+8*x+4");
        assertThat(show("for (I = 0, J = 10; I < J; I++, J--) ; [I, J];")).isEqualTo("[5,5]");
    }

    @Test
    void indexingConditionalAndExtern() {
        assertThat(show("L = [1, [2, 3], x]; [L[0], L[1][1], L[2]];")).isEqualTo("[1,3,x]");
        assertThat(show("L = [1, [2, 3]]; L[1][0] = 7; L[0] += 1; L;")).isEqualTo("[2,[7,3]]");
        assertThat(show("A = 3; A > 2 ? 10 : 20;")).isEqualTo("10");
        assertThat(show("def sgn(X) { return X > 0 ? 1 : X < 0 ? -1 : 0; } [sgn(5), sgn(-2), sgn(0)];"))
                .isEqualTo("[1,-1,0]");
        assertThat(show("Count = 0; def bump() { extern Count; Count++; return Count; } bump(); bump();"))
                .isEqualTo("2");
        assertThat(show("Count;")).isEqualTo("2");
        assertThat(show("def shadow() { Count = 100; return Count; } shadow();")).isEqualTo("100");
        assertThat(show("def twice(X) { local Y; Y = 2 * X; return Y; } twice(4);")).isEqualTo("8");
        assertThat(show("Count;")).isEqualTo("2");
        assertThatThrownBy(() -> show("L = [1]; L[3];")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> show("break;")).hasMessageContaining("break outside a loop");
        assertThatThrownBy(() -> show("x++;")).hasMessageContaining("needs a variable");
        // found by the reset campaign: a power too large for the value limit is refused at once, not computed for
        // minutes in one uninterruptible multiplication after another
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> show("X = 3^(10^9);")).hasMessageContaining("pow : the result would have about");
        assertThat(System.nanoTime() - t0).isLessThan(5_000_000_000L);
        assertThat(show("str_len(rtostr(3^100000));")).isEqualTo("47713");
        // as in Asir, length takes lists and vectors; str_len measures strings
        assertThatThrownBy(() -> show("length(\"abc\");")).hasMessageContaining("length : invalid argument");
    }

    @Test
    void queriesIntegersAndStringsFollowAsir() {
        assertThat(show("[type(0), type(3/4), type(x+1), type([1]), type(\"s\")];")).isEqualTo("[0,1,2,4,7]");
        assertThat(show("[nm(-6/4), dn(-6/4), nm(x/2), dn(x/2)];")).isEqualTo("[-3,2,1/2*x,1]");
        assertThat(show("[nmono((x+y)^3), nmono(5), nmono(0)];")).isEqualTo("[4,1,0]");
        assertThat(show("[vars(y*z+x), var(z*y^2+1), var(3)];")).isEqualTo("[[x,y,z],y,0]");
        assertThat(show("[mindeg(x^5*y+x^2, x), mindeg(7, x)];")).isEqualTo("[2,0]");
        assertThat(show("[ptozp(-2/3*x-4/3), ptozp(6*x^2+4)];")).isEqualTo("[-x-2,3*x^2+2]");
        assertThat(show("[tdiv(x^2-1, x-1), tdiv(x^2+1, x-1)];")).isEqualTo("[x+1,0]");
        assertThat(show("[isqrt(99), isqrt(100), inv(3, 7), fac(10)];")).isEqualTo("[9,10,5,3628800]");
        assertThatThrownBy(() -> show("isqrt(-1);")).hasMessageContaining("negative argument");
        assertThat(show("[str_len(\"asir\"), sub_str(\"openxm\", 1, 3), sub_str(\"ab\", 5, 6)];"))
                .isEqualTo("[4,pen,0]");
        assertThat(show("asciitostr(strtoascii(\"OX\"));")).isEqualTo("OX");
        assertThat(show("strtoascii(\"AB\");")).isEqualTo("[65,66]");
        assertThat(show("length(nd_f4([x^2+y^2-1, x-y], [x,y], 32003, 0));")).isEqualTo("2");
        assertThat(show("nd_nf(x^3, [x^2-1], [x], 0);")).isEqualTo("x");
    }

    @Test
    void doublesPrintAsAsirPrintsThem() {
        assertThat(show("1.5*2;")).isEqualTo("3");
        assertThat(show("1/3.0;")).isEqualTo("0.333333");
        assertThat(show("[0.1, 2.5e10, 1.0e-7, -1234567.0, 100000.0];"))
                .isEqualTo("[0.1,2.5e+10,1e-07,-1.23457e+06,100000]");
        assertThat(show("[1.0 == 1, 0.5 < 1/3, 2.0^3];")).isEqualTo("[1,0,8]");
        assertThat(show("type(1.5);")).isEqualTo("1");
        assertThatThrownBy(() -> show("1.5*x;")).hasMessageContaining("floating-point coefficients");
    }

    @Test
    void theCertifiedGrevlexBasisIsGivenInTheOrderAskedFor() {
        String lift = String.join("\n",
                "A = 0; P = 0; R = [0, 0];",
                "for (Round = 0; R[0] == 0 && Round < 50; Round++) {",
                "  A = crt(A, ox4j_gr_images(F, V, 0, 0, 1, Round, 2)); R = ox4j_gr_lift(A, P, F, V, O); P = R[1];",
                "}");
        // the twisted cubic, a curve: lex by Buchberger from the grevlex basis (no FGLM for a positive dimension)
        assertThat(show("V = [x,y,z]; F = [x^2-y, x*y-z]; O = 2; " + lift + " [R[0], R[1]];"))
                .isEqualTo("[1,[y^3-z^2,z*x-y^2,y*x-z,x^2-y]]");
        // katsura-3: lex by FGLM, glex by Buchberger, each as nd_gr gives it (glex over Q: rings' Buchberger from F)
        String katsura3 = "V = [u0,u1,u2,u3]; F = [u0+2*u1+2*u2+2*u3-1, u0^2+2*u1^2+2*u2^2+2*u3^2-u0,"
                + " 2*u0*u1+2*u1*u2+2*u2*u3-u1, u1^2+2*u0*u2+2*u1*u3-u2]; ";
        for (int order = 1; order <= 2; order++) {
            assertThat(show(katsura3 + "O = " + order + "; " + lift
                    + " [R[0], R[1] == nd_gr(F, V, 0, O), is_gb(R[1], V, O), R[1] == nd_gr(F, V, 0, 0)];"))
                    .as("order %d", order).isEqualTo("[1,1,1,0]");
        }
        assertThatThrownBy(() -> show(katsura3 + "ox4j_gr_finish(nd_gr(F, V, 0, 0), F, V, 3);"))
                .hasMessageContaining("ox4j_gr_finish");
    }

    @Test
    void aGroupsPiecesOfAModularBasisCombineToTheBasis() {
        String program = String.join("\n",
                "V = [u0,u1,u2,u3];",
                "F = [u0+2*u1+2*u2+2*u3-1, u0^2+2*u1^2+2*u2^2+2*u3^2-u0, 2*u0*u1+2*u1*u2+2*u2*u3-u1,"
                        + " u1^2+2*u0*u2+2*u1*u3-u2];",
                "A = 0; P = 0; R = [0, 0];",
                "for (Round = 0; R[0] == 0 && Round < 50; Round++) {",
                "  B = crt(ox4j_gr_images(F, V, 0, 1, 3, Round, 1), ox4j_gr_images(F, V, 0, 2, 3, Round, 1));",
                "  A = crt(crt(A, ox4j_gr_images(F, V, 0, 0, 3, Round, 1)), B);",
                "  R = ox4j_gr_lift(A, P, F, V, 0); P = R[1];",
                "}",
                "[R[0], R[1] == nd_gr(F, V, 0, 0), is_gb(R[1], V, 0)];");
        assertThat(show(program)).isEqualTo("[1,1,1]");
        // the eighth argument turns F4 trace replays off: the same images, computed in full (replayed from the third
        // prime on, when it is on)
        assertThat(show("V = [u0,u1,u2,u3]; F = [u0+2*u1+2*u2+2*u3-1, u0^2+2*u1^2+2*u2^2+2*u3^2-u0,"
                + " 2*u0*u1+2*u1*u2+2*u2*u3-u1, u1^2+2*u0*u2+2*u1*u3-u2];"
                + " L = ox4j_gr_image_groups(ox4j_gr_images(F, V, 0, 0, 1, 0, 4, 1));"
                + " M = ox4j_gr_image_groups(ox4j_gr_images(F, V, 0, 0, 1, 0, 4, 0));"
                + " [length(L), length(M), L[0][1], L[0][0] == M[0][0], L[0][2] == M[0][2]];"))
                .isEqualTo("[1,1,4,1,1]");
        // images travel as bytes; their readable form is a list of groups [Modulus, Count, [residues]], which crt
        // takes too
        assertThat(show("I = ox4j_gr_images([x^2-2], [x], 0, 0, 1, 0, 2); L = ox4j_gr_image_groups(I);"
                + " [length(L), L[0][1], L[0][0] == 2147483647 * 2147483629,"
                + " dp_dtop(L[0][2][0], [x,t]) == x^2 + (L[0][0] - 2)*t^2];"))
                .isEqualTo("[1,2,1,1]");
        assertThat(show("J = ox4j_gr_image_groups(crt(ox4j_gr_images([x^2-2], [x], 0, 0, 2, 0, 1),"
                + " ox4j_gr_image_groups(ox4j_gr_images([x^2-2], [x], 0, 1, 2, 0, 1)))); [length(J), J[0][1]];"))
                .isEqualTo("[1,2]");
        assertThatThrownBy(() -> show("crt(ox4j_gr_images([x^2-2], [x], 0, 0, 1, 0, 1), 0) + 1;"))
                .isInstanceOf(RuntimeException.class);
        assertThatThrownBy(() -> show("crt([[7, 1, [1]]], 0);")).hasMessageContaining("distributed polynomials");
        assertThatThrownBy(() -> show("I = ox4j_gr_images([x^2-2], [x], 0, 0, 1, 0, 1); crt(I, I);"))
                .hasMessageContaining("crt : images modulo the same prime");
        // residues of one group in different layouts (small and huge exponents) are refused by crt itself, not
        // later when the set would be encoded on its way out
        assertThatThrownBy(() -> show("crt([[7, 1, [dp_ptod(x^2+1, [x,t]), dp_ptod(x^100000+1, [x,t])]]], 0);"))
                .hasMessageContaining("crt : the residues of a group have different layouts");
        // the probe: each group's last element alone, still combined by crt
        assertThat(show("I = ox4j_gr_images([x^2-2, y^2-3], [x,y], 0, 0, 2, 0, 1); J = ox4j_gr_images([x^2-2, y^2-3],"
                + " [x,y], 0, 1, 2, 0, 1); G = ox4j_gr_image_groups(I); P = ox4j_gr_image_groups(crt("
                + "ox4j_gr_image_last(I), ox4j_gr_image_last(J))); [length(G[0][2]), length(P), P[0][1],"
                + " length(P[0][2]), dp_ht(P[0][2][0]) == dp_ht(G[0][2][1])];"))
                .isEqualTo("[2,1,2,1,1]");
        // a rank's share of the certificate: a wrong candidate fails, the right one holds
        assertThat(show("[ox4j_gr_check([dp_ptod(x^2-3*t^2, [x,t])], [x^2-2], [x], 0, 0, 1),"
                + " ox4j_gr_check([dp_ptod(x^2-2*t^2, [x,t])], [x^2-2], [x], 0, 0, 1),"
                + " ox4j_gr_finish([dp_ptod(x^2-2*t^2, [x,t])], [x^2-2], [x], 0)];")).isEqualTo("[0,1,[x^2-2]]");
        // a share may be several remainders: [0, 2] of 3 covers the input (position 0) as 0 of 1 does
        assertThat(show("[ox4j_gr_check([dp_ptod(x^2-3*t^2, [x,t])], [x^2-2], [x], 0, [0, 2], 3),"
                + " ox4j_gr_check([dp_ptod(x^2-3*t^2, [x,t])], [x^2-2], [x], 0, [1], 3),"
                + " ox4j_gr_check([dp_ptod(x^2-2*t^2, [x,t])], [x^2-2], [x], 0, [2, 0], 3)];")).isEqualTo("[0,1,1]");
        assertThatThrownBy(() -> show("ox4j_gr_check([dp_ptod(x^2-2*t^2, [x,t])], [x^2-2], [x], 0, [0, 3], 3);"))
                .isInstanceOf(RuntimeException.class);
        // the packed form (what a group's root broadcasts) is checked the same way; damaged bytes are an error
        assertThat(show("[ox4j_gr_check(ox4j_gr_packed([dp_ptod(x^2-3*t^2, [x,t])]), [x^2-2], [x], 0, 0, 1),"
                + " ox4j_gr_check(ox4j_gr_packed([dp_ptod(2*x^2-4*t^2, [x,t])]), [x^2-2], [x], 0, 0, 1)];"))
                .isEqualTo("[0,1]");
        // packing the packed form prepares it (what each rank does once before its batches of slots): same verdicts
        assertThat(show("P = ox4j_gr_packed(ox4j_gr_packed([dp_ptod(x^2-2*t^2, [x,t])])); Q = ox4j_gr_packed("
                + "ox4j_gr_packed([dp_ptod(x^2-3*t^2, [x,t])])); [ox4j_gr_check(P, [x^2-2], [x], 0, [0, 1], 2),"
                + " ox4j_gr_check(P, [x^2-2], [x], 0, [1], 2), ox4j_gr_check(Q, [x^2-2], [x], 0, [0], 2)];"))
                .isEqualTo("[1,1,0]");
        assertThatThrownBy(() -> show("ox4j_gr_check(ox4j_gr_images([x^2-2], [x], 0, 0, 1, 0, 1), [x^2-2], [x], 0,"
                + " 0, 1);")).hasMessageContaining("malformed polynomial list");
        assertThatThrownBy(() -> show("ox4j_gr_images([x^2-2], [x], 0, 0, 1, 900000, 1000);"))
                .hasMessageContaining("more than 20000 primes");
    }

    @Test
    void substitutionMayUseTheReplacedVariable() {
        // (x+1)^2*y + z, then z -> z^2-x: y*x^2+(2*y-1)*x+y+z^2, printed recursively; rings' substitute got such cases wrong
        assertThat(show("subst(x^2*y+z, x, x+1, z, z^2-x);")).isEqualTo("y*x^2+(2*y-1)*x+y+z^2");
        assertThat(show("subst(x^3, x, x^2);")).isEqualTo("x^6");
        assertThat(show("diff(x^3*y^2+y, y);")).isEqualTo("2*y*x^3+1");
        assertThat(show("coef(x^3*y^2+x*y+1, 1, x);")).isEqualTo("y");
        assertThat(show("deg((x+y)^5, y);")).isEqualTo("5");
    }

    @Test
    void precedenceFollowsAsir() {
        assertThat(show("-x^2;")).isEqualTo("-x^2");
        assertThat(show("(-x)^2;")).isEqualTo("x^2");
        assertThat(show("2^3^2;")).isEqualTo("512");
        assertThat(show("2^-1;")).isEqualTo("1/2");
        assertThat(show("1+2*3-4/8;")).isEqualTo("13/2");
        assertThat(show("-2^2;")).isEqualTo("-4");
        assertThat(show("(x+1)*(x-1) == x^2-1;")).isEqualTo("1");
        assertThat(show("x == y;")).isEqualTo("0");
        assertThat(show("3/2*x^2*y-5/7*x*y^3+1/3;")).isEqualTo("3/2*y*x^2-5/7*y^3*x+1/3");
    }

    @Test
    void valuesListsStringsAndVariables() {
        assertThat(show("[2^70, \"s\"];")).isEqualTo("[1180591620717411303424,s]");
        assertThat(show("A = x+1; B = A^2; B;")).isEqualTo("x^2+2*x+1");
        assertThat(ctx.variables()).containsKey("A");
        assertThat(show("Unset;")).isEqualTo("0");
        assertThat(show("\"a\" + \"b\";")).isEqualTo("ab");
        assertThat(show("[];")).isEqualTo("[]");
        assertThat(show("/* comment */ 1$ 2;")).isEqualTo("2");
        assertThat(lang.execute("", ctx)).isEqualTo(Optional.empty());
        assertThat(lang.execute("7;", ctx).map(ValueCodec::toCmo)).contains(CmoZZ.of(7));
    }

    @Test
    void callsIntoTheLibraryAndUserFunctions() {
        assertThat(show("fctr(x^4-1);")).isEqualTo("[[1,1],[x-1,1],[x+1,1],[x^2+1,1]]");
        assertThat(show("igcd(12, 18);")).isEqualTo("6");
        assertThat(show("def f(X, Y) { if (X == 0) return Y; return f(X - 1, Y * 2); }")).isEqualTo("0");
        assertThat(show("f(10, 1);")).isEqualTo("1024");
        assertThat(show("def g(N) { S = 0; I = 1; while (I <= N) { S = S + I; I = I + 1; } return S; }"))
                .isEqualTo("0");
        assertThat(show("g(100);")).isEqualTo("5050");
        assertThat(show("nd_gr([x^2+y^2-1, x-y], [x, y], 0, 2);")).isEqualTo("[2*y^2-1,x-y]");
    }

    @Test
    void aProgramThatRunsTooManyStepsIsStoppedAndTheSessionGoesOn() {
        // a context with a small step budget: loop iterations and user-function calls count
        EvalContext small = new EvalContext() {
            @Override
            public org.ox4j.server.eval.Interruption interruption() {
                return ctx.interruption();
            }

            @Override
            public java.util.Map<String, org.ox4j.server.algebra.Value> variables() {
                return ctx.variables();
            }

            @Override
            public org.ox4j.server.function.FunctionRegistry functions() {
                return ctx.functions();
            }

            @Override
            public <T> java.util.Optional<T> service(Class<T> type) {
                return ctx.service(type);
            }

            @Override
            public long maxSteps() {
                return 1000;
            }
        };
        assertThatThrownBy(() -> lang.execute("while (1) { }", small)).isInstanceOf(EvaluationException.class)
                .hasMessageContaining("more than 1000 loop iterations and function calls");
        assertThatThrownBy(() -> lang.execute("for (I = 0; ; I++) { }", small)).hasMessageContaining("more than 1000");
        assertThatThrownBy(() -> lang.execute("do { } while (1);", small)).hasMessageContaining("more than 1000");
        assertThatThrownBy(() -> lang.execute("def fib(N) { return N < 2 ? N : fib(N - 1) + fib(N - 2); } fib(30);",
                small)).hasMessageContaining("more than 1000");
        // the budget is per program: within it everything runs, and the next program starts afresh
        assertThat(lang.execute("S = 0; for (I = 0; I < 900; I++) S += I; S;", small).map(ValuePrinter::print))
                .contains("404550");
        assertThat(lang.execute("fib(10);", small).map(ValuePrinter::print)).contains("55");
        assertThat(show("S = 0; for (I = 0; I < 5000; I++) S += I; S;")).isEqualTo("12497500");
    }

    @Test
    void randomNumbersAreInRangeAndASeedRestartsTheSequence() {
        assertThat(show("R = random(7); [R == random(7), random() >= 0, random() < 2^32, R >= 0];"))
                .isEqualTo("[1,1,1,1]");
        // after random(3) the sequence is the same again: its first and second numbers (which differ)
        assertThat(show("A = random(3); B = random(); [A == random(3), B == random(), A == B];"))
                .isEqualTo("[1,1,0]");
    }

    @Test
    void basesComeInAsirsElementOrderPerEntryPoint() {
        // nd_gr, nd_f4 and nd_gr_trace sort their final basis by decreasing leading term in the graded orders and
        // by increasing leading term in lex; dp_gr_main and gr list increasing leading terms in every order
        String f = "[x^2+y^2-1, x-y]";
        assertThat(show("nd_gr(" + f + ", [x, y], 0, 0);")).isEqualTo("[2*y^2-1,x-y]");
        assertThat(show("nd_gr(" + f + ", [x, y], 0, 1);")).isEqualTo("[2*y^2-1,x-y]");
        assertThat(show("nd_gr_trace(" + f + ", [x, y], 1, 1, 0);")).isEqualTo("[2*y^2-1,x-y]");
        assertThat(show("nd_f4(" + f + ", [x, y], 32003, 0);")).isEqualTo("[y^2+16001,x+32002*y]");
        assertThat(show("dp_gr_main(" + f + ", [x, y], 0, 0, 0);")).isEqualTo("[x-y,2*y^2-1]");
        assertThat(show("gr(" + f + ", [x, y], 0);")).isEqualTo("[x-y,2*y^2-1]");
        assertThat(show("nd_gr([x^2+y^2-1, x*y-1], [x, y], 0, 2);")).isEqualTo("[y^4-y^2+1,x+y^3-y]");
        // answers of Asir 2018 (built from OpenXM_contrib2) to the same calls
        assertThat(show("nd_f4_trace(" + f + ", [x, y], 1, 1, 0);")).isEqualTo("[2*y^2-1,x-y]");
        assertThat(show("dp_gr_mod_main(" + f + ", [x, y], 0, 32003, 0);")).isEqualTo("[x+32002*y,y^2+16001]");
        assertThat(show("dp_gr_mod_main(" + f + ", [x, y], 0, 32003, 2);")).isEqualTo("[y^2+16001,x+32002*y]");
        assertThat(show("dp_gr_mod_main([x^2+y^2-1, x*y-1], [x, y], 0, 32003, 2);"))
                .isEqualTo("[y^4+32002*y^2+1,x+y^3+32002*y]");
        assertThatThrownBy(() -> show("dp_gr_mod_main(" + f + ", [x, y], 0, 0, 0);"))
                .hasMessageContaining("must be a prime");
    }

    @Test
    void syntaxErrorsShowLineColumnAndCaret() {
        assertThatThrownBy(() -> lang.execute("1 + ;", ctx)).isInstanceOf(EvaluationException.class)
                .hasMessage("syntax error at line 1, column 5: unexpected ';'\n1 + ;\n    ^");
        assertThatThrownBy(() -> lang.execute("A = 1;\nB = (2 * 3;", ctx))
                .hasMessage("syntax error at line 2, column 11: ')' expected before ';'\nB = (2 * 3;\n          ^");
        assertThatThrownBy(() -> lang.execute("1+2", ctx)).hasMessageContaining("line 1, column 4")
                .hasMessageContaining("end-of-line detected during parsing");
        assertThatThrownBy(() -> lang.execute("\"abc", ctx)).hasMessageContaining("unterminated string");
        assertThatThrownBy(() -> lang.execute("x # 1;", ctx)).hasMessageContaining("column 3");
    }

    @Test
    void runtimeErrorsAreEvaluationExceptions() {
        assertThatThrownBy(() -> lang.execute("idiv(1, 0);", ctx)).hasMessage("idiv: division by 0");
        assertThatThrownBy(() -> lang.execute("nosuch(1);", ctx)).hasMessageContaining("nosuch is not defined");
        assertThatThrownBy(() -> lang.execute("igcd(1);", ctx)).hasMessageContaining("argument mismatch in igcd()");
        assertThatThrownBy(() -> lang.execute("error(\"boom\");", ctx)).hasMessage("boom");
        assertThatThrownBy(() -> lang.execute("1/0;", ctx)).hasMessageContaining("division by 0");
    }
}
