package org.ox4j.cmo.text;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoArray;
import org.ox4j.cmo.CmoAtom;
import org.ox4j.cmo.CmoBigFloat;
import org.ox4j.cmo.CmoBigFloat32;
import org.ox4j.cmo.CmoComplex;
import org.ox4j.cmo.CmoDatum;
import org.ox4j.cmo.CmoDistributedPolynomial;
import org.ox4j.cmo.CmoDmsOfNVariables;
import org.ox4j.cmo.CmoError2;
import org.ox4j.cmo.CmoIeeeDouble;
import org.ox4j.cmo.CmoIndeterminate;
import org.ox4j.cmo.CmoInt32;
import org.ox4j.cmo.CmoLambda;
import org.ox4j.cmo.CmoList;
import org.ox4j.cmo.CmoMachineDouble;
import org.ox4j.cmo.CmoMathcap;
import org.ox4j.cmo.CmoMonomial32;
import org.ox4j.cmo.CmoPolynomialInOneVariable;
import org.ox4j.cmo.CmoQQ;
import org.ox4j.cmo.CmoRational;
import org.ox4j.cmo.CmoRecursivePolynomial;
import org.ox4j.cmo.CmoRingByName;
import org.ox4j.cmo.CmoString;
import org.ox4j.cmo.CmoTree;
import org.ox4j.cmo.CmoZZ;
import org.ox4j.cmo.io.BigIntegerWords;

/**
 * Renders a CMO as an indented tree, one line per CMO, in the format of the {@code *.decoded.txt} files of the
 * golden captures (specs: {@code vectors/README.md}). Examples of lines:
 *
 * <pre>
 * CMO_INT32 -1 (0xffffffff)
 * CMO_ZZ (sign*words=-4) -2503155504993241601315571986085850
 * CMO_QQ (num words=-1, den words=1) -3/7
 * CMO_STRING len=4 "asir"
 * CMO_LIST n=3
 * CMO_POLYNOMIAL_IN_ONE_VARIABLE nterms=3 var#0 (x)
 * </pre>
 *
 * Children are indented two spaces deeper than their parent; each term of a univariate polynomial is an
 * {@code exponent E, coefficient:} line followed by the coefficient two spaces deeper; a recursive polynomial
 * ends with an {@code = ...} line that spells the polynomial out with every coefficient in parentheses.
 * Word counts are those of the minimal encoding, which is what every known producer writes.
 *
 * <p>This is a debugging and test format, never used on the wire. Types that the captures do not contain
 * (doubles, bigfloats, distributed polynomials, trees, ...) use the same style, with ox4j's own choice of fields.
 */
public final class CmoDump {
    private static final int INDENT_STEP = 2;
    private static final int DATUM_HEX_BYTES = 32;

    private final List<String> out = new ArrayList<>();
    /** Variable lists of the enclosing recursive polynomials, innermost first. */
    private final Deque<CmoList> variableScopes = new ArrayDeque<>();

    private CmoDump() {
    }

    /** The lines of the dump of {@code cmo}, the first one indented by {@code indent} spaces. */
    public static List<String> lines(Cmo cmo, int indent) {
        CmoDump d = new CmoDump();
        d.dump(cmo, indent);
        return List.copyOf(d.out);
    }

    /** The dump of {@code cmo} starting at column 0, lines separated by {@code \n}, no trailing newline. */
    public static String render(Cmo cmo) {
        return String.join("\n", lines(cmo, 0));
    }

    private void line(int indent, String text) {
        out.add(" ".repeat(indent) + text);
    }

    private void dump(Cmo cmo, int indent) {
        int child = indent + INDENT_STEP;
        String name = cmo.type().specName();
        switch (cmo.type()) {
            case NULL, ZERO, DMS_GENERIC, ERROR -> line(indent, name);
            case INT32 -> {
                int v = ((CmoInt32) cmo).value();
                line(indent, name + " " + v + " (0x" + String.format("%08x", v) + ")");
            }
            case ZZ -> {
                BigInteger v = ((CmoZZ) cmo).value();
                line(indent, name + " (sign*words=" + signedWords(v) + ") " + v);
            }
            case QQ -> {
                CmoQQ q = (CmoQQ) cmo;
                line(indent, name + " (num words=" + signedWords(q.numerator()) + ", den words="
                        + signedWords(q.denominator()) + ") " + q.numerator() + "/" + q.denominator());
            }
            case STRING -> {
                CmoString s = (CmoString) cmo;
                line(indent, name + " len=" + s.byteLength() + " " + quote(s.unsafeBytes()));
            }
            case ATOM -> {
                CmoString s = ((CmoAtom) cmo).name();
                line(indent, name + " len=" + s.byteLength() + " " + quote(s.unsafeBytes()));
            }
            case DATUM -> {
                CmoDatum d = (CmoDatum) cmo;
                line(indent, name + " len=" + d.length() + " " + hex(d.unsafeBytes()));
            }
            case LIST -> {
                List<Cmo> elements = ((CmoList) cmo).elements();
                line(indent, name + " n=" + elements.size());
                elements.forEach(e -> dump(e, child));
            }
            case ARRAY -> {
                List<Cmo> elements = ((CmoArray) cmo).elements();
                line(indent, name + " n=" + elements.size());
                elements.forEach(e -> dump(e, child));
            }
            case MATHCAP -> {
                line(indent, name);
                dump(((CmoMathcap) cmo).body(), child);
            }
            case ERROR2 -> {
                line(indent, name);
                dump(((CmoError2) cmo).body(), child);
            }
            case INDETERMINATE -> {
                line(indent, name);
                dump(((CmoIndeterminate) cmo).name(), child);
            }
            case DMS_OF_N_VARIABLES -> {
                line(indent, name);
                dump(((CmoDmsOfNVariables) cmo).description(), child);
            }
            case RING_BY_NAME -> {
                line(indent, name);
                dump(((CmoRingByName) cmo).name(), child);
            }
            case RECURSIVE_POLYNOMIAL -> dumpRecursive((CmoRecursivePolynomial) cmo, indent);
            case POLYNOMIAL_IN_ONE_VARIABLE -> dumpUnivariate((CmoPolynomialInOneVariable) cmo, indent);
            case MONOMIAL32 -> {
                CmoMonomial32 m = (CmoMonomial32) cmo;
                StringBuilder exps = new StringBuilder();
                for (int i = 0; i < m.arity(); i++) {
                    exps.append(i == 0 ? "" : ",").append(m.exponent(i));
                }
                line(indent, name + " n=" + m.arity() + " exponents=(" + exps + "), coefficient:");
                dump(m.coefficient(), child);
            }
            case DISTRIBUTED_POLYNOMIAL -> {
                CmoDistributedPolynomial p = (CmoDistributedPolynomial) cmo;
                line(indent, name + " nterms=" + p.monomials().size());
                dump(p.ring(), child);
                p.monomials().forEach(m -> dump(m, child));
            }
            case RATIONAL -> {
                CmoRational r = (CmoRational) cmo;
                line(indent, name);
                dump(r.numerator(), child);
                dump(r.denominator(), child);
            }
            case COMPLEX -> {
                CmoComplex c = (CmoComplex) cmo;
                line(indent, name);
                dump(c.real(), child);
                dump(c.imaginary(), child);
            }
            case TREE -> {
                CmoTree t = (CmoTree) cmo;
                line(indent, name);
                dump(t.name(), child);
                dump(t.attributes(), child);
                dump(t.leaves(), child);
            }
            case LAMBDA -> {
                CmoLambda l = (CmoLambda) cmo;
                line(indent, name);
                dump(l.arguments(), child);
                dump(l.body(), child);
            }
            case IEEE_DOUBLE_FLOAT -> {
                long bits = ((CmoIeeeDouble) cmo).bits();
                line(indent, name + " " + Double.longBitsToDouble(bits) + " (0x" + String.format("%016x", bits) + ")");
            }
            case MACHINE_DOUBLE_64 -> {
                long bits = ((CmoMachineDouble) cmo).bits();
                line(indent, name + " " + Double.longBitsToDouble(bits) + " (0x" + String.format("%016x", bits) + ")");
            }
            case BIGFLOAT -> {
                CmoBigFloat b = (CmoBigFloat) cmo;
                line(indent, name + " (mantissa words=" + signedWords(b.mantissa()) + ", exponent words="
                        + signedWords(b.exponent()) + ") " + b.mantissa() + "*2^" + b.exponent());
            }
            case BIGFLOAT32 -> {
                CmoBigFloat32 b = (CmoBigFloat32) cmo;
                StringBuilder words = new StringBuilder();
                for (int i = 0; i < b.wordCount(); i++) {
                    words.append(i == 0 ? "" : " ").append(String.format("%08x", b.word(i)));
                }
                line(indent, name + " prec=" + b.precision() + " sign=" + b.sign() + " exp=" + b.exponent()
                        + " len=" + b.wordCount() + " words(low first)=[" + words + "]");
            }
            default -> line(indent, name);
        }
    }

    private void dumpRecursive(CmoRecursivePolynomial p, int indent) {
        int child = indent + INDENT_STEP;
        line(indent, p.type().specName());
        dump(p.variables(), child);
        variableScopes.push(p.variables());
        try {
            dump(p.body(), child);
            line(child, "= " + expand(p.body()));
        } finally {
            variableScopes.pop();
        }
    }

    private void dumpUnivariate(CmoPolynomialInOneVariable p, int indent) {
        line(indent, p.type().specName() + " nterms=" + p.terms().size() + " var#" + p.variable() + " ("
                + variableName(p.variable()) + ")");
        for (CmoPolynomialInOneVariable.Term t : p.terms()) {
            line(indent + INDENT_STEP, "exponent " + t.exponent() + ", coefficient:");
            dump(t.coefficient(), indent + 2 * INDENT_STEP);
        }
    }

    /** The {@code = ...} form: {@code (c)*v^e} per term, joined by {@code +}, nested polynomials in parentheses. */
    private String expand(Cmo body) {
        if (!(body instanceof CmoPolynomialInOneVariable p)) {
            return coefficientText(body);
        }
        StringBuilder sb = new StringBuilder();
        String var = variableName(p.variable());
        for (CmoPolynomialInOneVariable.Term t : p.terms()) {
            if (sb.length() > 0) {
                sb.append('+');
            }
            sb.append('(').append(expand(t.coefficient())).append(')');
            if (t.exponent() != 0) {
                sb.append('*').append(var).append('^').append(t.exponent());
            }
        }
        return sb.toString();
    }

    private static String coefficientText(Cmo c) {
        switch (c.type()) {
            case ZZ:
                return ((CmoZZ) c).value().toString();
            case QQ: {
                CmoQQ q = (CmoQQ) c;
                return q.numerator() + "/" + q.denominator();
            }
            case INT32:
                return Integer.toString(((CmoInt32) c).value());
            case NULL:
            case ZERO:
                return "0";
            default:
                return c.type().specName();
        }
    }

    /** Name of variable {@code index} in the innermost enclosing recursive polynomial, or {@code ?}. */
    private String variableName(int index) {
        CmoList vars = variableScopes.peek();
        if (vars == null || index < 0 || index >= vars.size()) {
            return "?";
        }
        Cmo v = vars.get(index);
        if (v instanceof CmoIndeterminate ind) {
            v = ind.name();
        }
        return v instanceof CmoString s ? s.value() : "?";
    }

    /** ±(number of 32-bit words of |v|), as the {@code CMO_ZZ} length field of the minimal encoding. */
    static int signedWords(BigInteger v) {
        int w = BigIntegerWords.wordCount(v);
        return v.signum() < 0 ? -w : w;
    }

    private static String hex(byte[] b) {
        StringBuilder sb = new StringBuilder();
        int n = Math.min(b.length, DATUM_HEX_BYTES);
        for (int i = 0; i < n; i++) {
            sb.append(String.format("%02x", b[i] & 0xff));
        }
        if (b.length > n) {
            sb.append("...");
        }
        return sb.toString();
    }

    /** {@code bytes} as a double-quoted string; see {@link StringEscapes#quote(byte[])}. */
    private static String quote(byte[] bytes) {
        return StringEscapes.quote(bytes);
    }
}
