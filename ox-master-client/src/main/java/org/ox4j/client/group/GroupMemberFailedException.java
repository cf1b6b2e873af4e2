package org.ox4j.client.group;

import org.ox4j.client.core.OxClientException;

/** An operation on a server group failed because of one member; {@link #rank()} says which. */
public class GroupMemberFailedException extends OxClientException {
    private final int rank;

    public GroupMemberFailedException(int rank, String message, Throwable cause) {
        super("rank " + rank + ": " + message, cause);
        this.rank = rank;
    }

    /** The rank of the member that failed. */
    public int rank() {
        return rank;
    }
}
