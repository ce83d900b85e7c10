package dev.ctuner.advisor.cli;

import dev.ctuner.advisor.security.users.Passwords;
import dev.ctuner.advisor.store.ExperimentSampleStore;
import java.io.Console;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Set;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The commands the advisor jar runs instead of the server when its first argument names one.
 *
 * <pre>
 * java -jar advisor-service-&lt;version&gt;-exec.jar users add alice --role OPERATOR
 * java -jar advisor-service-&lt;version&gt;-exec.jar users list
 * java -jar advisor-service-&lt;version&gt;-exec.jar experiments import docs/data/*.csv
 * java -jar advisor-service-&lt;version&gt;-exec.jar            (no command: the server)
 * </pre>
 */
public final class AdvisorCommands {

    private static final Set<String> COMMANDS = Set.of("users", "experiments");

    private AdvisorCommands() {
    }

    /** True when {@code args} start with a command rather than the server's options. */
    public static boolean isCommand(String[] args) {
        return args.length > 0 && COMMANDS.contains(args[0]);
    }

    /** Runs the command; @return its exit code */
    public static int run(String[] args) {
        if (args[0].equals("experiments")) {
            return experiments(Arrays.copyOfRange(args, 1, args.length));
        }
        Console console = System.console();
        UsersCommand.Io io = new UsersCommand.Io(System.in,
                new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8),
                prompt -> console == null ? null : console.readPassword("%s", prompt), new SecureRandom());
        UsersCommand.Settings settings;
        try {
            settings = CommandLineSettings.users();
        } catch (RuntimeException e) {
            io.err().println("error: cannot read the advisor's settings: " + rootMessage(e));
            return 1;
        }
        return UsersCommand.execute(Arrays.copyOfRange(args, 1, args.length), settings, io, Passwords.COST);
    }

    private static int experiments(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        ConfigurableApplicationContext[] database = new ConfigurableApplicationContext[1];
        try {
            return ExperimentsCommand.execute(args, () -> {
                try {
                    database[0] = CommandLineSettings.database();
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("cannot open the advisor's database: " + rootMessage(e)
                            + " (an H2 database is locked while the advisor runs: stop it first, or use PostgreSQL)", e);
                }
                return new ExperimentSampleStore(database[0].getBean(JdbcClient.class));
            }, out, err);
        } finally {
            if (database[0] != null) {
                database[0].close();
            }
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }
}
