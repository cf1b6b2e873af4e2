package org.ox4j.server.algebra;

import java.util.Objects;

/**
 * A complex number with rational parts, Asir's {@code a+b*@i}: the imaginary part is never 0 (such a result is the
 * rational number itself, as in Asir). Prints as Asir does, {@code (1+2*@i)}, {@code (-1*@i)}; travels as
 * {@code CMO_COMPLEX(re, im)} with a 0 part as {@code CMO_NULL}.
 */
public final class Complex implements Value {
    /** Asir's {@code @i}. */
    public static final Complex I = new Complex(Num.of(0), Num.of(1));

    private final Num re;
    private final Num im;

    private Complex(Num re, Num im) {
        this.re = re;
        this.im = im;
    }

    /** {@code re + im·i}; the rational {@code re} when {@code im} is 0. */
    public static Value of(Num re, Num im) {
        Objects.requireNonNull(re, "re");
        return im.isZero() ? re : new Complex(re, im);
    }

    public Num re() {
        return re;
    }

    public Num im() {
        return im;
    }

    public Value add(Complex o) {
        return of(re.add(o.re), im.add(o.im));
    }

    public Value subtract(Complex o) {
        return of(re.subtract(o.re), im.subtract(o.im));
    }

    public Value multiply(Complex o) {
        return of(re.multiply(o.re).subtract(im.multiply(o.im)), re.multiply(o.im).add(im.multiply(o.re)));
    }

    /** This divided by {@code o} (not 0): multiplied by the conjugate over the norm. */
    public Value divide(Complex o) {
        Num norm = o.re.multiply(o.re).add(o.im.multiply(o.im));
        return of(re.multiply(o.re).add(im.multiply(o.im)).divide(norm),
                im.multiply(o.re).subtract(re.multiply(o.im)).divide(norm));
    }

    public Complex negate() {
        return new Complex(re.negate(), im.negate());
    }

    public Complex conjugate() {
        return new Complex(re, im.negate());
    }

    /** A number as a complex one (its imaginary part 0), for mixed arithmetic. */
    static Complex lift(Num n) {
        return new Complex(n, Num.of(0));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Complex c && re.equals(c.re) && im.equals(c.im);
    }

    @Override
    public int hashCode() {
        return 31 * re.hashCode() + im.hashCode();
    }

    @Override
    public String toString() {
        // Asir: "(" re, "+" only between a real part and a positive imaginary one, im "*@i" ")"
        StringBuilder sb = new StringBuilder("(");
        if (!re.isZero()) {
            sb.append(re);
            if (im.signum() > 0) {
                sb.append('+');
            }
        }
        return sb.append(im).append("*@i)").toString();
    }
}
