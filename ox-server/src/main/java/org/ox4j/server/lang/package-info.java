/**
 * The local language of SM_executeStringByLocalParser: lexer, parser and interpreter (AsirLanguage), an
 * Asir-compatible subset with limits on depth and steps. Implements function.LocalLanguage.
 */
package org.ox4j.server.lang;
