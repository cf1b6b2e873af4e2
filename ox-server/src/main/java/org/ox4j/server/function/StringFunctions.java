package org.ox4j.server.function;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.ox4j.server.algebra.Algebra;
import org.ox4j.server.algebra.Lst;
import org.ox4j.server.algebra.Num;
import org.ox4j.server.algebra.Poly;
import org.ox4j.server.algebra.Polynomials;
import org.ox4j.server.algebra.Str;
import org.ox4j.server.algebra.Value;
import org.ox4j.server.eval.EvaluationException;

/**
 * Asir's string functions on the bytes of the string (UTF-8), as Asir counts them: {@code str_len},
 * {@code sub_str(S, Start, End)} (inclusive; 0 when Start is past the end or End before Start),
 * {@code strtoascii} and {@code asciitostr} (codes 1–255), {@code strtov} (the indeterminate of a name that Asir
 * reads as one: a lower-case letter, then letters, digits and underscores).
 */
final class StringFunctions {
    private StringFunctions() {
    }

    static void register(FunctionRegistry registry) {
        BuiltinFunctions.reg(registry, "str_len", 1, 1, "str_len(S): length of S in bytes",
                (a, alg, c) -> Num.of(bytes(a.get(0), "str_len").length));
        BuiltinFunctions.reg(registry, "str_chr", 3, 3,
                "str_chr(S,I,C): the position of the first character of C in S at or after I, or -1",
                (a, alg, c) -> {
                    byte[] s = bytes(a.get(0), "str_chr");
                    long start = Polynomials.integer(a.get(1), "str_chr").longValue();
                    byte[] ch = bytes(a.get(2), "str_chr");
                    if (ch.length == 0) {
                        throw Algebra.invalid("str_chr");
                    }
                    for (long i = Math.max(0, start); i < s.length; i++) {
                        if (s[(int) i] == ch[0]) {
                            return Num.of(i);
                        }
                    }
                    return Num.of(-1);
                });
        BuiltinFunctions.reg(registry, "sub_str", 3, 3, "sub_str(S,I,J): bytes I..J of S",
                (a, alg, c) -> {
                    byte[] s = bytes(a.get(0), "sub_str");
                    long start = Polynomials.integer(a.get(1), "sub_str").longValue();
                    long end = Polynomials.integer(a.get(2), "sub_str").longValue();
                    if (start >= s.length || end < start || start < 0) {
                        return Value.ZERO;
                    }
                    end = Math.min(end, s.length - 1L);
                    return new Str(new String(s, (int) start, (int) (end - start + 1), StandardCharsets.UTF_8));
                });
        BuiltinFunctions.reg(registry, "strtov", 1, 1, "strtov(S): the indeterminate named S",
                (a, alg, c) -> {
                    if (!(a.get(0) instanceof Str s) || !s.value().matches("[a-z][A-Za-z0-9_]*")) {
                        throw new EvaluationException("strtov : invalid argument");
                    }
                    return Poly.variable(s.value());
                });
        BuiltinFunctions.reg(registry, "strtoascii", 1, 1, "strtoascii(S): the byte codes of S",
                (a, alg, c) -> {
                    List<Value> out = new ArrayList<>();
                    for (byte b : bytes(a.get(0), "strtoascii")) {
                        out.add(Num.of(b & 0xff));
                    }
                    return new Lst(out);
                });
        BuiltinFunctions.reg(registry, "asciitostr", 1, 1, "asciitostr(L): the string of the byte codes L",
                (a, alg, c) -> {
                    if (!(a.get(0) instanceof Lst l)) {
                        throw Algebra.invalid("asciitostr");
                    }
                    byte[] out = new byte[l.size()];
                    for (int i = 0; i < out.length; i++) {
                        long code = Polynomials.integer(l.get(i), "asciitostr").longValue();
                        if (code <= 0 || code >= 256) {
                            throw new EvaluationException("asciitostr : argument out of range");
                        }
                        out[i] = (byte) code;
                    }
                    return new Str(new String(out, StandardCharsets.UTF_8));
                });
    }

    private static byte[] bytes(Value v, String op) {
        if (!(v instanceof Str s)) {
            throw new EvaluationException(op + " : invalid argument");
        }
        return s.value().getBytes(StandardCharsets.UTF_8);
    }
}
