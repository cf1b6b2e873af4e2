/**
 * Starting servers: local processes, ssh, hostfiles, and the launched server's lifecycle.
 */
package org.ox4j.client.launch;
