package org.ox4j.client;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

/**
 * The master works with any OX server: nothing of ox4j's server, kernel or messaging layer (the POM keeps them off
 * the class path; this rule keeps reflection and copied names out too), and no cycle between its packages. The
 * imported classes are checked to be there, so an empty import cannot make the rules pass.
 */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.ox4j.client");

    /** One slice per top-level package; the root package (OxClient and its options) is a slice of its own. */
    private static final SliceAssignment TOP_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            if (!name.startsWith("org.ox4j.client")) {
                return SliceIdentifier.ignore();
            }
            String[] parts = name.split("\\.");
            return SliceIdentifier.of(parts.length > 3 ? parts[3] : "(root)");
        }

        @Override
        public String getDescription() {
            return "the top-level packages of ox-master-client, its root package included";
        }
    };

    @Test
    void theRulesSeeTheClient() {
        assertThat(CLASSES.contain(OxClient.class)).isTrue();
        assertThat(CLASSES.contain(org.ox4j.client.group.ServerGroup.class)).isTrue();
    }

    @Test
    void noServerSide() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("org.ox4j.server..", "org.ox4j.algebra..", "org.ox4j.mpi..").check(CLASSES);
    }

    @Test
    void packagesFormNoCycle() {
        slices().assignedFrom(TOP_PACKAGES).should().beFreeOfCycles().check(CLASSES);
    }
}
