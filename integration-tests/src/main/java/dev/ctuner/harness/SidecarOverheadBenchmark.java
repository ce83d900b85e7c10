package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Benchmark (not a test): node throughput with the sidecar sampling vs paused, in one run,
 * interleaved ABBA so that drift cancels, on a fresh single node with a YCSB-A-like workload.
 * "Off" rounds pause the sidecar process with SIGSTOP (it keeps its memory, uses no CPU and starts
 * no sampler). Also reports the sidecar's resident memory. Writes a markdown report.
 *
 * <p>Arguments: {@code [--pairs N] [--round-seconds S] [--out FILE]}.
 */
public final class SidecarOverheadBenchmark {

    private SidecarOverheadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int pairs = 10;
        int roundSeconds = 15;
        int warmupSeconds = 120;
        double rate = 0;
        boolean defaults = false;
        Path out = Path.of("docs/benchmarks/sidecar-overhead.md");
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--pairs" -> pairs = Integer.parseInt(args[i + 1]);
                case "--round-seconds" -> roundSeconds = Integer.parseInt(args[i + 1]);
                case "--warmup-seconds" -> warmupSeconds = Integer.parseInt(args[i + 1]);
                case "--rate" -> rate = Double.parseDouble(args[i + 1]);
                case "--default-sampling" -> {
                    defaults = true;
                    i--; // a flag without a value
                }
                case "--out" -> out = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        Path root = Path.of("").toAbsolutePath();
        ServerRuntime runtime = ServerRuntime.locate(root);
        Path dir = root.resolve("run/bench-overhead");
        List<double[]> rounds = new ArrayList<>();
        long rssKiB;
        long peakKiB;
        try (CassandraCluster node = CassandraCluster.builder(runtime, dir.resolve("cassandra")).name("overhead").nodes(1).build();
             KafkaBroker broker = new KafkaBroker(runtime, dir.resolve("kafka"), 19092, "256m")) {
            broker.startFresh(Duration.ofSeconds(60));
            node.start();
            try (SidecarProcess sidecar = SidecarProcess.start(runtime, SidecarProcess.jar(root), dir.resolve("sidecar"), 18081,
                    defaults ? SidecarSettings.observing(node.node(1), broker, "ctuner")
                            : withSampling(SidecarSettings.observing(node.node(1), broker, "ctuner")));
                 CqlSession session = node.session()) {
                sidecar.awaitServing(Duration.ofSeconds(60));
                Schema schema = new Schema("overhead");
                schema.create(session, Replication.simple(1));
                new Loader(session, schema).load(50_000, 64, 1, DefaultConsistencyLevel.ONE);
                // Settle first: flush the load, let compaction finish, and warm the node's JIT until its throughput
                // stops climbing (it climbed 3x over the first minute in an earlier run).
                try (Jmx jmx = node.node(1).jmx()) {
                    jmx.flush("overhead");
                }
                Jmx.awaitNoPendingCompactions(node.node(1), Duration.ofMinutes(3));
                for (int w = 0; w < warmupSeconds / 20; w++) {
                    System.out.printf(Locale.ROOT, "warm-up %d: %.0f ops/s%n", w + 1, run(session, 20, 0).throughput());
                }
                long cassandraPid = node.node(1).pid().orElseThrow();
                for (int p = 0; p < pairs; p++) {
                    boolean onFirst = p % 2 == 0; // ABBA: on,off | off,on | on,off ...
                    double[] first = measure(session, sidecar, cassandraPid, onFirst, roundSeconds, rate);
                    double[] second = measure(session, sidecar, cassandraPid, !onFirst, roundSeconds, rate);
                    double[] on = onFirst ? first : second;
                    double[] off = onFirst ? second : first;
                    rounds.add(new double[] {on[0], off[0], cpuPerOp(on), cpuPerOp(off), on[2] / roundSeconds});
                    System.out.printf(Locale.ROOT, "pair %d: on %.0f ops/s, off %.0f ops/s, ratio %.3f; CPU us/op on %.1f off %.1f%n",
                            p + 1, on[0], off[0], on[0] / off[0], cpuPerOp(on), cpuPerOp(off));
                }
                sidecar.resume();
                rssKiB = sidecar.residentKiB().orElse(-1L);
                peakKiB = sidecar.peakResidentKiB().orElse(-1L);
            }
        }
        String report = report(rounds, roundSeconds, rate, defaults, rssKiB, peakKiB);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, report);
        System.out.println(report);
        CassandraCluster.deleteRecursively(dir);
    }

    /** One round: throughput, then CPU seconds used meanwhile by Cassandra, the sidecar and this client, and operations. */
    private static double[] measure(CqlSession session, SidecarProcess sidecar, long cassandraPid, boolean on, int seconds, double rate)
            throws Exception {
        if (on) {
            sidecar.resume();
        } else {
            sidecar.pause();
        }
        Thread.sleep(6_000); // let a sampler started before a pause expire (5 s), and the sidecar settle
        double c0 = cpuSeconds(cassandraPid);
        double s0 = cpuSeconds(sidecar.pid());
        double k0 = cpuSeconds(ProcessHandle.current().pid());
        RunResult result = run(session, seconds, rate);
        return new double[] {result.throughput(), cpuSeconds(cassandraPid) - c0, cpuSeconds(sidecar.pid()) - s0,
                cpuSeconds(ProcessHandle.current().pid()) - k0, result.operations() - result.errors()};
    }

    /** utime + stime of a process, in seconds. */
    static double cpuSeconds(long pid) throws java.io.IOException {
        return dev.ctuner.sidecar.bench.CpuMeter.processTicks(pid) / 100.0;
    }

    /** A closed loop of 32 requests in flight, or an open loop at {@code rate} ops/s when rate > 0. */
    private static RunResult run(CqlSession session, int seconds, double rate) {
        return new WorkloadDriver().run(session,
                WorkloadSpec.builder().keyspace("overhead").recordCount(50_000).seed(Instant.now().toEpochMilli())
                        .consistency(DefaultConsistencyLevel.ONE).build(),
                Schedule.of(Phase.builder("ycsb-a").duration(Duration.ofSeconds(seconds)).mix(OperationMix.ycsbA())
                        .keys(KeyDistribution.zipfian())
                        .load(rate > 0 ? new LoadControl.OpenLoop(rate, 256) : new LoadControl.ClosedLoop(32)).build()));
    }

    private static Map<String, String> withSampling(Map<String, String> settings) {
        settings.put("ctuner.sidecar.sampling.window", "10s");
        settings.put("ctuner.sidecar.sampling.key-reuse-sample-duration", "5s");
        return settings;
    }

    /** Microseconds of CPU (Cassandra + sidecar + client) per completed operation. */
    private static double cpuPerOp(double[] round) {
        return (round[1] + round[2] + round[3]) * 1e6 / round[4];
    }

    private static String report(List<double[]> rounds, int seconds, double rate, boolean defaults, long rssKiB, long peakKiB) {
        double[] ratios = rounds.stream().mapToDouble(r -> r[0] / r[1]).toArray();
        double meanOn = rounds.stream().mapToDouble(r -> r[0]).average().orElse(Double.NaN);
        double meanOff = rounds.stream().mapToDouble(r -> r[1]).average().orElse(Double.NaN);
        double meanRatio = java.util.Arrays.stream(ratios).average().orElse(Double.NaN);
        double sd = Math.sqrt(java.util.Arrays.stream(ratios).map(x -> (x - meanRatio) * (x - meanRatio)).sum() / Math.max(1, ratios.length - 1));
        double half = 2.262 * sd / Math.sqrt(ratios.length); // t(0.975, 9); exact for 10 pairs, close otherwise
        StringBuilder md = new StringBuilder("# Sidecar overhead on its node\n\n");
        md.append("Measured ").append(Instant.now()).append(" on this machine (2 cores; node, client, broker and sidecar all on it).\n");
        md.append("One fresh Cassandra 5.0.9 node (heap 512 MiB), 50,000 YCSB records (RF 1), YCSB-A mix (50% read, 50% update),\n");
        md.append("zipfian keys, ").append(rate > 0 ? String.format(Locale.ROOT, "open loop at a fixed %.0f ops/s (below capacity, so CPU per "
                + "operation is not tied to throughput)", rate) : "closed loop with 32 requests in flight").append(", ").append(seconds)
                .append(" s per round.\n");
        md.append("Sidecar: its runnable jar with `").append(String.join(" ", SidecarProcess.JVM_OPTIONS)).append("`,\n");
        md.append(defaults ? "its default sampling: window 30 s, the partition sampler on for 10 s of every window.\n"
                : "window 10 s and the partition sampler on for 5 s of every window (harsher than the default 10 s of 30 s).\n");
        md.append("\"Off\" = the sidecar process paused with SIGSTOP. Rounds in ABBA order; 6 s settle before each round.\n");
        md.append("Before the rounds: the load is flushed, compactions finish, and the workload runs for the warm-up period.\n\n");
        md.append("Command: `scripts/bench-sidecar-overhead.sh --pairs ").append(rounds.size()).append(" --round-seconds ").append(seconds)
                .append(rate > 0 ? String.format(Locale.ROOT, " --rate %.0f", rate) : "").append(defaults ? " --default-sampling" : "")
                .append("`\n\n");
        md.append("| pair | on (ops/s) | off (ops/s) | on / off | CPU per op on (us) | CPU per op off (us) | off / on | sidecar CPU (cores) |\n");
        md.append("|---|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < rounds.size(); i++) {
            double[] r = rounds.get(i);
            md.append(String.format(Locale.ROOT, "| %d | %.0f | %.0f | %.3f | %.1f | %.1f | %.3f | %.3f |%n", i + 1, r[0], r[1], ratios[i],
                    r[2], r[3], r[3] / r[2], r[4]));
        }
        double[] cpuRatios = rounds.stream().mapToDouble(r -> r[3] / r[2]).toArray();
        double cpuMean = java.util.Arrays.stream(cpuRatios).average().orElse(Double.NaN);
        double cpuSd = Math.sqrt(java.util.Arrays.stream(cpuRatios).map(x -> (x - cpuMean) * (x - cpuMean)).sum() / Math.max(1, cpuRatios.length - 1));
        double cpuHalf = 2.262 * cpuSd / Math.sqrt(cpuRatios.length);
        double sidecarCores = rounds.stream().mapToDouble(r -> r[4]).average().orElse(Double.NaN);
        md.append(String.format(Locale.ROOT, "%nCPU cost: all CPU (Cassandra + sidecar + client) per completed operation, off / on: mean %.3f, "
                + "sd %.3f, 95%% interval [%.3f, %.3f]. On a CPU-bound machine this is the capacity ratio the sidecar leaves.%n"
                + "The sidecar itself used %.3f cores on average while sampling.%n", cpuMean, cpuSd, cpuMean - cpuHalf, cpuMean + cpuHalf,
                sidecarCores));
        md.append(String.format(Locale.ROOT, "%nMean on %.0f ops/s, mean off %.0f ops/s. Mean ratio on/off %.3f, sd %.3f, "
                + "95%% interval of the mean ratio [%.3f, %.3f] (n=%d pairs).%n", meanOn, meanOff, meanRatio, sd, meanRatio - half,
                meanRatio + half, ratios.length));
        md.append(String.format(Locale.ROOT, "%nSidecar resident memory at the end: %.1f MiB (peak %.1f MiB). Target: at most 200 MiB.%n",
                rssKiB / 1024.0, peakKiB / 1024.0));
        md.append("\nTarget: at most 2% throughput loss (ratio >= 0.98).\n");
        return md.toString();
    }
}
