package org.ox4j.protocol;

/** {@code OX_SYNC_BALL}: the bodiless marker of the reset protocol. */
public record OxSyncBall(int serial) implements OxMessage {
    @Override
    public int tagCode() {
        return OxTag.OX_SYNC_BALL.code();
    }
}
