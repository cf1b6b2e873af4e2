package org.ox4j.server.algebra;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * A double (Asir's real number, CMO_IEEE_DOUBLE_FLOAT on the wire). Arithmetic with a rational gives a double;
 * printed as C's {@code %g} prints it (six significant digits, trailing zeros dropped), Asir's default.
 */
public record Real(double value) implements Value {
    /** A double zero counts as zero (for conditions and CMO_NULL-like tests), like Asir's 0.0. */
    @Override
    public boolean isZero() {
        return value == 0.0;
    }

    /**
     * A double as Asir keeps it: 0.0 is the number 0 (Asir has no double zero; {@code type(0.0)} is 0 and
     * {@code 1/3+0.0} stays 1/3), any other double a {@code Real}.
     */
    public static Value valueOf(double d) {
        return d == 0.0 ? Value.ZERO : new Real(d);
    }

    /** This number as a double, for a rational or a double. */
    public static double of(Num n) {
        return new BigDecimal(n.numerator()).divide(new BigDecimal(n.denominator()), MathContext.DECIMAL64)
                .doubleValue();
    }

    /** C's {@code printf("%g", value)}. */
    public String printed() {
        if (Double.isNaN(value)) {
            return "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0.0) {
            return (1 / value < 0) ? "-0" : "0";
        }
        BigDecimal rounded = new BigDecimal(value).round(new MathContext(6));
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < -4 || exponent >= 6) {
            String mantissa = stripZeros(rounded.movePointLeft(exponent).setScale(5, java.math.RoundingMode.HALF_EVEN)
                    .toPlainString());
            String e = String.format("%02d", Math.abs(exponent));
            return mantissa + "e" + (exponent < 0 ? "-" : "+") + e;
        }
        return stripZeros(rounded.setScale(Math.max(0, 5 - exponent), java.math.RoundingMode.HALF_EVEN).toPlainString());
    }

    private static String stripZeros(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    @Override
    public String toString() {
        return printed();
    }
}
