package org.ox4j.cmo;

/** A CMO tag ox4j does not know; its body length is unknown, so the stream cannot be resynchronised. */
public class UnsupportedCmoTypeException extends CmoFormatException {
    private final int tag;

    public UnsupportedCmoTypeException(int tag) {
        super("unknown CMO tag: " + tag + " (0x" + Integer.toHexString(tag) + ")");
        this.tag = tag;
    }

    /** The offending tag. */
    public int tag() {
        return tag;
    }
}
