package org.ox4j.server.algebra;

import java.util.Objects;

/** A string value (Asir's string). */
public record Str(String value) implements Value {
    public Str {
        Objects.requireNonNull(value, "value");
    }
}
