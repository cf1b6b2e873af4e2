/**
 * OX-RFC-102 server groups: rank-to-rank links between server processes, the {@code SM_*_102} commands,
 * the {@code ox_*_102} server-side functions and the binomial-tree broadcast and reduction, byte-compatible
 * with ox_asir (specs: {@code rfc102.md}; reference: openxm-wire.md §8).
 *
 * <p>Entry points: {@link org.ox4j.server.rfc102.PeerGroup} (one per server process: rank, size, links,
 * collectives, reset), {@link org.ox4j.server.rfc102.Rfc102Commands} (stack-machine handlers for codes
 * 278-283), {@link org.ox4j.server.rfc102.Rfc102Functions} (the function-library entries).
 */
package org.ox4j.server.rfc102;
