package org.ox4j.server.sm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ox4j.cmo.Cmo;
import org.ox4j.cmo.CmoError2;

/**
 * The operand stack of one session. Bounded by a depth and an estimated byte budget: a push that would exceed
 * either pushes a {@code CMO_ERROR2} instead (a small reserve above the depth limit is kept for those errors), so
 * a flooding master gets errors, never an out-of-memory. Confined to the session's worker thread.
 */
public final class OperandStack {
    /** Extra slots above {@code maxDepth} that only error objects may use. */
    static final int ERROR_RESERVE = 64;

    private final ArrayList<Cmo> items = new ArrayList<>();
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
        long size = CmoSize.estimate(value);
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

    private void add(Cmo value, long size) {
        items.add(value);
        sizes.add(size);
        bytes += size;
    }

    /** Removes and returns the top, or empty when the stack is empty. */
    public Optional<Cmo> pop() {
        if (items.isEmpty()) {
            return Optional.empty();
        }
        int last = items.size() - 1;
        bytes -= sizes.remove(last);
        return Optional.of(items.remove(last));
    }

    /** The top without removing it. */
    public Optional<Cmo> peek() {
        return items.isEmpty() ? Optional.empty() : Optional.of(items.get(items.size() - 1));
    }

    /** Removes up to {@code n} objects from the top. */
    public void drop(int n) {
        for (int i = 0; i < n && !items.isEmpty(); i++) {
            pop();
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

    /** A snapshot, bottom first. */
    public List<Cmo> snapshot() {
        return List.copyOf(items);
    }
}
