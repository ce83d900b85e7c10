package dev.ctuner.harness;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The loop-recovery benchmark's arguments. The mis-tuning is one of three kinds: the read stage shrunk
 * through JMX (live, the default), {@code cassandra.yaml} values applied by rolling restarts
 * ({@code --trap-yaml}), or options of the workload's table applied by ALTER TABLE, every node's
 * SSTables then rewritten ({@code --trap-table}).
 *
 * @param trapYaml  the restart-only mis-tuning ({@code cassandra.yaml} keys and values); empty unless chosen
 * @param trapTable the table mis-tuning (catalog names: {@code compression.class}, ...); empty unless chosen
 * @param read      the workload's read share, the rest updates
 * @param settle    load after each switch of a yaml or table trap before a round counts
 */
record LoopRecoveryOptions(int pairs, int roundSeconds, int threads, int trapThreads, Map<String, String> trapYaml,
                           Map<String, String> trapTable, double read, int settle, Path out) {

    static LoopRecoveryOptions parse(String... args) {
        int pairs = 5;
        int roundSeconds = 20;
        int threads = 8;
        int trap = 2;
        Map<String, String> yaml = new LinkedHashMap<>();
        Map<String, String> table = new LinkedHashMap<>();
        double read = 0.95;
        int settle = 60;
        Path out = Path.of("docs/benchmarks/closed-loop-recovery.md");
        for (int i = 0; i < args.length; i += 2) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + args[i]);
            }
            String v = args[i + 1];
            switch (args[i]) {
                case "--pairs" -> pairs = Integer.parseInt(v);
                case "--round-seconds" -> roundSeconds = Integer.parseInt(v);
                case "--threads" -> threads = Integer.parseInt(v);
                case "--trap-read-threads" -> trap = Integer.parseInt(v);
                case "--trap-yaml" -> yaml.putAll(pairs(args[i], v));
                case "--trap-table" -> table.putAll(pairs(args[i], v));
                case "--read" -> read = Double.parseDouble(v);
                case "--settle-seconds" -> settle = Integer.parseInt(v);
                case "--out" -> out = Path.of(v);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + "; use --pairs N, --round-seconds S, --threads T, --trap-read-threads R, --trap-yaml K=V[,K=V], "
                        + "--trap-table K=V[,K=V], --read R, --settle-seconds S, --out FILE");
            }
        }
        if (pairs < 2 || roundSeconds < 5 || threads < 1 || trap < 1 || read < 0 || read > 1 || settle < 0) {
            throw new IllegalArgumentException("need --pairs ≥ 2, --round-seconds ≥ 5, --threads ≥ 1, --trap-read-threads ≥ 1, "
                    + "--read between 0 and 1, --settle-seconds ≥ 0");
        }
        if (!yaml.isEmpty() && !table.isEmpty()) {
            throw new IllegalArgumentException("choose one mis-tuning: --trap-yaml or --trap-table, not both");
        }
        return new LoopRecoveryOptions(pairs, roundSeconds, threads, trap, Map.copyOf(yaml), Map.copyOf(table), read, settle, out);
    }

    private static Map<String, String> pairs(String option, String v) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : v.split(",")) {
            String[] kv = pair.split("=", 2);
            if (kv.length != 2 || kv[0].isBlank() || kv[1].isBlank()) {
                throw new IllegalArgumentException(option + " takes key=value pairs separated by commas, not '" + v + "'");
            }
            values.put(kv[0].trim(), kv[1].trim());
        }
        return values;
    }

    boolean yamlTrap() {
        return !trapYaml.isEmpty();
    }

    boolean tableTrap() {
        return !trapTable.isEmpty();
    }

    /** Verification skips this long after a rollout of restarts: the production default (2 minutes) or the settle. */
    int verifyWarmupSeconds() {
        return Math.max(120, settle);
    }

    String commandLine() {
        String trap = yamlTrap() ? " --trap-yaml " + joined(trapYaml) + " --settle-seconds " + settle
                : tableTrap() ? " --trap-table " + joined(trapTable) + " --settle-seconds " + settle
                : " --trap-read-threads " + trapThreads;
        return "scripts/bench-loop-recovery.sh --pairs " + pairs + " --round-seconds " + roundSeconds + " --threads " + threads
                + " --read " + read + trap;
    }

    private static String joined(Map<String, String> values) {
        return String.join(",", new TreeMap<>(values).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }
}
