/**
 * Groups of servers: ServerGroup (parallel launch, RFC-102 wiring, failure detection) and the distributed jobs.
 */
package org.ox4j.client.group;
