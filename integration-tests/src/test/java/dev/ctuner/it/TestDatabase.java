package dev.ctuner.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A database of its own on the machine's PostgreSQL server, created for one test and dropped after it
 * (its connections ended first). Where the server is: {@code CTUNER_TEST_PG_URL} (default
 * {@code jdbc:postgresql://127.0.0.1:5432/postgres}), {@code CTUNER_TEST_PG_USER} (postgres) and
 * {@code CTUNER_TEST_PG_PASSWORD} (empty).
 */
final class TestDatabase implements AutoCloseable {

    static final String SERVER = env("CTUNER_TEST_PG_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
    static final String USER = env("CTUNER_TEST_PG_USER", "postgres");
    static final String PASSWORD = env("CTUNER_TEST_PG_PASSWORD", "");

    final String name;

    private TestDatabase(String name) {
        this.name = name;
    }

    static TestDatabase create(String prefix) throws SQLException {
        String name = prefix + "_" + System.currentTimeMillis();
        run("create database " + name);
        return new TestDatabase(name);
    }

    String url() {
        return SERVER.substring(0, SERVER.lastIndexOf('/') + 1) + name;
    }

    @Override
    public void close() throws SQLException {
        run("select pg_terminate_backend(pid) from pg_stat_activity where datname = '" + name + "' and pid <> pg_backend_pid()");
        run("drop database if exists " + name);
    }

    private static void run(String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(SERVER, USER, PASSWORD); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new SQLException("PostgreSQL at " + SERVER + " as " + USER + ": " + e.getMessage()
                    + " (is the server running? see CTUNER_TEST_PG_URL)", e);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
