/**
 * Asir syntax on the master's side: parsing values to CMO (AsirValueParser) and splitting programs.
 */
package org.ox4j.client.syntax;
