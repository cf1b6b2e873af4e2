/**
 * The control channel: SM_control_reset_connection and kill, and the reset signal that interrupts a session.
 */
package org.ox4j.server.control;
