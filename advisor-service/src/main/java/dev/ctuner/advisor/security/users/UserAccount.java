package dev.ctuner.advisor.security.users;

import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import java.util.Collections;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * One advisor user as the users file keeps it: a name, one role (OPERATOR includes VIEWER), a
 * bcrypt hash of the password, never the password itself, and the clusters an OPERATOR may change
 * (empty: all of them; reading is never limited). {@link #toString()} leaves the hash out, so an
 * account can be logged.
 *
 * <pre>{@code
 * UserAccount alice = new UserAccount("alice", Role.OPERATOR, Passwords.hash("correct horse"));
 * }</pre>
 */
public record UserAccount(String name, Role role, String passwordHash, SortedSet<String> clusters) {

    /** Cluster ids as the sidecars report them: no comma, colon, space or control character. */
    public static final Pattern CLUSTER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,199}");

    /** An account whose role holds for every cluster. */
    public UserAccount(String name, Role role, String passwordHash) {
        this(name, role, passwordHash, new TreeSet<>());
    }

    /** Letters, digits and {@code . _ @ -}, starting with a letter or digit; no colon, space or control character. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");

    /** $2a$, $2b$ or $2y$, a two-digit cost, then 53 characters of salt and hash. */
    public static final Pattern BCRYPT = Pattern.compile("\\$2[aby]?\\$\\d\\d\\$[./A-Za-z0-9]{53}");

    public UserAccount {
        checkName(name);
        if (role == null) {
            throw new IllegalArgumentException("user '" + name + "' has no role; give OPERATOR or VIEWER");
        }
        if (passwordHash == null || !BCRYPT.matcher(passwordHash).matches()) {
            throw new IllegalArgumentException("the password hash of user '" + name
                    + "' is not a bcrypt hash ($2a$/$2b$/$2y$, a cost, then 53 characters)");
        }
        clusters = Collections.unmodifiableSortedSet(new TreeSet<>(clusters == null ? Set.of() : clusters));
        for (String cluster : clusters) {
            if (!CLUSTER.matcher(cluster).matches()) {
                throw new IllegalArgumentException("'" + cluster + "' is not a cluster id (user '" + name + "'): use letters, digits,"
                        + " '.', '_' or '-', starting with a letter or digit");
            }
        }
    }

    /** @param text cluster ids separated by commas; blank: all clusters */
    public static SortedSet<String> parseClusters(String text) {
        SortedSet<String> clusters = new TreeSet<>();
        if (text != null) {
            for (String part : text.split(",")) {
                if (!part.isBlank()) {
                    clusters.add(part.strip());
                }
            }
        }
        return clusters;
    }

    /** @throws IllegalArgumentException saying which characters a name may have */
    public static String checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("'" + (name == null ? "" : name) + "' is not a valid user name: use 1 to 64 "
                    + "letters, digits, '.', '_', '@' or '-', starting with a letter or digit");
        }
        return name;
    }

    /** @throws IllegalArgumentException listing the roles when {@code text} is none of them */
    public static Role parseRole(String text) {
        for (Role r : Role.values()) {
            if (r.name().equalsIgnoreCase(text == null ? "" : text.strip())) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown role '" + text + "': use OPERATOR (may change things) or VIEWER (reads only)");
    }

    public UserAccount withPasswordHash(String hash) {
        return new UserAccount(name, role, hash, clusters);
    }

    @Override
    public String toString() {
        return name + " (" + role + (clusters.isEmpty() ? "" : " of " + String.join(", ", clusters)) + ")";
    }
}
