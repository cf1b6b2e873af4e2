/**
 * What every part of the master stands on: its exceptions, server addresses and the one way to wait for a future.
 */
package org.ox4j.client.core;
