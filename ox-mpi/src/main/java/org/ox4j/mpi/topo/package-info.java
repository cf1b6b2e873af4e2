/**
 * Logical topologies (ring, 2-D torus, hypercube), Gray-code embeddings, binomial trees and the textbook
 * schedules as data. See {@code specs/src/main/markdown/collectives.md}, section "Topologies".
 */
package org.ox4j.mpi.topo;
