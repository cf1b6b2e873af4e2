package org.ox4j.client;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.ox4j.cmo.Cmo;
import org.ox4j.protocol.OxMessage;

/**
 * Outbound pipeline object: a message whose reply the server will send (e.g. {@code SM_popCMO}) together with
 * the future that the reply completes. {@link OxReplyHandler} queues the future when the message passes
 * through it, so replies are matched to requests in the order the requests were written.
 */
public record OxRequest(OxMessage message, CompletableFuture<Cmo> reply) {
    public OxRequest {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(reply, "reply");
    }
}
