package org.ox4j.protocol;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * OX framing above the codec: nothing of the modules above it, no cycle between its packages, and the blocking
 * framing (what the server runs on, with Netty off its class path) free of Netty. The imported classes are checked
 * to be there, so an empty import cannot make the rules pass.
 */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.ox4j.protocol");

    @Test
    void theRulesSeeTheProtocol() {
        assertThat(CLASSES.contain(OxMessage.class)).isTrue();
        assertThat(CLASSES.contain(org.ox4j.protocol.codec.OxMessageDecoder.class)).isTrue();
        assertThat(CLASSES.containPackage("org.ox4j.protocol.blocking")).isTrue();
    }

    @Test
    void nothingOfTheModulesAbove() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("org.ox4j.algebra..", "org.ox4j.mpi..", "org.ox4j.server..", "org.ox4j.client..")
                .check(CLASSES);
    }

    @Test
    void blockingFramingWithoutNetty() {
        noClasses().that().resideInAPackage("org.ox4j.protocol.blocking..").should().dependOnClassesThat()
                .resideInAPackage("io.netty..").check(CLASSES);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("org.ox4j.protocol.(**)").should().beFreeOfCycles().check(CLASSES);
    }
}
