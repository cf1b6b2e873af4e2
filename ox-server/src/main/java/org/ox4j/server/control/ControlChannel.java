package org.ox4j.server.control;

import java.io.EOFException;
import java.io.UncheckedIOException;
import java.nio.channels.AsynchronousCloseException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.ox4j.cmo.CmoException;
import org.ox4j.protocol.OxCommand;
import org.ox4j.protocol.OxProtocolException;
import org.ox4j.protocol.SmCommand;
import org.ox4j.protocol.blocking.OxFrame;
import org.ox4j.protocol.blocking.OxMessageReader;

/**
 * Serves a control connection (spec §7.1): reads OX_COMMAND SM_control_* messages and acts on the engine; sends
 * nothing back, ever. SM_control_reset_connection (1030) resets, SM_control_intr (1025) interrupts the running
 * command, SM_control_kill (1024) and SM_shutdown (272) end the engine. Other codes and OX_DATA are logged and
 * ignored (as Asir's launcher does). End of the control connection ends the engine (as the {@code ox} control
 * process does when its client goes away).
 */
public final class ControlChannel {
    private static final Logger LOG = LogManager.getLogger();

    private ControlChannel() {
    }

    /** Serves until the connection ends or the engine is killed; blocks the calling thread. */
    public static void serve(OxMessageReader reader, ControlTarget target) {
        try {
            while (true) {
                OxFrame f = reader.read(true);
                if (!(f.message() instanceof OxCommand c)) {
                    LOG.info("control: ignoring OX tag {}", f.tag());
                    continue;
                }
                if (!apply(c.code(), target)) {
                    return;
                }
            }
        } catch (UncheckedIOException e) {
            target.kill(e.getCause() instanceof EOFException || e.getCause() instanceof AsynchronousCloseException
                    ? "control connection closed" : "control read error: " + e.getCause());
        } catch (CmoException | OxProtocolException e) {
            LOG.warn("control: malformed input, closing: {}", e.getMessage());
            target.kill("malformed control input: " + e.getMessage());
        }
    }

    /** Applies one control code; false when the engine was ended. */
    public static boolean apply(int code, ControlTarget target) {
        if (code == SmCommand.CONTROL_RESET_CONNECTION.code()) {
            LOG.info("control: SM_control_reset_connection");
            target.reset();
        } else if (code == SmCommand.CONTROL_INTR.code()) {
            LOG.info("control: SM_control_intr");
            target.interrupt();
        } else if (code == SmCommand.CONTROL_KILL.code() || code == SmCommand.SHUTDOWN.code()) {
            LOG.info("control: {} ends the engine", code == SmCommand.SHUTDOWN.code() ? "SM_shutdown"
                    : "SM_control_kill");
            target.kill(code == SmCommand.SHUTDOWN.code() ? "SM_shutdown on control" : "SM_control_kill");
            return false;
        } else {
            LOG.info("control: ignoring code {}", code);
        }
        return true;
    }
}
