package org.ox4j.server.session;

import org.ox4j.protocol.OxMessage;

/**
 * One OX message as read from a channel: its tag, serial and size, and the decoded message ({@code null} when the
 * body was skipped because the session is discarding input after a reset).
 */
public record OxFrame(int tag, int serial, long bytes, OxMessage message) {
}
