package org.ox4j.cmo;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The codec at the bottom of the design: values and bytes only, no transport, nothing of the modules above it, and
 * no cycle between its packages. The imported classes are checked to be there, so an empty import cannot make the
 * rules pass.
 */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.ox4j.cmo");

    @Test
    void theRulesSeeTheCodec() {
        assertThat(CLASSES.contain(CmoList.class)).isTrue();
        assertThat(CLASSES.contain(org.ox4j.cmo.io.CmoReader.class)).isTrue();
    }

    @Test
    void noTransportNoUpperModule() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.netty..", "java.net..", "java.nio.channels..",
                "org.ox4j.protocol..", "org.ox4j.algebra..", "org.ox4j.mpi..", "org.ox4j.server..", "org.ox4j.client..")
                .check(CLASSES);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("org.ox4j.cmo.(**)").should().beFreeOfCycles().check(CLASSES);
    }
}
