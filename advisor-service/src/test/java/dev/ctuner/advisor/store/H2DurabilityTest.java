package dev.ctuner.advisor.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A process killed right after its commits keeps them: a child JVM commits rows through a pool
 * that {@link H2Durability} prepared and halts without closing anything (as SIGKILL would); the
 * rows are then read back. Without the processor H2 loses them (0 of 50 in three tries here). The
 * same on PostgreSQL, which the processor leaves alone: there the server keeps what was committed.
 */
class H2DurabilityTest {

    private static final int ROWS = 50;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(StoreDatabase.class)
    void commitsSurviveAProcessThatIsKilledRightAfterThem(StoreDatabase database) throws Exception {
        String url = database.url(dir);
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), Writer.class.getName(), url, database.user()));
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        builder.environment().put(Writer.PASSWORD, database.password());   // not on the command line, where ps shows it
        Process child = builder.start();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("child finished").isTrue();
        assertThat(child.exitValue()).as("the child halts with 7 after its commits").isEqualTo(7);

        try (HikariDataSource reopened = pool(url, database.user(), database.password()); Connection c = reopened.getConnection();
             ResultSet r = c.createStatement().executeQuery("SELECT COUNT(*) FROM t")) {
            r.next();
            assertThat(r.getInt(1)).as("rows committed before the kill").isEqualTo(ROWS);
        }
    }

    @Test
    void onlyH2FileDatabasesAreTouched() {
        assertThat(H2Durability.isH2File("jdbc:h2:file:./data/advisor;AUTO_SERVER=FALSE")).isTrue();
        assertThat(H2Durability.isH2File("jdbc:h2:./data/advisor")).isTrue();
        assertThat(H2Durability.isH2File("jdbc:h2:mem:test")).isFalse();
        assertThat(H2Durability.isH2File("jdbc:h2:tcp://db:9092/advisor")).isFalse();
        assertThat(H2Durability.isH2File("jdbc:postgresql://db/advisor")).isFalse();
        assertThat(H2Durability.isH2File(null)).isFalse();

        HikariDataSource postgres = new HikariDataSource();
        postgres.setJdbcUrl("jdbc:postgresql://db/advisor");
        new H2Durability().postProcessBeforeInitialization(postgres, "dataSource");
        assertThat(postgres.getConnectionInitSql()).isNull();
    }

    private static HikariDataSource pool(String url, String user, String password) {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(url);
        pool.setUsername(user);
        pool.setPassword(password);
        return (HikariDataSource) new H2Durability().postProcessBeforeInitialization(pool, "dataSource");
    }

    /** The child: commits {@link #ROWS} rows one by one, then halts with no shutdown hooks. */
    public static final class Writer {
        static final String PASSWORD = "CTUNER_TEST_WRITER_PASSWORD";

        public static void main(String[] args) throws Exception {
            HikariDataSource pool = pool(args[0], args[1], System.getenv().getOrDefault(PASSWORD, ""));
            try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE t (i INT)");
                for (int i = 0; i < ROWS; i++) {
                    s.execute("INSERT INTO t VALUES (" + i + ")");
                }
            }
            Runtime.getRuntime().halt(7);
        }
    }
}
