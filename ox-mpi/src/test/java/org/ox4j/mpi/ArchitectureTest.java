package org.ox4j.mpi;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The messaging layer stands on the CMO codec alone: nothing of the server, the algebra, OX transport or Netty,
 * and no cycle between its packages. The imported classes are checked to be there, so an empty import cannot make
 * the rules pass.
 */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.ox4j.mpi");

    @Test
    void theRulesSeeTheMessagingLayer() {
        org.assertj.core.api.Assertions.assertThat(CLASSES.contain(org.ox4j.mpi.comm.Communicator.class)).isTrue();
        org.assertj.core.api.Assertions.assertThat(CLASSES.contain(org.ox4j.mpi.cost.CostModel.class)).isTrue();
    }

    @Test
    void onlyTheCodecBelow() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("org.ox4j.server..", "org.ox4j.algebra..", "org.ox4j.protocol..",
                        "org.ox4j.client..", "io.netty..", "cc.redberry..")
                .check(CLASSES);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("org.ox4j.mpi.(*)..").should().beFreeOfCycles().check(CLASSES);
    }
}
