/**
 * Connection setup before the first OX message: the one-time password (sent by whichever side connected, checked
 * by the side that accepted) and the one-byte byte-order exchange in its three roles. Specs: wire-format.md,
 * "Session start" (openxm-wire.md §2.6, §2.7).
 */
package org.ox4j.protocol.handshake;
