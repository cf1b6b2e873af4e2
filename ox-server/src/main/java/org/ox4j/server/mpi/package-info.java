/**
 * The messaging layer as seen by masters: the {@code mpi_*} functions ({@link org.ox4j.server.mpi.MpiFunctions})
 * over one world communicator per RFC-102 peer group ({@link org.ox4j.server.mpi.MpiWorld}), and the in-server
 * collective timer behind {@code mpi_time} ({@link org.ox4j.server.mpi.CollectiveTimer}). Specified in
 * {@code specs/src/main/markdown/peer-messaging.md}, section "Functions for masters".
 */
package org.ox4j.server.mpi;
