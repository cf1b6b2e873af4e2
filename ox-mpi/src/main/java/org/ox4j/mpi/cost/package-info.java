/**
 * Point-to-point cost models (Hockney, packet with header overhead), their robust fit from ping-pong
 * measurements, and their storage. See {@code specs/src/main/markdown/collectives.md}, section "Cost model".
 */
package org.ox4j.mpi.cost;
