package org.ox4j.server.sm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;
import org.ox4j.server.algebra.NoCmoFormException;

/**
 * The operand stack of one session: CMOs, and {@link LocalObject}s for the language's values that have no CMO form
 * (ox_asir's stack holds its own objects too). Bounded by a depth and an estimated byte budget: a push that would
 * exceed either pushes a {@code CMO_ERROR2} instead (a small reserve above the depth limit is kept for those
 * errors), so a flooding master gets errors, never an out-of-memory. Confined to the session's worker thread.
 */
public final class OperandStack {
    /** Extra slots above {@code maxDepth} that only error objects may use. */
    static final int ERROR_RESERVE = 64;

    /** Each a {@link Cmo} or a {@link LocalObject}. */
    private final ArrayList<Object> items = new ArrayList<>();
    private final ArrayList<Long> sizes = new ArrayList<>();
    private final int maxDepth;
    private final long maxBytes;
    private long bytes;

    public OperandStack(int maxDepth, long maxBytes) {
        this.maxDepth = maxDepth;
        this.maxBytes = maxBytes;
    }

    /**
     * Pushes {@code value}; when a limit would be exceeded, pushes an error carrying {@code serial} instead and
     * returns false.
     */
    public boolean push(Cmo value, int serial) {
        return pushSized(value, CmoSize.estimate(value), serial);
    }

    /** Pushes a value without a CMO form, bounded like {@link #push}. */
    public boolean push(LocalObject value, int serial) {
        return pushSized(value, value.estimate(), serial);
    }

    private boolean pushSized(Object value, long size, int serial) {
        if (items.size() >= maxDepth) {
            pushError(CmoError2.of(serial, "operand stack overflow (limit " + maxDepth + " objects)"));
            return false;
        }
        if (bytes + size > maxBytes) {
            pushError(CmoError2.of(serial, "session memory limit exceeded (" + maxBytes + " bytes)"));
            return false;
        }
        add(value, size);
        return true;
    }

    /** Pushes an error object; uses the reserve above the depth limit, drops it only when that is full too. */
    public void pushError(CmoError2 error) {
        if (items.size() < maxDepth + ERROR_RESERVE) {
            add(error, CmoSize.estimate(error));
        }
    }

    private void add(Object value, long size) {
        items.add(value);
        sizes.add(size);
        bytes += size;
    }

    /**
     * Removes and returns the top CMO, or empty when the stack is empty. A {@link LocalObject} on top is removed too
     * and answered with ox_asir's "cannot convert to CMO object" (commands that take any object use
     * {@link #popAny}).
     */
    public Optional<Cmo> pop() {
        return popAny().map(OperandStack::cmo);
    }

    /** Removes and returns the top, a {@link Cmo} or a {@link LocalObject}, or empty when the stack is empty. */
    public Optional<Object> popAny() {
        if (items.isEmpty()) {
            return Optional.empty();
        }
        int last = items.size() - 1;
        bytes -= sizes.remove(last);
        return Optional.of(items.remove(last));
    }

    /** The top CMO without removing it (a {@link LocalObject} on top: as {@link #pop}, but it stays). */
    public Optional<Cmo> peek() {
        return peekAny().map(OperandStack::cmo);
    }

    /** The top, a {@link Cmo} or a {@link LocalObject}, without removing it. */
    public Optional<Object> peekAny() {
        return items.isEmpty() ? Optional.empty() : Optional.of(items.get(items.size() - 1));
    }

    private static Cmo cmo(Object entry) {
        if (entry instanceof LocalObject l) {
            throw new NoCmoFormException("cannot convert to CMO object (" + l.what() + ")");
        }
        return (Cmo) entry;
    }

    /** Removes up to {@code n} objects from the top. */
    public void drop(int n) {
        for (int i = 0; i < n && !items.isEmpty(); i++) {
            popAny();
        }
    }

    /** Number of objects. */
    public int size() {
        return items.size();
    }

    /** Estimated bytes held. */
    public long estimatedBytes() {
        return bytes;
    }

    /** Estimated bytes of the top object, 0 when the stack is empty. */
    public long topEstimatedBytes() {
        return sizes.isEmpty() ? 0 : sizes.get(sizes.size() - 1);
    }

    /**
     * The size of the top object's kept encoding ({@link org.ox4j.cmo.KeptEncoded}): what popping it writes, as
     * bytes copied; -1 when the top is not kept encoded (or the stack is empty).
     */
    public long topKeptWireLength() {
        return !items.isEmpty() && items.get(items.size() - 1) instanceof org.ox4j.cmo.KeptEncoded k
                ? k.wireLength() : -1;
    }

    /** The CMOs on the stack, bottom first (values without a CMO form left out). */
    public List<Cmo> snapshot() {
        List<Cmo> out = new ArrayList<>();
        for (Object o : items) {
            if (o instanceof Cmo c) {
                out.add(c);
            }
        }
        return out;
    }
}
