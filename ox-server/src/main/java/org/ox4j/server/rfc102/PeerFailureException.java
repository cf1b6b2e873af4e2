package org.ox4j.server.rfc102;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ox4j.server.eval.EvaluationException;

/**
 * A collective or a point-to-point operation could not complete because a peer failed: its link closed, it sent
 * nothing within the timeout, or another member reported its failure. The message always starts with
 * {@code "rfc102: rank N failed"}, so the {@code CMO_ERROR2} the master pops names the failed rank, and
 * {@link #parseFailedRank(String)} recovers it.
 */
public class PeerFailureException extends EvaluationException {
    private static final Pattern FAILED_RANK = Pattern.compile("^rfc102: rank (\\d+) failed");

    private final int failedRank;

    public PeerFailureException(int failedRank, String detail) {
        super("rfc102: rank " + failedRank + " failed: " + detail);
        this.failedRank = failedRank;
    }

    public PeerFailureException(int failedRank, String detail, Throwable cause) {
        super("rfc102: rank " + failedRank + " failed: " + detail, cause);
        this.failedRank = failedRank;
    }

    /** The rank of the member that failed (not necessarily the one this member talked to). */
    public int failedRank() {
        return failedRank;
    }

    /** The failed rank named by a message of this form, e.g. the text of a {@code CMO_ERROR2}. */
    public static Optional<Integer> parseFailedRank(String message) {
        if (message == null) {
            return Optional.empty();
        }
        Matcher m = FAILED_RANK.matcher(message);
        return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
    }
}
