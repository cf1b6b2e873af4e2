package org.ox4j.mpi.comm;

/** A received message: its status and its payload. */
public record Message(Status status, Payload payload) {
}
