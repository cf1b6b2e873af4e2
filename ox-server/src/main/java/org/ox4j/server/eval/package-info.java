/**
 * The bottom layer of the server: evaluation errors (EvaluationException, ComputationInterruptedException) and
 * a session's interrupt flag (Interruption), which every long computation checks.
 */
package org.ox4j.server.eval;
