/**
 * The Java master: OxClient (one server, asynchronous requests, reset, mathcap policy) and its options.
 */
package org.ox4j.client;
