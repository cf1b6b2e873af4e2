package org.ox4j.cmo;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Asir's variable order, the one home of it for the server (session orders) and the master (encoding polynomials
 * as Asir does): x, y, z, u, v, w, p, q, r, s, t, a, b, …, o, then {@code _x … _o}, then every other
 * variable in order of first appearance. Earlier = higher (the outermost variable of a recursive polynomial).
 * Thread-safe and append-only, so the relative order of two variables never changes once both are known.
 */
public final class VariableOrder {
    private static final String INITIAL = "xyzuvwpqrstabcdefghijklmno";
    private static final VariableOrder SHARED = new VariableOrder();

    private final Map<String, Integer> ranks = new ConcurrentHashMap<>();
    private final AtomicInteger next = new AtomicInteger();
    private final Comparator<String> comparator = Comparator.comparingInt(this::rank);

    /** A fresh order with Asir's initial variables. */
    public VariableOrder() {
        for (char c : INITIAL.toCharArray()) {
            ranks.put(String.valueOf(c), next.getAndIncrement());
        }
        for (char c : INITIAL.toCharArray()) {
            ranks.put("_" + c, next.getAndIncrement());
        }
    }

    /** The process-wide order, used when a session provides none. */
    public static VariableOrder shared() {
        return SHARED;
    }

    /** Position of {@code name} (smaller = higher); registers an unknown name at the end. */
    public int rank(String name) {
        Integer r = ranks.get(name);
        if (r != null) {
            return r;
        }
        synchronized (this) {
            return ranks.computeIfAbsent(name, k -> next.getAndIncrement());
        }
    }

    /** Compares two variable names, higher first. */
    public Comparator<String> comparator() {
        return comparator;
    }

    /** The distinct names of {@code names} sorted highest first. */
    public List<String> sorted(Collection<String> names) {
        TreeSet<String> set = new TreeSet<>(comparator);
        for (String n : names) {
            rank(n);
            set.add(n);
        }
        return new ArrayList<>(set);
    }
}
