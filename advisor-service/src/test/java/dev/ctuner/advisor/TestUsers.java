package dev.ctuner.advisor;

import java.nio.file.Path;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The advisor settings a Spring test starts from: an H2 file database, the users file and the
 * initial-password file in {@code dir}, and users with one password (bcrypt at the lowest cost, to keep tests fast).
 *
 * <pre>{@code
 * TestUsers.database(registry, dir);
 * TestUsers.users(registry, "correct horse", "olga", "OPERATOR", "victor", "VIEWER");
 * }</pre>
 */
public final class TestUsers {

    private TestUsers() {
    }

    public static void database(DynamicPropertyRegistry registry, Path dir) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:file:" + dir.resolve("advisor").toAbsolutePath());
        registry.add("ctuner.advisor.security.initial-admin-password-file", () -> dir.resolve("pw").toString());
        registry.add("ctuner.advisor.security.users-file", () -> dir.resolve("users").toString());
    }

    /** A user at position {@code index} of the settings' list who may change only {@code clusters}. */
    public static void limited(DynamicPropertyRegistry registry, int index, String name, String role, String password, String clusters) {
        String hash = new BCryptPasswordEncoder(4).encode(password);
        registry.add("ctuner.advisor.security.users[" + index + "].name", () -> name);
        registry.add("ctuner.advisor.security.users[" + index + "].password-hash", () -> hash);
        registry.add("ctuner.advisor.security.users[" + index + "].roles", () -> role);
        registry.add("ctuner.advisor.security.users[" + index + "].clusters", () -> clusters);
    }

    /** @param namesAndRoles user name, role, user name, role, ... */
    public static void users(DynamicPropertyRegistry registry, String password, String... namesAndRoles) {
        String hash = new BCryptPasswordEncoder(4).encode(password);
        for (int i = 0; i < namesAndRoles.length / 2; i++) {
            String name = namesAndRoles[2 * i];
            String role = namesAndRoles[2 * i + 1];
            registry.add("ctuner.advisor.security.users[" + i + "].name", () -> name);
            registry.add("ctuner.advisor.security.users[" + i + "].password-hash", () -> hash);
            registry.add("ctuner.advisor.security.users[" + i + "].roles", () -> role);
        }
    }
}
