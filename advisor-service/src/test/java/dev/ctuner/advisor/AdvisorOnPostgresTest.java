package dev.ctuner.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.store.StoreDatabase;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.common.protocol.ClusterId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The advisor as an operator runs it on PostgreSQL: only {@code spring.datasource.*} changed.
 * Flyway migrates the empty database, the H2-only settings stay off, and the password never
 * appears in the log. Runs against the test run's database on the PostgreSQL server (see
 * {@link StoreDatabase}); fails when there is none.
 */
@SpringBootTest
@ExtendWith(OutputCaptureExtension.class)
@DirtiesContext
class AdvisorOnPostgresTest {

    /** With trust authentication the server ignores it; it still goes through every place a password goes. */
    static final String PASSWORD = StoreDatabase.POSTGRESQL.password().isEmpty() ? "s3cret-never-in-a-log-Zq81"
            : StoreDatabase.POSTGRESQL.password();

    static Path data;

    @Autowired
    DataSource dataSource;
    @Autowired
    TuningLoopStore loops;

    @DynamicPropertySource
    static void onPostgres(DynamicPropertyRegistry registry) throws Exception {
        data = Files.createTempDirectory("advisor-postgres-test");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        registry.add("ctuner.advisor.data-dir", () -> data.toString());
        registry.add("spring.datasource.url", () -> StoreDatabase.POSTGRESQL.url(data));
        registry.add("spring.datasource.username", StoreDatabase.POSTGRESQL::user);
        registry.add("spring.datasource.password", () -> PASSWORD);
    }

    @Test
    void migratesPostgresAndStoresThere(CapturedOutput output) {
        assertThat(dataSource).isInstanceOfSatisfying(HikariDataSource.class, hikari -> {
            assertThat(hikari.getJdbcUrl()).startsWith("jdbc:postgresql:");
            assertThat(hikari.getConnectionInitSql()).as("H2's WRITE_DELAY is not sent to PostgreSQL").isNull();
        });
        JdbcClient jdbc = JdbcClient.create(dataSource);
        assertThat(jdbc.sql("select count(*) from flyway_schema_history where success").query(Integer.class).single())
                .as("migrations applied").isGreaterThanOrEqualTo(5);
        assertThat(jdbc.sql("select version()").query(String.class).single()).startsWith("PostgreSQL");

        loops.ensure(new ClusterId("prod"), ApprovalPolicy.manual(), Instant.parse("2026-03-01T08:00:00Z"));
        assertThat(jdbc.sql("select count(*) from tuning_loop").query(Integer.class).single()).isEqualTo(1);
        assertThat(data.resolve("advisor.mv.db")).as("no H2 file next to PostgreSQL").doesNotExist();

        assertThat(output.getAll()).contains("PostgreSQL").doesNotContain(PASSWORD);
    }
}
