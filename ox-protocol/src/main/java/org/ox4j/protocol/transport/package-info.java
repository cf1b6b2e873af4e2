/**
 * Choice of Netty transport (native epoll or NIO), UNIX domain and TCP channel classes, adoption of sockets
 * inherited from a launcher, and socket options for small request/response traffic (TCP_NODELAY, TCP_QUICKACK).
 * Specs: openxm-wire.md §2.2 and Appendix C (fd 3/4 from Asir's launcher).
 */
package org.ox4j.protocol.transport;
