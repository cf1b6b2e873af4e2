package org.ox4j.server;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
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
 * The server's packages in layers, bottom up: {@code eval} (evaluation errors, the interrupt flag) and the root
 * package (limits, what a session service may know); {@code algebra} (values); {@code function} (the calling
 * convention and the builtins); {@code lang} (the local language); {@code sm} (the stack machine and its
 * extension points); {@code rfc102} and {@code mpi} (plug-ins found by the service loader); {@code session};
 * {@code control}; {@code launch}; {@code cli}. A layer uses only layers below it, and no two packages depend on
 * each other, the root package included. The imported classes are checked to be there, so an empty import cannot
 * make the rules pass.
 */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.ox4j.server");

    /** One slice per top-level package of ox-server; the root package is a slice of its own. */
    private static final SliceAssignment TOP_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            if (!name.startsWith("org.ox4j.server")) {
                return SliceIdentifier.ignore();
            }
            String[] parts = name.split("\\.");
            return SliceIdentifier.of(parts.length > 3 ? parts[3] : "(root)");
        }

        @Override
        public String getDescription() {
            return "the top-level packages of ox-server, its root package included";
        }
    };

    @Test
    void theRulesSeeTheServer() {
        assertThat(CLASSES.contain(ServerLimits.class)).isTrue();
        assertThat(CLASSES.contain(org.ox4j.server.session.Session.class)).isTrue();
        assertThat(CLASSES.contain(org.ox4j.server.rfc102.PeerGroup.class)).isTrue();
    }

    @Test
    void packagesFormNoCycle() {
        slices().assignedFrom(TOP_PACKAGES).should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void layersPointDown() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Base").definedBy("org.ox4j.server", "org.ox4j.server.eval..")
                .layer("Algebra").definedBy("org.ox4j.server.algebra..")
                .layer("Function").definedBy("org.ox4j.server.function..")
                .layer("Lang").definedBy("org.ox4j.server.lang..")
                .layer("StackMachine").definedBy("org.ox4j.server.sm..")
                .layer("Rfc102").definedBy("org.ox4j.server.rfc102..")
                .layer("Mpi").definedBy("org.ox4j.server.mpi..")
                .layer("Session").definedBy("org.ox4j.server.session..")
                .layer("Control").definedBy("org.ox4j.server.control..")
                .layer("Launch").definedBy("org.ox4j.server.launch..")
                .layer("Cli").definedBy("org.ox4j.server.cli..")
                .whereLayer("Cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("Launch").mayOnlyBeAccessedByLayers("Cli")
                .whereLayer("Control").mayOnlyBeAccessedByLayers("Launch", "Cli")
                .whereLayer("Session").mayOnlyBeAccessedByLayers("Control", "Launch", "Cli")
                .whereLayer("Mpi").mayNotBeAccessedByAnyLayer()
                .whereLayer("Rfc102").mayOnlyBeAccessedByLayers("Mpi")
                .whereLayer("StackMachine").mayOnlyBeAccessedByLayers("Rfc102", "Mpi", "Session")
                .whereLayer("Lang").mayOnlyBeAccessedByLayers("Session")
                .whereLayer("Function").mayOnlyBeAccessedByLayers("Lang", "StackMachine", "Rfc102", "Mpi", "Session")
                .whereLayer("Algebra").mayOnlyBeAccessedByLayers("Function", "Lang", "StackMachine", "Rfc102", "Mpi",
                        "Session")
                .check(CLASSES);
    }
}
