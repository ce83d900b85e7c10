package dev.ctuner.advisor.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** ARCHITECTURE section 2: the core takes data and returns data; no Spring, JDBC, HTTP, Kafka, clock or hidden randomness. */
class PureCoreTest {

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.ctuner.advisor.core");

    @Test
    void coreUsesNoFrameworkOrIo() {
        noClasses().that().resideInAPackage("dev.ctuner.advisor.core..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "java.sql..", "javax.sql..",
                        "jakarta..", "org.apache.kafka..", "tools.jackson..", "java.net..", "java.nio.file..",
                        "dev.ctuner.advisor.store..", "dev.ctuner.advisor.api..")
                .check(CORE);
    }

    @Test
    void coreReadsNoClockAndDrawsNoUnseededRandomness() {
        noClasses().that().resideInAPackage("dev.ctuner.advisor.core..")
                .should().callMethod(java.time.Instant.class, "now")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(System.class, "nanoTime")
                .orShould().callMethod(Math.class, "random")
                .orShould().callConstructor(java.util.Random.class)
                .orShould().dependOnClassesThat().belongToAnyOf(java.time.Clock.class, java.util.UUID.class,
                        java.security.SecureRandom.class)
                .check(CORE);
    }
}
