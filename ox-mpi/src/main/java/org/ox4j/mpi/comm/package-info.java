/**
 * MPI-style point-to-point messaging between the ranks of a server group: {@link
 * org.ox4j.mpi.comm.Communicator}, {@link org.ox4j.mpi.comm.Request}, {@link
 * org.ox4j.mpi.comm.Requests}, over the {@link org.ox4j.mpi.comm.PeerTransport} link contract. Wire form
 * and semantics: {@code specs/src/main/markdown/peer-messaging.md}.
 */
package org.ox4j.mpi.comm;
