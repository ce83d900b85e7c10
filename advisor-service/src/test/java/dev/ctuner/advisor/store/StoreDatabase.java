package dev.ctuner.advisor.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The databases the store tests run on: H2 in a file (the embedded default) and a real PostgreSQL
 * server (the production store). A test class takes one as its {@code @ParameterizedClass} argument
 * and gets, per {@code @TempDir}, a database of its own that is empty until Flyway migrates it.
 *
 * <p>PostgreSQL: each test run (JVM) creates one database with a unique name on the server and a
 * schema in it per test; the database is dropped when the JVM exits, whether the tests passed or
 * not. Where the server is, from system properties or else environment variables:
 * <pre>
 * ctuner.test.pg.url      / CTUNER_TEST_PG_URL       default jdbc:postgresql://127.0.0.1:5432/postgres
 * ctuner.test.pg.user     / CTUNER_TEST_PG_USER      default postgres
 * ctuner.test.pg.password / CTUNER_TEST_PG_PASSWORD  default empty
 * </pre>
 * The URL names the database the test database is created from (any the user may connect to). When
 * the server cannot be reached, the PostgreSQL variants fail and say where they looked; they are
 * never skipped.
 */
public enum StoreDatabase {

    H2 {
        @Override
        public String url(Path dir) {
            return "jdbc:h2:file:" + dir.resolve("advisor").toAbsolutePath();
        }

        @Override
        public String user() {
            return "sa";
        }

        @Override
        public String password() {
            return "";
        }
    },

    POSTGRESQL {
        @Override
        public String url(Path dir) {
            return PostgresRun.get().schemaUrl(dir);
        }

        @Override
        public String user() {
            return PostgresRun.USER;
        }

        @Override
        public String password() {
            return PostgresRun.PASSWORD;
        }
    };

    /** The JDBC URL of this test's database ({@code dir} is the test's own temporary directory). */
    public abstract String url(Path dir);

    public abstract String user();

    public abstract String password();

    /** This test's database, not pooled (each use opens a connection), as it is: call it again to reopen. */
    public DataSource dataSource(Path dir) {
        return new DriverManagerDataSource(url(dir), user(), password());
    }

    /** This test's database, migrated by Flyway from {@code db/migration} as in production. */
    public DataSource migrated(Path dir) {
        DataSource dataSource = dataSource(dir);
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        return dataSource;
    }

    /** The database of this test run on the PostgreSQL server, created on first use, dropped at exit. */
    static final class PostgresRun {

        static final String URL = setting("ctuner.test.pg.url", "CTUNER_TEST_PG_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
        static final String USER = setting("ctuner.test.pg.user", "CTUNER_TEST_PG_USER", "postgres");
        static final String PASSWORD = setting("ctuner.test.pg.password", "CTUNER_TEST_PG_PASSWORD", "");
        private static final Pattern SERVER_URL = Pattern.compile("(jdbc:postgresql://[^/?]+)(/[^?]*)?(\\?.*)?");

        private static PostgresRun run;
        private static IllegalStateException unreachable;

        private final String database;
        private final String databaseUrl;
        private final String parameters;
        private final Map<Path, String> schemas = new ConcurrentHashMap<>();
        private final AtomicInteger nextSchema = new AtomicInteger();

        private PostgresRun(String database, String databaseUrl, String parameters) {
            this.database = database;
            this.databaseUrl = databaseUrl;
            this.parameters = parameters;
        }

        /** The run's database; the first call creates it. Fails, every time, when the server cannot be reached. */
        static synchronized PostgresRun get() {
            if (unreachable != null) {
                throw unreachable;
            }
            if (run == null) {
                try {
                    run = create();
                } catch (SQLException | RuntimeException e) {
                    unreachable = new IllegalStateException("the PostgreSQL store tests need a PostgreSQL server; none answered at " + URL
                            + " as user " + USER + " (" + e.getMessage() + "). Start one (on Debian: pg_ctlcluster"
                            + " --skip-systemctl-redirect <version> main start) or point the tests at one with CTUNER_TEST_PG_URL,"
                            + " CTUNER_TEST_PG_USER and CTUNER_TEST_PG_PASSWORD (or -Dctuner.test.pg.url, .user, .password)", e);
                    throw unreachable;
                }
            }
            return run;
        }

        private static PostgresRun create() throws SQLException {
            Matcher m = SERVER_URL.matcher(URL);
            if (!m.matches()) {
                throw new IllegalArgumentException("not a jdbc:postgresql://host[:port]/database URL");
            }
            String name = "ctuner_test_" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss", Locale.ROOT))
                    + "_" + ProcessHandle.current().pid() + "_" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 16));
            DriverManager.setLoginTimeout(10);
            try (Connection c = DriverManager.getConnection(URL, USER, PASSWORD); Statement s = c.createStatement()) {
                s.execute("create database " + name);
            }
            String parameters = m.group(3) == null ? "" : m.group(3);
            PostgresRun created = new PostgresRun(name, m.group(1) + "/" + name, parameters);
            Runtime.getRuntime().addShutdownHook(new Thread(created::drop, "drop-" + name));
            return created;
        }

        /** A schema of its own per test directory, so tests never see each other's rows. */
        String schemaUrl(Path dir) {
            String schema = schemas.computeIfAbsent(dir.toAbsolutePath(), d -> {
                String name = "test_" + nextSchema.incrementAndGet();
                try (Connection c = DriverManager.getConnection(databaseUrl + parameters, USER, PASSWORD);
                     Statement s = c.createStatement()) {
                    s.execute("create schema " + name);
                } catch (SQLException e) {
                    throw new IllegalStateException("cannot create schema " + name + " in " + database + ": " + e.getMessage(), e);
                }
                return name;
            });
            return databaseUrl + (parameters.isEmpty() ? "?" : parameters + "&") + "currentSchema=" + schema;
        }

        private void drop() {
            try (Connection c = DriverManager.getConnection(URL, USER, PASSWORD); Statement s = c.createStatement()) {
                s.execute("drop database if exists " + database + " with (force)");
            } catch (SQLException e) {
                System.err.println("could not drop the test database " + database + " at " + URL + ": " + e.getMessage());
            }
        }

        private static String setting(String property, String variable, String fallback) {
            String value = System.getProperty(property);
            if (value == null || value.isBlank()) {
                value = System.getenv(variable);
            }
            return value == null || value.isBlank() ? fallback : value;
        }
    }
}
