package org.ox4j.server.comm;

/** A received message: its status and its payload. */
public record Message(Status status, Payload payload) {
}
