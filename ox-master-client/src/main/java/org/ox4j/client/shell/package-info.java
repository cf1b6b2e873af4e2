/**
 * oxsh, the interactive and scripted shell of the master.
 */
package org.ox4j.client.shell;
