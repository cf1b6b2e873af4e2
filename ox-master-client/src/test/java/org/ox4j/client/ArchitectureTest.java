package org.ox4j.client;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The master must stay usable without the server: no class of ox-master-client may use org.ox4j.server. */
class ArchitectureTest {
    @Test
    void clientDoesNotDependOnTheServer() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.ox4j.client");
        noClasses().that().resideInAPackage("org.ox4j.client..").should().dependOnClassesThat()
                .resideInAPackage("org.ox4j.server..").check(classes);
    }
}
