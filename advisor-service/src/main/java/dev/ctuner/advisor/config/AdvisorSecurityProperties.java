package dev.ctuner.advisor.config;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Who may use the REST API and the UI, under {@code ctuner.advisor.security}. Users live in the
 * users file, managed by the advisor's own command
 * ({@code java -jar advisor-service-<version>-exec.jar users add alice --role OPERATOR}), and may also be
 * listed here; a name may be in one place only. Passwords here are bcrypt hashes only; plain text
 * is refused at start-up.
 *
 * <pre>
 * ctuner.advisor.security.users-file: /var/lib/ctuner/users
 * ctuner.advisor.security.users[0].name: alice
 * ctuner.advisor.security.users[0].password-hash: $2y$12$...
 * ctuner.advisor.security.users[0].roles: OPERATOR
 * </pre>
 *
 * With no users in either place, the advisor creates the user {@code admin} (OPERATOR), with a
 * random password written once to {@code initial-admin-password-file} (readable by its owner only);
 * the log names the file, never the password.
 *
 * @param users users listed in the settings, each with {@code name}, {@code password-hash} (bcrypt only) and
 *        {@code roles} (VIEWER, OPERATOR), and optionally {@code clusters}: the only cluster ids an OPERATOR may change
 *        (empty: every cluster); a name may not also be in the users file
 * @param usersFile users managed by the {@code users} command (name:ROLE:bcrypt-hash lines, optionally :cluster,cluster);
 *        read again when it changes
 * @param initialAdminPasswordFile where the random password of the user {@code admin} is written, once, when no
 *        user exists in either place (readable by its owner only); the log names this file, never the password
 */
@Validated
@ConfigurationProperties("ctuner.advisor.security")
public record AdvisorSecurityProperties(
        @DefaultValue @Valid List<User> users,
        @DefaultValue("./data/users") @NotNull Path usersFile,
        @DefaultValue("./data/initial-admin-password") @NotNull Path initialAdminPasswordFile) {

    /** VIEWER reads; OPERATOR also submits, approves, rejects and starts, pauses or aborts rollouts. */
    public enum Role { VIEWER, OPERATOR }

    /** One API user. */
    public record User(@NotEmpty String name, @NotEmpty String passwordHash, @NotEmpty Set<Role> roles, Set<String> clusters) {

        private static final Pattern BCRYPT = Pattern.compile("^(\\{bcrypt})?\\$2[aby]?\\$\\d\\d\\$[./A-Za-z0-9]{53}$");

        /** A user whose roles hold for every cluster. */
        public User(String name, String passwordHash, Set<Role> roles) {
            this(name, passwordHash, roles, Set.of());
        }

        @ConstructorBinding
        public User {
            clusters = clusters == null ? Set.of() : Set.copyOf(clusters);
            if (passwordHash != null && !BCRYPT.matcher(passwordHash).matches()) {
                throw new IllegalArgumentException("password-hash of user '" + name
                        + "' is not a bcrypt hash ($2a$/$2b$/$2y$ + cost + 53 characters); plain passwords are not accepted");
            }
        }
    }
}
