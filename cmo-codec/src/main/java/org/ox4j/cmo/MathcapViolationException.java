package org.ox4j.cmo;

/** An object may not be sent because the peer's mathcap does not list one of its CMO tags. */
public class MathcapViolationException extends CmoException {
    private final int tag;

    public MathcapViolationException(String message) {
        this(message, 0);
    }

    /** A violation caused by CMO tag {@code tag} (0 when not tied to one tag). */
    public MathcapViolationException(String message, int tag) {
        super(message);
        this.tag = tag;
    }

    /** The refused CMO tag, or 0. */
    public int tag() {
        return tag;
    }
}
