/**
 * The ox4j specification as data: golden captures of real Asir / ox_asir sessions on the classpath
 * ({@link org.ox4j.specs.GoldenVectors}); the chapters themselves are Markdown under
 * {@code specs/src/main/markdown}.
 */
package org.ox4j.specs;
