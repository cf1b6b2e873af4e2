package org.ox4j.protocol;

import java.util.Optional;

/** {@code OX_COMMAND}: one SM or control code. The raw code is kept, so unknown codes can be logged and ignored. */
public record OxCommand(int serial, int code) implements OxMessage {
    /** A command message. */
    public static OxCommand of(int serial, SmCommand command) {
        return new OxCommand(serial, command.code());
    }

    /** The known command, if the code is one. */
    public Optional<SmCommand> command() {
        return SmCommand.fromCode(code);
    }

    @Override
    public int tagCode() {
        return OxTag.OX_COMMAND.code();
    }
}
