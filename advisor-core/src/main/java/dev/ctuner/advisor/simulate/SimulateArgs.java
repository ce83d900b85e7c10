package dev.ctuner.advisor.simulate;

import dev.ctuner.advisor.bench.BenchArgs;
import java.util.HashMap;
import java.util.Map;

/** {@code --name value} options of {@link SimulateMain}. */
final class SimulateArgs {

    private final Map<String, String> options = new HashMap<>();

    /** Takes the options {@code usage} names, and those {@code alsoAccepted} names (a table passing options on to SimulateMain). */
    SimulateArgs(String[] args, String usage, String... alsoAccepted) {
        options.putAll(BenchArgs.options(args, 0, usage, alsoAccepted));
    }

    String text(String name, String fallback) {
        return options.getOrDefault(name, fallback);
    }

    boolean has(String name) {
        return options.containsKey(name);
    }

    int integer(String name, int fallback) {
        return options.containsKey(name) ? Integer.parseInt(options.get(name)) : fallback;
    }

    double real(String name, double fallback) {
        return options.containsKey(name) ? Double.parseDouble(options.get(name)) : fallback;
    }
}
