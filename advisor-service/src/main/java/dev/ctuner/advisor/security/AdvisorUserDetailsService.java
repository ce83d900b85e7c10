package dev.ctuner.advisor.security;

import dev.ctuner.advisor.config.AdvisorSecurityProperties;
import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import dev.ctuner.advisor.security.users.UserAccount;
import dev.ctuner.advisor.security.users.UserTable;
import dev.ctuner.advisor.security.users.UsersFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;

/**
 * Who may sign in: the users configured under {@code ctuner.advisor.security.users}, plus those of
 * the users file ({@code ctuner.advisor.security.users-file}, managed by the {@code users} command),
 * or, when neither has any, {@code admin} with the generated initial password. The file is read at
 * start (a bad file stops the advisor with every bad line named) and again at the next sign-in after
 * it changed; a bad change is logged and the users read before stay in force.
 *
 * <pre>{@code
 * UserDetailsService users = new AdvisorUserDetailsService(properties, () -> encoder.encode(initialPassword()));
 * }</pre>
 */
public final class AdvisorUserDetailsService implements UserDetailsService {

    private static final Logger log = LoggerFactory.getLogger(AdvisorUserDetailsService.class);

    static final String INITIAL_ADMIN = "admin";

    /** One user as Spring Security needs it: name, bcrypt hash, roles with OPERATOR expanded, clusters (empty: all). */
    private record Entry(String name, String hash, String[] roles, Set<String> clusters) {
    }

    private record Snapshot(UsersFile.Stamp stamp, Map<String, Entry> users) {
    }

    private final Map<String, Entry> configured = new LinkedHashMap<>();
    private final Path usersFile;
    private final Path initialAdminPasswordFile;
    private final Supplier<String> initialAdminHash;
    private String initialAdminHashMemo;
    private volatile Snapshot snapshot;

    /**
     * @param initialAdminHash the bcrypt hash of the initial admin's password, asked for only when no user exists
     * @throws IllegalStateException when the users file is unreadable, malformed or repeats a configured name
     */
    public AdvisorUserDetailsService(AdvisorSecurityProperties properties, Supplier<String> initialAdminHash) {
        for (AdvisorSecurityProperties.User user : properties.users()) {
            String hash = user.passwordHash().startsWith("{bcrypt}")
                    ? user.passwordHash().substring("{bcrypt}".length()) : user.passwordHash();
            if (configured.put(user.name(), new Entry(user.name(), hash, expand(user.roles()), user.clusters())) != null) {
                throw new IllegalStateException("user '" + user.name() + "' is configured twice under ctuner.advisor.security.users");
            }
        }
        this.usersFile = properties.usersFile();
        this.initialAdminPasswordFile = properties.initialAdminPasswordFile();
        this.initialAdminHash = initialAdminHash;
        UsersFile.Stamp stamp = UsersFile.stamp(usersFile);
        try {
            snapshot = new Snapshot(stamp, merge(UsersFile.read(usersFile)));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the users file " + usersFile.toAbsolutePath() + " cannot be used: "
                    + e.getMessage(), e);
        }
        warnIfOpen();
        log.info("{} user(s) may sign in: {} from ctuner.advisor.security.users, the rest from {}{}",
                snapshot.users().size(), configured.size(), usersFile.toAbsolutePath(),
                stamp.exists() ? "" : " (no such file yet)");
    }

    @Override
    public UserDetails loadUserByUsername(String username) {
        Entry entry = current().get(username);
        if (entry == null) {
            throw new UsernameNotFoundException("no such user");
        }
        // a new object each time: Spring Security erases the password of the one it authenticated
        List<GrantedAuthority> authorities = new ArrayList<>();
        for (String role : entry.roles()) {
            authorities.add(new SimpleGrantedAuthority("ROLE_" + role));
        }
        entry.clusters().forEach(c -> authorities.add(new SimpleGrantedAuthority(ClusterScope.AUTHORITY_PREFIX + c)));
        return User.withUsername(entry.name()).password(entry.hash()).authorities(authorities).build();
    }

    private Map<String, Entry> current() {
        Snapshot s = snapshot;
        UsersFile.Stamp now = UsersFile.stamp(usersFile);
        if (now.equals(s.stamp())) {
            return s.users();
        }
        synchronized (this) {
            s = snapshot;
            if (!now.equals(s.stamp())) {
                try {
                    snapshot = new Snapshot(now, merge(UsersFile.read(usersFile)));
                    log.info("the users file {} changed: {} user(s) may sign in now", usersFile.toAbsolutePath(),
                            snapshot.users().size());
                    warnIfOpen();
                } catch (RuntimeException e) {
                    // keep who could sign in before; do not retry until the file changes again
                    snapshot = new Snapshot(now, s.users());
                    log.error("the users file {} changed but cannot be used, the users read before stay in force: {}",
                            usersFile.toAbsolutePath(), e.getMessage());
                }
            }
            return snapshot.users();
        }
    }

    private Map<String, Entry> merge(UserTable file) {
        Map<String, Entry> all = new LinkedHashMap<>(configured);
        List<String> clashes = new ArrayList<>();
        for (UserAccount a : file.accounts()) {
            if (all.putIfAbsent(a.name(), new Entry(a.name(), a.passwordHash(), expand(Set.of(a.role())), a.clusters())) != null) {
                clashes.add(a.name());
            }
        }
        if (!clashes.isEmpty()) {
            throw new IllegalArgumentException("user(s) " + clashes + " are both in the users file and under "
                    + "ctuner.advisor.security.users; remove them from one of the two");
        }
        if (all.isEmpty()) {
            all.put(INITIAL_ADMIN, new Entry(INITIAL_ADMIN, initialAdminHash(), expand(Set.of(Role.OPERATOR)), Set.of()));
            log.warn("No users exist: user '{}' (OPERATOR) signs in with the password in {}. Create your own users with "
                    + "'java -jar advisor-service-<version>-exec.jar users add NAME --role OPERATOR', then delete that file.",
                    INITIAL_ADMIN, initialAdminPasswordFile.toAbsolutePath());
        }
        return Collections.unmodifiableMap(all);
    }

    private synchronized String initialAdminHash() {
        if (initialAdminHashMemo == null) {
            initialAdminHashMemo = initialAdminHash.get();
        }
        return initialAdminHashMemo;
    }

    private void warnIfOpen() {
        if (UsersFile.openToOthers(usersFile)) {
            log.warn("the users file {} may be read or written by other accounts than its owner; "
                    + "make it owner-only: chmod 600 {}", usersFile.toAbsolutePath(), usersFile.toAbsolutePath());
        }
    }

    /** OPERATOR includes VIEWER. */
    static String[] expand(Set<Role> roles) {
        Set<String> names = new LinkedHashSet<>();
        roles.forEach(r -> names.add(r.name()));
        if (roles.contains(Role.OPERATOR)) {
            names.add(Role.VIEWER.name());
        }
        return names.toArray(String[]::new);
    }
}
