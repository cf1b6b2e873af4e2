package org.ox4j.server.rfc102;

/** How {@code SM_reset_102} empties the links (specs: rfc102.md, "Reset"). */
public enum ResetMode {
    /**
     * ox_asir's drain: member i discards messages from each lower rank up to its SYNC_BALL, then sends a SYNC_BALL
     * to each higher rank. Empties only the low → high direction.
     */
    ASIR,
    /**
     * ox4j extension: every member sends a SYNC_BALL on every link, then discards messages from every link up to
     * the peer's SYNC_BALL. Empties both directions; every member must use it in the same reset.
     */
    BOTH_DIRECTIONS
}
