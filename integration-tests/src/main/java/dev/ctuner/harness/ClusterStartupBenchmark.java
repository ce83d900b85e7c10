package dev.ctuner.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark (not a test): how long a fresh single node, a fresh 3-node ring and a fresh Kafka broker
 * take to be usable on this machine, repeated, with mean and spread. The single node is the
 * same-run baseline the ring is compared with. Writes a markdown report.
 *
 * <p>Arguments: {@code [--repetitions R] [--out FILE] [--dir D]}.
 */
public final class ClusterStartupBenchmark {

    private ClusterStartupBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int repetitions = 3;
        Path out = Path.of("docs/benchmarks/cluster-startup.md");
        Path dir = Path.of("run/bench-startup");
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--repetitions" -> repetitions = Integer.parseInt(args[i + 1]);
                case "--out" -> out = Path.of(args[i + 1]);
                case "--dir" -> dir = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        ServerRuntime runtime = ServerRuntime.locate(Path.of("").toAbsolutePath());
        List<Double> single = new ArrayList<>();
        List<Double> ring = new ArrayList<>();
        List<Double> kafka = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        for (int r = 1; r <= repetitions; r++) {
            try (CassandraCluster one = CassandraCluster.builder(runtime, dir.resolve("single")).name("bench1").nodes(1).build()) {
                single.add(seconds(one.start()));
            }
            try (CassandraCluster three = CassandraCluster.builder(runtime, dir.resolve("ring")).name("bench3").nodes(3).build()) {
                ring.add(seconds(three.start()));
            }
            try (KafkaBroker broker = new KafkaBroker(runtime, dir.resolve("kafka"), 19092, "256m")) {
                kafka.add(seconds(broker.startFresh(Duration.ofSeconds(60))));
            }
            rows.add(String.format(Locale.ROOT, "| %d | %.1f | %.1f | %.2f | %.1f |", r, single.get(r - 1), ring.get(r - 1),
                    ring.get(r - 1) / single.get(r - 1), kafka.get(r - 1)));
            System.out.println(rows.get(rows.size() - 1));
        }
        StringBuilder md = new StringBuilder();
        md.append("# Cluster start-up times on this machine\n\n");
        md.append("Measured ").append(Instant.now()).append(" on ").append(Runtime.getRuntime().availableProcessors())
                .append(" cores, Cassandra 5.0.9 (heap 512 MiB, fast-start flags), Kafka 4.2.2 KRaft (heap 256 MiB).\n");
        md.append("Each start is fresh: directories wiped, yaml written, nodes joined one at a time, timed until every node is UN\n");
        md.append("(CQL port open, storage service NORMAL, all nodes live and none joining, as every node sees it).\n\n");
        md.append("Command: `scripts/bench-cluster-startup.sh --repetitions ").append(repetitions).append("`\n\n");
        md.append("| run | single node (s) | 3-node ring (s) | ring / single | Kafka broker (s) |\n|---|---|---|---|---|\n");
        rows.forEach(row -> md.append(row).append('\n'));
        md.append(summary("single node", single)).append(summary("3-node ring", ring)).append(summary("Kafka broker", kafka));
        md.append(String.format(Locale.ROOT, "%nTarget: ring in 60 s or less. Worst ring start here: %.1f s.%n",
                ring.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN)));
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, md.toString());
        System.out.println(md);
        CassandraCluster.deleteRecursively(dir);
    }

    private static double seconds(Duration d) {
        return d.toMillis() / 1000.0;
    }

    private static String summary(String what, List<Double> xs) {
        double mean = xs.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double var = xs.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / Math.max(1, xs.size() - 1);
        double min = xs.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        double max = xs.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        return String.format(Locale.ROOT, "%n- %s: mean %.1f s, sd %.1f s, min %.1f s, max %.1f s (n=%d)", what, mean, Math.sqrt(var), min, max, xs.size());
    }
}
