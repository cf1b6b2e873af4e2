/**
 * The OX message model ({@link org.ox4j.protocol.OxMessage} and its kinds, {@link org.ox4j.protocol.SmCommand},
 * {@link org.ox4j.protocol.OxTag}) and {@link org.ox4j.protocol.OxPipeline}, which assembles a channel's protocol
 * handlers. Specs: wire-format.md and stack-machine.md (openxm-wire.md §1, §3).
 */
package org.ox4j.protocol;
