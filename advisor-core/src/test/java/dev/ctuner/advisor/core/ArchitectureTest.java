package dev.ctuner.advisor.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Keeps {@code ..core..} pure (STYLE.md "Pure core, thin adapters"). Enforced on production
 * classes of the advisor: no dependency on Spring, Kafka, JDBC ({@code java.sql}), networking
 * ({@code java.net}), file access ({@code java.io.File*}, {@code RandomAccessFile},
 * {@code java.nio.file}), clocks ({@code java.time.Clock}, {@code InstantSource},
 * {@code System.currentTimeMillis/nanoTime}, the no-argument {@code now()} of Instant and the java.time date/time types) and unseeded
 * randomness ({@code Math.random}, {@code new Random()}, {@code ThreadLocalRandom},
 * {@code SecureRandom}). Not enforced: what libraries the core calls do internally (Jenetics reads
 * a clock for its own duration statistics), nor state hidden in static fields.
 */
@AnalyzeClasses(packages = "dev.ctuner.advisor", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String CORE = "dev.ctuner.advisor.core..";

    @ArchTest
    static final ArchRule noFrameworksOrIo = noClasses().that().resideInAPackage(CORE)
            .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "org.apache.kafka..",
                    "java.sql..", "javax.sql..", "jakarta..", "tools.jackson..", "java.net..", "java.nio.file..",
                    "java.nio.channels..", "dev.ctuner.advisor.store..", "dev.ctuner.advisor.api..", "dev.ctuner.advisor.ingest..",
                    "dev.ctuner.advisor.rollout..")
            .because("the core takes data in and returns data; adapters do the I/O");

    @ArchTest
    static final ArchRule noFileClasses = noClasses().that().resideInAPackage(CORE)
            .should().dependOnClassesThat().haveFullyQualifiedName("java.io.File")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileInputStream")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileOutputStream")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileReader")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileWriter")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.RandomAccessFile");

    @ArchTest
    static final ArchRule noClock = noClasses().that().resideInAPackage(CORE)
            .should().dependOnClassesThat().haveFullyQualifiedName("java.time.Clock")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.time.InstantSource")
            .orShould().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(System.class, "nanoTime")
            .orShould().callMethod(java.time.Instant.class, "now")
            .orShould().callMethod(java.time.LocalDateTime.class, "now")
            .orShould().callMethod(java.time.LocalDate.class, "now")
            .orShould().callMethod(java.time.LocalTime.class, "now")
            .orShould().callMethod(java.time.ZonedDateTime.class, "now")
            .orShould().callMethod(java.time.OffsetDateTime.class, "now")
            .because("time is measured by the caller and passed in");

    @ArchTest
    static final ArchRule noHiddenRandomness = noClasses().that().resideInAPackage(CORE)
            .should().callMethod(Math.class, "random")
            .orShould().callConstructor(java.util.Random.class)
            .orShould().callMethod(java.util.UUID.class, "randomUUID")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.ThreadLocalRandom")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("java.security.SecureRandom")
            .because("every random choice takes a seed or a RandomGenerator argument");
}
