package org.ox4j.benchmarks;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The benchmarks stay in their own packages (no class placed in another module's package), and their packages form
 * no cycle. The imported classes are checked to be there, so an empty import cannot make the rules pass.
 */
class ArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.ox4j");

    @Test
    void theRulesSeeTheBenchmarks() {
        assertThat(CLASSES.contain(org.ox4j.benchmarks.soak.SoakBench.class)).isTrue();
    }

    @Test
    void everyBenchmarkLivesUnderOrgOx4jBenchmarks() {
        noClasses().that().haveSimpleNameEndingWith("Benchmark").or().haveSimpleNameEndingWith("Bench")
                .should().resideOutsideOfPackage("org.ox4j.benchmarks..").check(CLASSES);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("org.ox4j.benchmarks.(*)..").should().beFreeOfCycles().check(CLASSES);
    }
}
