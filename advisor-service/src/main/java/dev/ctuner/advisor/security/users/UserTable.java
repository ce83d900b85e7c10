package dev.ctuner.advisor.security.users;

import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The users of a users file, by name, and the rules for changing them: names are unique (also
 * against the users configured in the application's settings), and the last OPERATOR cannot be
 * removed, since nobody could then approve or roll out anything. Immutable; each change returns a
 * new table. No I/O: {@link UsersFile} reads and writes it.
 *
 * <pre>{@code
 * UserTable t = UserTable.parse(Files.readString(file), file.toString());
 * t = t.add(new UserAccount("bob", Role.VIEWER, hash), Set.of());
 * String text = t.format();    // "# ...\nalice:OPERATOR:$2a$12$...\nbob:VIEWER:$2a$12$...\n"
 * }</pre>
 *
 * The file format, one user a line: {@code name:ROLE:bcrypt-hash}, or {@code name:ROLE:bcrypt-hash:id,id}
 * for an OPERATOR who may change only those clusters; lines starting with {@code #} and blank lines
 * are ignored.
 */
public final class UserTable {

    static final String HEADER = """
            # Users of the ctuner advisor: name:ROLE:bcrypt-hash[:cluster,cluster], one a line (ROLE is OPERATOR or VIEWER;
            # with clusters, an OPERATOR may change only those).
            # Managed with: java -jar advisor-service-<version>-exec.jar users add|passwd|remove|list
            # The advisor reads this file at start and again whenever it changes.
            """;

    private static final UserTable EMPTY = new UserTable(new TreeMap<>());

    private final SortedMap<String, UserAccount> byName;

    private UserTable(SortedMap<String, UserAccount> byName) {
        this.byName = byName;
    }

    public static UserTable empty() {
        return EMPTY;
    }

    public static UserTable of(Collection<UserAccount> accounts) {
        UserTable t = EMPTY;
        for (UserAccount a : accounts) {
            t = t.add(a, Set.of());
        }
        return t;
    }

    /**
     * @param source named in error messages (the file's path)
     * @throws IllegalArgumentException naming every bad line, with its number and what is wrong
     */
    public static UserTable parse(String text, String source) {
        SortedMap<String, UserAccount> accounts = new TreeMap<>();
        List<String> errors = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split(":", -1);
            String where = source + " line " + (i + 1) + ": ";
            if (fields.length != 3 && fields.length != 4) {
                errors.add(where + "expected name:ROLE:bcrypt-hash or name:ROLE:bcrypt-hash:cluster,cluster, found " + (fields.length)
                        + " field(s)");
                continue;
            }
            try {
                UserAccount a = new UserAccount(fields[0], UserAccount.parseRole(fields[1]), fields[2],
                        UserAccount.parseClusters(fields.length == 4 ? fields[3] : ""));
                if (accounts.putIfAbsent(a.name(), a) != null) {
                    errors.add(where + "user '" + a.name() + "' appears a second time");
                }
            } catch (IllegalArgumentException e) {
                errors.add(where + e.getMessage());
            }
        }
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", errors));
        }
        return new UserTable(accounts);
    }

    /** The file's text: a header that says how to manage it, then one line per user in name order. */
    public String format() {
        StringBuilder out = new StringBuilder(HEADER);
        byName.values().forEach(a -> out.append(a.name()).append(':').append(a.role().name()).append(':')
                .append(a.passwordHash()).append(a.clusters().isEmpty() ? "" : ":" + String.join(",", a.clusters())).append('\n'));
        return out.toString();
    }

    /**
     * @param namesElsewhere users configured outside this table (the application's settings)
     * @throws IllegalArgumentException when the name is taken here or there
     */
    public UserTable add(UserAccount account, Set<String> namesElsewhere) {
        if (byName.containsKey(account.name())) {
            throw new IllegalArgumentException("user '" + account.name() + "' already exists; change the password with "
                    + "'users passwd " + account.name() + "', or remove the user first to change the role");
        }
        if (namesElsewhere.contains(account.name())) {
            throw new IllegalArgumentException("user '" + account.name() + "' is configured under "
                    + "ctuner.advisor.security.users in the advisor's settings; a name may be defined in one place only");
        }
        SortedMap<String, UserAccount> next = new TreeMap<>(byName);
        next.put(account.name(), account);
        return new UserTable(next);
    }

    /**
     * @param operatorsElsewhere OPERATORs configured outside this table, who keep the advisor operable
     * @throws IllegalArgumentException for an unknown user, or when this is the last OPERATOR
     */
    public UserTable remove(String name, int operatorsElsewhere) {
        UserAccount account = require(name);
        if (account.role() == Role.OPERATOR && operators() == 1 && operatorsElsewhere == 0) {
            throw new IllegalArgumentException("'" + name + "' is the last OPERATOR; without one nobody could approve or "
                    + "roll out a change. Add another first (users add NAME --role OPERATOR), then remove '" + name + "'");
        }
        SortedMap<String, UserAccount> next = new TreeMap<>(byName);
        next.remove(name);
        return new UserTable(next);
    }

    /** @throws IllegalArgumentException for an unknown user */
    public UserTable withPasswordHash(String name, String hash) {
        UserAccount account = require(name);
        SortedMap<String, UserAccount> next = new TreeMap<>(byName);
        next.put(name, account.withPasswordHash(hash));
        return new UserTable(next);
    }

    public Optional<UserAccount> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** In name order. */
    public List<UserAccount> accounts() {
        return List.copyOf(byName.values());
    }

    public boolean isEmpty() {
        return byName.isEmpty();
    }

    public long operators() {
        return byName.values().stream().filter(a -> a.role() == Role.OPERATOR).count();
    }

    /** @throws IllegalArgumentException for an unknown user, naming those that exist */
    public UserAccount require(String name) {
        UserAccount account = byName.get(name);
        if (account == null) {
            throw new IllegalArgumentException("no user '" + name + "' in the users file"
                    + (byName.isEmpty() ? " (it has no users yet)" : "; it has " + String.join(", ", byName.keySet())));
        }
        return account;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UserTable other && byName.equals(other.byName);
    }

    @Override
    public int hashCode() {
        return byName.hashCode();
    }

    @Override
    public String toString() {
        return byName.values().toString();
    }
}
