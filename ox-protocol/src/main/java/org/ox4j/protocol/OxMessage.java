package org.ox4j.protocol;

/**
 * One OX message: tag, serial number, body. Serial numbers are the sender's; receivers only echo them in
 * error objects (specs: wire-format.md, "Framing").
 */
public sealed interface OxMessage permits OxCommand, OxData, OxSyncBall, OxDataWithSize, OxLocalObject {
    /** The sender's serial number. */
    int serial();

    /** The OX tag code. */
    int tagCode();
}
