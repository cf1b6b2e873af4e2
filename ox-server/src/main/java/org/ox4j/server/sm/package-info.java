/**
 * The stack machine of one session (StackMachine, OperandStack), the SM command handlers of spec section 5, the
 * server's mathcap, and the extension point (ServerExtension, ServerExtensions) through which RFC-102 and the MPI
 * functions plug in.
 */
package org.ox4j.server.sm;
