package org.ox4j.mpi.comm;

import java.util.Locale;

/**
 * Tuning knobs read from system properties, parsed strictly: a value that is not what the property takes is an
 * {@link IllegalArgumentException} naming the property, not a silent fall-back to the default (a mistyped
 * {@code -Dox.rfc102.barrierSpinMicros=2OO} would otherwise measure the default while its user believes otherwise).
 * An absent or blank property gives the default.
 */
public final class SystemPropertyValues {
    private SystemPropertyValues() {
    }

    /** A decimal {@code int}, or {@code fallback} when the property is not set. */
    public static int integer(String name, int fallback) {
        long v = longInteger(name, fallback);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw invalid(name, String.valueOf(v), "an int");
        }
        return (int) v;
    }

    /** A decimal {@code long}, or {@code fallback} when the property is not set. */
    public static long longInteger(String name, long fallback) {
        String text = value(name);
        if (text == null) {
            return fallback;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw invalid(name, text, "a decimal integer");
        }
    }

    /** {@code true} or {@code false} (any case), or {@code fallback} when the property is not set. */
    public static boolean bool(String name, boolean fallback) {
        String text = value(name);
        if (text == null) {
            return fallback;
        }
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(name, text, "true or false");
        };
    }

    /** The trimmed value, or null when the property is absent or blank. */
    public static String value(String name) {
        String text = System.getProperty(name);
        return text == null || text.isBlank() ? null : text.trim();
    }

    /** The error for a property whose value is not of the expected form. */
    public static IllegalArgumentException invalid(String name, String text, String expected) {
        return new IllegalArgumentException("system property " + name + ": \"" + text + "\" (expected: " + expected
                + ")");
    }
}
