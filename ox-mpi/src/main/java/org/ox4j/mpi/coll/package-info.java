/**
 * Collective operations on a {@link org.ox4j.mpi.comm.Communicator}: the {@link
 * org.ox4j.mpi.coll.Collectives} facade, one class per algorithm with its α-β cost, and the {@link
 * org.ox4j.mpi.coll.CollectiveSelector}. See {@code specs/src/main/markdown/collectives.md}.
 */
package org.ox4j.mpi.coll;
