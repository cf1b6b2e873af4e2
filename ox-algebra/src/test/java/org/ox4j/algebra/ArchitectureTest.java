package org.ox4j.algebra;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The kernel's place in the design: nothing of OX transport or of the server, no cycle between its packages, and
 * rings reached only through {@link RingsBridge}. The imported classes are checked to be there, so an empty
 * import cannot make the rules pass.
 */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.ox4j.algebra");

    @Test
    void theRulesSeeTheKernel() {
        org.assertj.core.api.Assertions.assertThat(CLASSES.contain(ZPoly.class)).isTrue();
        org.assertj.core.api.Assertions.assertThat(CLASSES.contain(org.ox4j.algebra.gb.F4.class)).isTrue();
    }

    @Test
    void noTransportNoServer() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("org.ox4j.protocol..", "org.ox4j.server..", "org.ox4j.client..", "io.netty..")
                .check(CLASSES);
    }

    @Test
    void ringsOnlyThroughTheBridge() {
        noClasses().that().doNotHaveSimpleName("RingsBridge").should().dependOnClassesThat()
                .resideInAPackage("cc.redberry.rings..").check(CLASSES);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("org.ox4j.algebra.(**)").should().beFreeOfCycles().check(CLASSES);
    }
}
