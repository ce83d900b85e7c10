package dev.ctuner.advisor.cli;

import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import dev.ctuner.advisor.security.users.Passwords;
import dev.ctuner.advisor.security.users.UserAccount;
import dev.ctuner.advisor.security.users.UserTable;
import dev.ctuner.advisor.security.users.UsersFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code users add|passwd|remove|list}: manages the advisor's users file, so nobody types a bcrypt
 * hash. Passwords come from the console (asked twice), from standard input ({@code --password-stdin},
 * one line) or are generated ({@code --generate}, printed once); they are never logged or echoed.
 * The running advisor picks a change up at the next sign-in.
 *
 * <pre>{@code
 * int exit = UsersCommand.execute(new String[] {"add", "alice", "--role", "OPERATOR", "--generate"},
 *         settings, io, Passwords.COST);    // 0: done, 1: refused (the reason on stderr), 2: bad usage
 * }</pre>
 */
@Command(name = "users",
        description = "Manages who may sign in to the advisor (REST API and UI). Changes take effect at the next sign-in.")
public final class UsersCommand implements Callable<Integer> {

    /**
     * Where the users are and who else is configured.
     *
     * @param configured users under ctuner.advisor.security.users in the settings, with their roles
     */
    public record Settings(Path usersFile, Map<String, Role> configured, Path initialAdminPasswordFile) {
        public Settings {
            configured = Map.copyOf(configured);
        }

        int configuredOperators() {
            return (int) configured.values().stream().filter(r -> r == Role.OPERATOR).count();
        }
    }

    /** The console; {@link #readPassword} returns null when there is none. */
    public interface Terminal {
        char[] readPassword(String prompt);
    }

    /** Where passwords come from and answers go. */
    public record Io(InputStream stdin, PrintWriter out, PrintWriter err, Terminal terminal, SecureRandom random) {
    }

    private final Settings settings;
    private final Io io;
    private final int cost;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    Help help;

    /** {@code -h}/{@code --help} on every command (no {@code --version}: the jar's name carries it). */
    static final class Help {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Shows this help.")
        boolean help;
    }

    private UsersCommand(Settings settings, Io io, int cost) {
        this.settings = settings;
        this.io = io;
        this.cost = cost;
    }

    /** Runs {@code args} (after the word {@code users}); @return the exit code */
    public static int execute(String[] args, Settings settings, Io io, int cost) {
        UsersCommand users = new UsersCommand(settings, io, cost);
        CommandLine line = new CommandLine(users)
                .addSubcommand(users.new Add())
                .addSubcommand(users.new Passwd())
                .addSubcommand(users.new Remove())
                .addSubcommand(users.new ListUsers());
        line.setOut(io.out()).setErr(io.err());
        line.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof IllegalArgumentException || e instanceof UncheckedIOException) {
                io.err().println("error: " + e.getMessage());
                io.err().println("Nothing was changed.");
                return 1;
            }
            throw e;
        });
        int exit = line.execute(args);
        io.out().flush();
        io.err().flush();
        return exit;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(io.err());
        return 2;
    }

    @Command(name = "add", description = "Adds a user.")
    final class Add implements Callable<Integer> {
        @CommandLine.Mixin
        Help help;

        @Parameters(index = "0", paramLabel = "NAME", description = "Letters, digits, '.', '_', '@', '-'.")
        String name;

        @Option(names = "--role", required = true, paramLabel = "ROLE",
                description = "OPERATOR (reads, approves, rolls out) or VIEWER (reads only).")
        String role;

        @Option(names = "--clusters", paramLabel = "ID,ID",
                description = "Only these clusters may this OPERATOR change (comma-separated cluster ids); every cluster when left out.")
        String clusters;

        @Option(names = "--password-stdin", description = "Read the password from the first line of standard input.")
        boolean stdin;

        @Option(names = "--generate", description = "Generate a random password and print it once.")
        boolean generate;

        @Override
        public Integer call() {
            UserAccount.checkName(name);
            Role parsed = UserAccount.parseRole(role);
            var scope = UserAccount.parseClusters(clusters);
            new UserAccount(name, parsed, sample(name, parsed).passwordHash(), scope);   // a bad cluster id: refused before the password
            boolean firstUser = UsersFile.read(settings.usersFile()).isEmpty() && settings.configured().isEmpty();
            UsersFile.read(settings.usersFile()).add(sample(name, parsed), settings.configured().keySet());  // refuse before asking
            String secret = obtainPassword(name, stdin, generate);
            UserAccount account = new UserAccount(name, parsed, Passwords.hash(secret, cost), scope);
            UsersFile.update(settings.usersFile(), t -> t.add(account, settings.configured().keySet()));
            io.out().println("Added " + account + " to " + settings.usersFile().toAbsolutePath() + ".");
            if (generate) {
                io.out().println("Password of " + name + " (shown once, keep it now): " + secret);
            }
            if (firstUser && Files.exists(settings.initialAdminPasswordFile())) {
                io.out().println("The initial admin password in " + settings.initialAdminPasswordFile().toAbsolutePath()
                        + " no longer signs in; delete that file.");
            }
            return 0;
        }
    }

    @Command(name = "passwd", description = "Sets a new password for a user of the users file.")
    final class Passwd implements Callable<Integer> {
        @CommandLine.Mixin
        Help help;

        @Parameters(index = "0", paramLabel = "NAME")
        String name;

        @Option(names = "--password-stdin", description = "Read the password from the first line of standard input.")
        boolean stdin;

        @Option(names = "--generate", description = "Generate a random password and print it once.")
        boolean generate;

        @Override
        public Integer call() {
            requireInFile(name);
            String secret = obtainPassword(name, stdin, generate);
            String hash = Passwords.hash(secret, cost);
            UsersFile.update(settings.usersFile(), t -> t.withPasswordHash(name, hash));
            io.out().println("Changed the password of " + name + " in " + settings.usersFile().toAbsolutePath() + ".");
            if (generate) {
                io.out().println("Password of " + name + " (shown once, keep it now): " + secret);
            }
            return 0;
        }
    }

    @Command(name = "remove", description = "Removes a user of the users file.")
    final class Remove implements Callable<Integer> {
        @CommandLine.Mixin
        Help help;

        @Parameters(index = "0", paramLabel = "NAME")
        String name;

        @Override
        public Integer call() {
            requireInFile(name);
            UsersFile.update(settings.usersFile(), t -> t.remove(name, settings.configuredOperators()));
            io.out().println("Removed " + name + " from " + settings.usersFile().toAbsolutePath() + ".");
            return 0;
        }
    }

    @Command(name = "list", description = "Lists users with their roles (never a password or hash).")
    final class ListUsers implements Callable<Integer> {
        @CommandLine.Mixin
        Help help;

        @Override
        public Integer call() {
            UserTable file = UsersFile.read(settings.usersFile());
            if (file.isEmpty() && settings.configured().isEmpty()) {
                io.out().println("No users in " + settings.usersFile().toAbsolutePath() + " or the settings: 'admin' (OPERATOR) "
                        + "signs in with the password in " + settings.initialAdminPasswordFile().toAbsolutePath() + ".");
                return 0;
            }
            io.out().printf("%-24s %-9s %-24s %s%n", "NAME", "ROLE", "CLUSTERS", "WHERE");
            file.accounts().forEach(a -> io.out().printf("%-24s %-9s %-24s %s%n", a.name(), a.role(),
                    a.clusters().isEmpty() ? "all" : String.join(",", a.clusters()), "users file"));
            settings.configured().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
                    io.out().printf("%-24s %-9s %-24s %s%n", e.getKey(), e.getValue(), "", "ctuner.advisor.security.users"));
            return 0;
        }
    }

    /** From standard input, generated, or asked twice on the console. */
    private String obtainPassword(String user, boolean stdin, boolean generate) {
        if (stdin && generate) {
            throw new IllegalArgumentException("give --password-stdin or --generate, not both");
        }
        if (generate) {
            return Passwords.generate(io.random());
        }
        if (stdin) {
            return Passwords.check(readLine(io.stdin()));
        }
        char[] first = io.terminal().readPassword("Password for " + user + ": ");
        if (first == null) {
            throw new IllegalArgumentException("no console to ask for the password on: pipe it in with --password-stdin, "
                    + "or let the command make one with --generate");
        }
        char[] second = io.terminal().readPassword("The same password again: ");
        try {
            if (second == null || !Arrays.equals(first, second)) {
                throw new IllegalArgumentException("the two passwords differ");
            }
            return Passwords.check(new String(first));
        } finally {
            Arrays.fill(first, '\0');
            if (second != null) {
                Arrays.fill(second, '\0');
            }
        }
    }

    private void requireInFile(String name) {
        UserAccount.checkName(name);
        if (UsersFile.read(settings.usersFile()).find(name).isPresent()) {
            return;
        }
        if (settings.configured().containsKey(name)) {
            throw new IllegalArgumentException("user '" + name + "' is configured under ctuner.advisor.security.users in the "
                    + "advisor's settings, not in the users file; change it there, or delete it there and add it here");
        }
        if (name.equals("admin") && settings.configured().isEmpty() && UsersFile.read(settings.usersFile()).isEmpty()) {
            throw new IllegalArgumentException("'admin' is the initial account with the generated password in "
                    + settings.initialAdminPasswordFile().toAbsolutePath() + "; to choose its password, add it as a real "
                    + "user: users add admin --role OPERATOR");
        }
        UsersFile.read(settings.usersFile()).require(name);   // throws: no such user, naming those that exist
    }

    /** An account to test whether adding the name would be refused, before asking for a password. */
    private static UserAccount sample(String name, Role role) {
        return new UserAccount(name, role, "$2a$04$" + "a".repeat(53));
    }

    private static String readLine(InputStream in) {
        try {
            String line = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).readLine();
            if (line == null) {
                throw new IllegalArgumentException("standard input is empty; give the password on its first line");
            }
            return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the password from standard input: " + e.getMessage(), e);
        }
    }
}
