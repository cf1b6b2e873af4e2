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

    /**
     * A one-line description for logs: tag, serial and, for data, the CMO type only (never the value, which may be
     * a huge bignum or a secret string).
     */
    default String summary() {
        String tag = OxTag.fromCode(tagCode()).map(Enum::name).orElse("OX tag " + tagCode());
        String head = tag + " serial=" + Integer.toUnsignedString(serial());
        if (this instanceof OxCommand c) {
            return head + " " + c.command().map(SmCommand::specName).orElse("code " + c.code());
        }
        if (this instanceof OxData d) {
            return head + " " + d.cmo().type().specName();
        }
        if (this instanceof OxDataWithSize d) {
            return head + " " + d.cmo().type().specName();
        }
        if (this instanceof OxLocalObject l) {
            return head + " (" + l.body().length + " bytes)";
        }
        return head;
    }
}
