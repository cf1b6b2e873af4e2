package org.ox4j.protocol.handshake;

/**
 * Who speaks first in the one-byte byte-order exchange (specs: wire-format.md, "Byte order"). The engine and the
 * control process are {@link #SERVER}s, a master is a {@link #CLIENT}, and both ends of an RFC-102
 * server-to-server link are {@link #PEER}s.
 */
public enum HandshakeRole {
    /** Writes its byte first, then reads the peer's (engine, control process). */
    SERVER,
    /** Reads the peer's byte first, then writes its own (master). */
    CLIENT,
    /** Writes first and reads, on both ends (RFC-102 link between two servers). */
    PEER;

    /** True if this side writes its byte without waiting for the peer's. */
    public boolean writesFirst() {
        return this != CLIENT;
    }
}
