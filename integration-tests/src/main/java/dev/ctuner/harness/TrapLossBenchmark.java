package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import dev.ctuner.advisor.core.experiment.MannWhitney;
import dev.ctuner.sidecar.bench.KeyDistribution;
import dev.ctuner.sidecar.bench.LoadControl;
import dev.ctuner.sidecar.bench.Loader;
import dev.ctuner.sidecar.bench.OperationMix;
import dev.ctuner.sidecar.bench.Phase;
import dev.ctuner.sidecar.bench.Replication;
import dev.ctuner.sidecar.bench.RunResult;
import dev.ctuner.sidecar.bench.Schedule;
import dev.ctuner.sidecar.bench.Schema;
import dev.ctuner.sidecar.bench.WorkloadDriver;
import dev.ctuner.sidecar.bench.WorkloadSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Benchmark (not a test): what a mis-tuning that needs a restart costs a real 3-node ring (RF=3) on
 * this machine, before the tuning loop is asked to win it back. The mis-tuning is a set of
 * {@code cassandra.yaml} values applied by a rolling restart (drain, stop, edit, start, one node at
 * a time); the default is the yaml the harness starts with. Rounds of a closed-loop QUORUM workload
 * alternate between the two in ABBA order, each configuration warmed up after its rolling restart,
 * so that a drift over the run falls on both arms. Reports each arm's mean and spread, the ratio
 * mis-tuned / default with a Mann-Whitney test over the rounds, and writes it as markdown.
 */
@Command(name = "bench-trap-loss", mixinStandardHelpOptions = true,
        description = "Throughput a restart-only mis-tuning costs a 3-node ring, default against mis-tuned in ABBA rounds.")
public final class TrapLossBenchmark implements Callable<Integer> {

    private static final String KEYSPACE = "trapbench";

    @Option(names = "--trap", required = true, split = ",",
            description = "the mis-tuning, yaml key=value pairs separated by commas (e.g. memtable_cleanup_threshold=0.01)")
    Map<String, String> trap = new LinkedHashMap<>();
    @Option(names = "--read", defaultValue = "0.5", description = "share of reads; the rest are updates (default ${DEFAULT-VALUE})")
    double read;
    @Option(names = "--threads", defaultValue = "32", description = "requests in flight, closed loop (default ${DEFAULT-VALUE})")
    int threads;
    @Option(names = "--records", defaultValue = "50000", description = "rows loaded before the rounds (default ${DEFAULT-VALUE})")
    long records;
    @Option(names = "--blocks", defaultValue = "2", description = "ABBA blocks; each holds two rounds of each arm (default ${DEFAULT-VALUE})")
    int blocks;
    @Option(names = "--round-seconds", defaultValue = "30", description = "length of a measured round (default ${DEFAULT-VALUE})")
    int roundSeconds;
    @Option(names = "--warmup-seconds", defaultValue = "90", description = "load after each rolling restart before rounds count "
            + "(default ${DEFAULT-VALUE})")
    int warmupSeconds;
    @Option(names = "--out", defaultValue = "docs/benchmarks/trap-loss.md", description = "the report (default ${DEFAULT-VALUE})")
    Path out;

    private final AtomicLong errors = new AtomicLong();

    public static void main(String[] args) {
        System.exit(new CommandLine(new TrapLossBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (blocks < 1 || roundSeconds < 5 || threads < 1 || read < 0 || read > 1) {
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "need --blocks ≥ 1, --round-seconds ≥ 5, --threads ≥ 1 and --read between 0 and 1");
        }
        Path root = Path.of("").toAbsolutePath();
        ServerRuntime runtime = ServerRuntime.locate(root);
        Path dir = root.resolve("run/bench-trap-loss");
        CassandraCluster.deleteRecursively(dir);
        List<Double> defaults = new ArrayList<>();
        List<Double> traps = new ArrayList<>();
        List<String> log = new ArrayList<>();
        Map<String, Object> original = new LinkedHashMap<>();
        try (CassandraCluster ring = CassandraCluster.builder(runtime, dir.resolve("ring")).name("bench-trap").nodes(3).build()) {
            ring.start();
            original.putAll(RollingYaml.current(ring.node(1), trap.keySet()));   // null: absent, Cassandra's own default applies
            try (CqlSession session = ring.session()) {
                Schema schema = new Schema(KEYSPACE);
                schema.create(session, Replication.simple(3));
                new Loader(session, schema).load(records, 64, 1, DefaultConsistencyLevel.QUORUM);
                boolean trapped = false;
                double firstWarm = round(session, warmupSeconds);
                log.add(String.format(Locale.ROOT, "start: warm-up %d s at %.0f ops/s (not counted)", warmupSeconds, firstWarm));
                for (int b = 0; b < blocks; b++) {
                    for (boolean wantTrap : new boolean[] {false, true, true, false}) {
                        if (wantTrap != trapped) {
                            Duration took = RollingYaml.restartWith(ring, session, wantTrap ? RollingYaml.typed(trap) : original);
                            trapped = wantTrap;
                            log.add(String.format(Locale.ROOT, "block %d: rolling restart to %s took %.0f s", b + 1,
                                    trapped ? "mis-tuned" : "default", took.toMillis() / 1000.0));
                            double warm = round(session, warmupSeconds);
                            log.add(String.format(Locale.ROOT, "block %d: warm-up %d s at %.0f ops/s (not counted)", b + 1, warmupSeconds, warm));
                        }
                        double ops = round(session, roundSeconds);
                        (trapped ? traps : defaults).add(ops);
                        System.out.printf(Locale.ROOT, "block %d %s: %.0f ops/s%n", b + 1, trapped ? "mis-tuned" : "default", ops);
                    }
                }
                if (trapped) {
                    RollingYaml.restartWith(ring, session, original);
                }
            }
        }
        String report = report(defaults, traps, log);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, report);
        System.out.println(report);
        CassandraCluster.deleteRecursively(dir);
        return 0;
    }

    private double round(CqlSession session, int seconds) {
        RunResult r = new WorkloadDriver().run(session, WorkloadSpec.builder().keyspace(KEYSPACE).recordCount(records)
                        .seed(System.nanoTime()).consistency(DefaultConsistencyLevel.QUORUM).build(),
                Schedule.of(Phase.builder("mixed").duration(Duration.ofSeconds(seconds))
                        .mix(OperationMix.builder().read(read).update(1 - read).build()).keys(KeyDistribution.zipfian())
                        .load(new LoadControl.ClosedLoop(threads)).build()));
        errors.addAndGet(r.errors());
        System.out.printf(Locale.ROOT, "round of %d s: %.0f ops/s, %d errors%n", seconds, r.throughput(), r.errors());
        return r.throughput();
    }

    private String report(List<Double> defaults, List<Double> traps, List<String> log) {
        BenchStats d = BenchStats.of(defaults);
        BenchStats t = BenchStats.of(traps);
        MannWhitney.Result test = MannWhitney.test(traps.stream().mapToDouble(Double::doubleValue).toArray(),
                defaults.stream().mapToDouble(Double::doubleValue).toArray());
        StringBuilder md = new StringBuilder("# What a restart-only mis-tuning costs a 3-node ring\n\n");
        md.append("Measured ").append(Instant.now()).append(" on ").append(RolloutBenchmark.machine()).append(".\n");
        md.append("A fresh 3-node ring (Cassandra 5.0, heap 512 MiB, 16 vnodes per node, keyspace RF=3, ").append(records)
                .append(" rows), the client on the same machine.\n");
        md.append(String.format(Locale.ROOT, "Load: the project's workload driver, closed loop with %d requests in flight, QUORUM, read %.2f / "
                + "update %.2f, zipfian keys; %d s rounds.%n", threads, read, 1 - read, roundSeconds));
        md.append("Mis-tuning: `").append(trap).append("` in every node's cassandra.yaml, applied by a rolling restart; "
                + "default: the values the harness starts with. ").append(blocks).append(" ABBA block(s), each configuration warmed up for ")
                .append(warmupSeconds).append(" s under the same load after its rolling restart.\n\n");
        md.append("Command: `").append(commandLine()).append("`\n\n");
        md.append("| arm | rounds | mean ops/s | sd | min | max | mean / default |\n|---|---|---|---|---|---|---|\n");
        md.append(String.format(Locale.ROOT, "| default | %d | %.0f | %.0f | %.0f | %.0f | 1.000 |%n", d.n(), d.mean(), d.sd(), d.min(), d.max()));
        md.append(String.format(Locale.ROOT, "| mis-tuned | %d | %.0f | %.0f | %.0f | %.0f | %.3f |%n%n", t.n(), t.mean(), t.sd(), t.min(), t.max(),
                t.mean() / d.mean()));
        md.append(String.format(Locale.ROOT, "Mann-Whitney over the rounds, mis-tuned against default: U = %.1f, p = %.4f%s.%n%n", test.u(),
                test.pValue(), test.exact() ? " (exact)" : ""));
        md.append("Rounds in order, default: ").append(format(defaults)).append("; mis-tuned: ").append(format(traps)).append(".\n\n");
        log.forEach(l -> md.append("* ").append(l).append('\n'));
        md.append(String.format(Locale.ROOT, "%nFailed operations over all rounds and restarts: %d.%n", errors.get()));
        return md.toString();
    }

    private String commandLine() {
        StringBuilder trapArg = new StringBuilder();
        trap.forEach((k, v) -> trapArg.append(trapArg.isEmpty() ? "" : ",").append(k).append('=').append(v));
        return String.format(Locale.ROOT, "scripts/bench-trap-loss.sh --trap %s --read %s --threads %d --records %d --blocks %d "
                + "--round-seconds %d --warmup-seconds %d", trapArg, read, threads, records, blocks, roundSeconds, warmupSeconds);
    }

    private static String format(List<Double> values) {
        return String.join(", ", values.stream().map(v -> String.format(Locale.ROOT, "%.0f", v)).toList());
    }
}
