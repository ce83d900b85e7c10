package dev.ctuner.advisor.simulate;

import java.util.HashMap;
import java.util.Map;

/** {@code --name value} options of {@link SimulateMain}. */
final class SimulateArgs {

    private final Map<String, String> options = new HashMap<>();

    SimulateArgs(String[] args, String usage) {
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("expected --option value at '" + args[i] + "'; usage: " + usage);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
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
