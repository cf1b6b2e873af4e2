package org.ox4j.server.function;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Name → function table shared by every session of a server; thread-safe. */
public final class FunctionRegistry {
    private final Map<String, FunctionSpec> byName = new ConcurrentHashMap<>();

    /** Adds or replaces a function. */
    public FunctionRegistry register(FunctionSpec spec) {
        byName.put(spec.name(), spec);
        return this;
    }

    /** The function with this name. */
    public Optional<FunctionSpec> lookup(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Every function, sorted by name. */
    public List<FunctionSpec> all() {
        List<FunctionSpec> l = new ArrayList<>(byName.values());
        l.sort((a, b) -> a.name().compareTo(b.name()));
        return Collections.unmodifiableList(l);
    }
}
