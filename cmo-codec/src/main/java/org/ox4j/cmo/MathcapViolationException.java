package org.ox4j.cmo;

/** An object may not be sent because the peer's mathcap does not list one of its CMO tags. */
public class MathcapViolationException extends CmoException {
    public MathcapViolationException(String message) {
        super(message);
    }
}
