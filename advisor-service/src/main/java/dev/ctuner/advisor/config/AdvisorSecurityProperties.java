package dev.ctuner.advisor.config;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Who may use the REST API, under {@code ctuner.advisor.security}. Passwords are configured only as
 * bcrypt hashes (make one with {@code htpasswd -nbBC 12 "" 'secret' | cut -d: -f2}); plain text is
 * refused at start-up.
 *
 * <pre>
 * ctuner.advisor.security.users[0].name: alice
 * ctuner.advisor.security.users[0].password-hash: $2y$12$...
 * ctuner.advisor.security.users[0].roles: OPERATOR
 * </pre>
 *
 * With no users configured, the advisor creates the user {@code admin} (OPERATOR) once, with a
 * random password written to {@code initial-admin-password-file} (readable by its owner only);
 * the log names the file, never the password.
 */
@Validated
@ConfigurationProperties("ctuner.advisor.security")
public record AdvisorSecurityProperties(
        @DefaultValue @Valid List<User> users,
        @DefaultValue("./data/initial-admin-password") @NotNull Path initialAdminPasswordFile) {

    /** VIEWER reads; OPERATOR also submits, approves, rejects and starts, pauses or aborts rollouts. */
    public enum Role { VIEWER, OPERATOR }

    /** One API user. */
    public record User(@NotEmpty String name, @NotEmpty String passwordHash, @NotEmpty Set<Role> roles) {

        private static final Pattern BCRYPT = Pattern.compile("^(\\{bcrypt})?\\$2[aby]?\\$\\d\\d\\$[./A-Za-z0-9]{53}$");

        public User {
            if (passwordHash != null && !BCRYPT.matcher(passwordHash).matches()) {
                throw new IllegalArgumentException("password-hash of user '" + name
                        + "' is not a bcrypt hash ($2a$/$2b$/$2y$ + cost + 53 characters); plain passwords are not accepted");
            }
        }
    }
}
