package org.ox4j.protocol.blocking;

import org.ox4j.protocol.OxMessage;

/**
 * One OX message as read from a channel: its tag, serial and size in bytes, and the decoded message. The message
 * is {@code null} when its body was skipped (a session discarding input after a reset) or when the tag is unknown
 * and the reader was told to accept such messages as bare headers ({@link OxMessageReader.UnknownTags#HEADER_ONLY}).
 */
public record OxFrame(int tag, int serial, long bytes, OxMessage message) {
}
