/**
 * bin/ox-demo: the main job (ModularDemo), the S-pair check (GroebnerDemo), the basic tour, and test systems.
 */
package org.ox4j.client.demo;
