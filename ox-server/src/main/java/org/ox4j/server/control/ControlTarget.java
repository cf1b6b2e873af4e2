package org.ox4j.server.control;

/** What the control channel acts on: one engine (session). */
public interface ControlTarget {
    /** SM_control_reset_connection: the reset procedure of spec §7.2. */
    void reset();

    /** SM_control_intr: interrupt the running command. */
    void interrupt();

    /** SM_control_kill / SM_shutdown: end the engine. */
    void kill(String reason);
}
