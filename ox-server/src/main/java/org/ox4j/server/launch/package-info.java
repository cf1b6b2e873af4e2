/**
 * The launch forms of the server (ox launcher form, inherited sockets, the daemon) and the listeners and port
 * files they use.
 */
package org.ox4j.server.launch;
