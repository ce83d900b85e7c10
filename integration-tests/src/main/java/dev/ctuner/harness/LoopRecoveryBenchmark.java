package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import dev.ctuner.common.protocol.Topics;
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
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;

/**
 * Benchmark (not a test): how much of a mis-tuning's throughput loss the tuning loop wins back on
 * a real 3-node ring (RF=3) under a closed-loop QUORUM load (a fixed number of requests in flight,
 * as latency-bound clients), and how long each stage of the loop
 * takes. The advisor (its own process, model trained on the committed data) and three acting
 * sidecars run as in production; the mis-tuning is applied as an operator's mistake would be
 * ({@link LoopRecoveryOptions}: the read stage through JMX, yaml values by rolling restarts, or the
 * workload table's options by ALTER TABLE). Three phases:
 * <ol>
 * <li>the loop paused, rounds of the default and the mis-tuned configuration, interleaved ABBA;</li>
 * <li>mis-tuned under continuous load, the loop resumed under the auto policy: its proposal,
 * approval, rollout and verification are timed;</li>
 * <li>the loop paused again, rounds of the configuration it left and of the mis-tuning with its
 * other changes kept, interleaved ABBA.</li>
 * </ol>
 * Writes a markdown report with the recovered share (after - trap) / (default - trap).
 *
 * <p>Arguments: see {@link LoopRecoveryOptions#parse}.
 */
public final class LoopRecoveryBenchmark {

    static final String CLUSTER = "bench-loop";
    static final String KEYSPACE = "loopbench";
    private static final long RECORDS = 50_000;

    private LoopRecoveryBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        LoopRecoveryOptions options = LoopRecoveryOptions.parse(args);
        Path root = Path.of("").toAbsolutePath();
        ServerRuntime runtime = ServerRuntime.locate(root);
        Path dir = root.resolve("run/bench-loop-recovery");
        Topics topics = new Topics("benchloop" + System.currentTimeMillis());
        CassandraCluster.deleteRecursively(dir);   // an earlier run's advisor database and sidecar state included
        AtomicLong errors = new AtomicLong();
        List<Double> defaults = new ArrayList<>();
        List<Double> traps = new ArrayList<>();
        List<Double> afters = new ArrayList<>();
        List<Double> trapsAfter = new ArrayList<>();
        Map<String, Double> stages = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        try (CassandraCluster ring = CassandraCluster.builder(runtime, dir.resolve("ring")).name("bench-loop").nodes(3).build();
             KafkaBroker broker = new KafkaBroker(runtime, dir.resolve("kafka"), 19092, "256m")) {
            broker.startFresh(Duration.ofSeconds(60));
            ring.start();
            List<SidecarProcess> sidecars = new ArrayList<>();
            try (CqlSession session = ring.session();
                 AdvisorProcess advisor = AdvisorProcess.start(runtime, AdvisorProcess.jar(root), dir.resolve("advisor"), 18080,
                         advisorSettings(broker, topics, root, options))) {
                System.out.println("advisor up in " + advisor.awaitServing(Duration.ofSeconds(180)).toMillis() + " ms");
                for (CassandraNode node : ring.nodes()) {
                    Map<String, String> props = new TreeMap<>(SidecarSettings.acting(node, broker, topics.prefix(), advisor.publicKeyFile(),
                            dir.resolve("sidecar-" + node.index()).resolve("state")));
                    props.put("ctuner.sidecar.cluster-id", CLUSTER);
                    props.put("ctuner.sidecar.sampling.window", "10s");
                    props.put("ctuner.sidecar.sampling.key-reuse-sample-duration", "5s");
                    props.put("ctuner.sidecar.sampling.status-interval", "5s");
                    SidecarProcess sidecar = SidecarProcess.start(runtime, SidecarProcess.jar(root), dir.resolve("sidecar-" + node.index()),
                            18090 + node.index(), props);
                    sidecars.add(sidecar);
                    sidecar.awaitServing(Duration.ofSeconds(90));
                }
                AdvisorRollouts.awaitRing(advisor, CLUSTER, 3, Duration.ofSeconds(180));
                LoopApi loop = new LoopApi(advisor);
                loop.post("pause", "benchmark: baseline rounds first");
                Schema schema = new Schema(KEYSPACE);
                schema.create(session, Replication.simple(3));
                new Loader(session, schema).load(RECORDS, 64, 1, DefaultConsistencyLevel.QUORUM);
                for (CassandraNode node : ring.nodes()) {
                    try (Jmx jmx = node.jmx()) {
                        jmx.flush(KEYSPACE);
                    }
                    Jmx.awaitNoPendingCompactions(node, Duration.ofMinutes(3));
                }
                int defaultThreads = readThreads(ring.node(1));
                Map<String, Object> defaultYaml = RollingYaml.current(ring.node(1), options.trapYaml().keySet());
                Map<String, Object> trapYaml = RollingYaml.typed(options.trapYaml());
                Map<String, String> defaultTable = TrapArms.tableOptions(session, KEYSPACE, options.trapTable().keySet());
                notes.add(warmUp(session, options, errors));
                if (options.yamlTrap()) {
                    // every measured round of either arm follows a rolling restart and its settle: the first default
                    // rounds would otherwise run on JVMs warmed far longer than any round after a switch
                    notes.add(TrapArms.restartAndSettle(ring, session, options, defaultYaml, "the default yaml, before the first round", errors));
                }
                TrapArms before = options.yamlTrap() ? TrapArms.yaml(ring, session, options, defaultYaml, trapYaml, "default", errors, notes)
                        : options.tableTrap() ? TrapArms.table(ring, session, options, KEYSPACE, defaultTable, options.trapTable(), "default",
                                errors, notes)
                        : TrapArms.readThreads(ring, defaultThreads, options.trapThreads());
                interleave(session, options, before, defaults, traps, errors, "before");

                // the loop at work: mis-tuned, continuous load, auto policy
                before.apply(false);
                try (BackgroundLoad load = new BackgroundLoad(session, options, errors)) {
                    loop.put("policy", options.yamlTrap() || options.tableTrap() ? """
                            {"mode":"AUTO","allowedTiers":["LIVE","SCHEMA","RESTART"],"minPredictedGain":0.0,"minLowerBound":-0.5,
                             "insideDataRegionOnly":false,"maxChangesPerDay":5,"comment":"benchmark: every tier"}""" : """
                            {"mode":"AUTO","allowedTiers":["LIVE"],"minPredictedGain":0.0,"minLowerBound":-0.5,
                             "insideDataRegionOnly":false,"maxChangesPerDay":5,"comment":"benchmark: live changes alone"}""");
                    long since = loop.lastDecisionId();
                    Instant start = Instant.now();
                    loop.post("resume", "benchmark: the loop acts");
                    JsonNode proposed = loop.await(since, d -> is(d, "PROPOSED"), Duration.ofMinutes(6));
                    stages.put("resume to proposal (history, forecaster backtest, plan)", seconds(start));
                    String rec = proposed.get("recommendationId").asString();
                    notes.add("proposal: " + proposed.get("reason").asString());
                    JsonNode started = loop.await(since, d -> is(d, "ROLLOUT_STARTED") && rec.equals(d.path("recommendationId").asString()),
                            Duration.ofMinutes(2));
                    stages.put("proposal to rollout start (auto approval)", seconds(start) - sum(stages));
                    JsonNode done = AdvisorRollouts.awaitNotIn(advisor, started.get("reason").asString().split(" ")[1], java.util.Set.of("RUNNING"),
                            Duration.ofMinutes(15));
                    stages.put(options.yamlTrap() ? "rollout (canary first, rolling restarts where the change needs them)"
                            : options.tableTrap() ? "rollout (one ALTER TABLE where the change is of table options, every node's SSTables "
                                    + "rewritten where it changes compression)"
                            : "rollout (LIVE, canary first, one node at a time)", seconds(start) - sum(stages));
                    if (!"SUCCEEDED".equals(done.get("state").asString())) {
                        throw new IllegalStateException("the loop's rollout ended " + done.get("state").asString() + ": " + done);
                    }
                    // verification ends VERIFIED, or ROLLED_BACK when it measured the change significantly worse
                    JsonNode verified = loop.await(since, d -> (is(d, "VERIFIED") || is(d, "ROLLED_BACK"))
                            && rec.equals(d.path("recommendationId").asString()), Duration.ofMinutes(9));
                    stages.put("rollout end to verification", seconds(start) - sum(stages));
                    notes.add("verification (" + verified.get("outcome").asString() + "): " + verified.get("reason").asString());
                    for (int i = 0; i < 600 && "ROLLING_BACK".equals(AdvisorRollouts.recommendationState(advisor, rec)); i++) {
                        Thread.sleep(1_000);   // the rollback by verification restores every node before phase 3 measures
                    }
                }
                loop.post("pause", "benchmark: measuring the loop's result");
                if (options.yamlTrap()) {
                    Map<String, Object> tunedYaml = RollingYaml.current(ring.node(1), options.trapYaml().keySet());
                    notes.add("mis-tuned keys: default " + defaultYaml + ", mis-tuned " + trapYaml + ", after the loop " + tunedYaml);
                    interleave(session, options, TrapArms.yaml(ring, session, options, tunedYaml, trapYaml, "the loop's", errors, notes),
                            afters, trapsAfter, errors, "after");
                } else if (options.tableTrap()) {
                    Map<String, String> tunedTable = TrapArms.tableOptions(session, KEYSPACE, options.trapTable().keySet());
                    notes.add("table options: default " + defaultTable + ", mis-tuned " + options.trapTable() + ", after the loop " + tunedTable);
                    interleave(session, options, TrapArms.table(ring, session, options, KEYSPACE, tunedTable, options.trapTable(),
                            "the loop's", errors, notes), afters, trapsAfter, errors, "after");
                } else {
                    int tuned = readThreads(ring.node(1));
                    notes.add("read threads: default " + defaultThreads + ", mis-tuned " + options.trapThreads() + ", after the loop " + tuned);
                    interleave(session, options, TrapArms.readThreads(ring, tuned, options.trapThreads()), afters, trapsAfter, errors, "after");
                    Jmx.setReadThreads(ring, tuned);
                }
            } finally {
                for (SidecarProcess s : sidecars) {
                    s.close();
                }
            }
        }
        LoopRecoveryReport figures = new LoopRecoveryReport(defaults, traps, afters, trapsAfter);
        String report = report(options, figures, stages, notes, errors.get());
        Files.createDirectories(options.out().toAbsolutePath().getParent());
        Files.writeString(options.out(), report);
        System.out.println(report);
        CassandraCluster.deleteRecursively(dir);
    }

    private static Map<String, String> advisorSettings(KafkaBroker broker, Topics topics, Path root, LoopRecoveryOptions options) {
        Map<String, String> settings = AdvisorRollouts.settings(broker, topics.prefix());
        settings.put("ctuner.advisor.rollout.canary-window", "15s");
        AdvisorRollouts.fastTuningLoop(settings, root.resolve("docs/data/dataset-v2.csv"));
        if (options.yamlTrap()) {
            // restarted nodes climb for minutes (JIT, caches): verification skips that climb, as the production default
            // (2 minutes) does, plus the settle the benchmark gives its own restarts
            settings.put("ctuner.advisor.tuning.verify-warmup", options.verifyWarmupSeconds() + "s");
            settings.put("ctuner.advisor.tuning.verify-after", (options.verifyWarmupSeconds() + 90) + "s");
            settings.put("ctuner.advisor.rollout.canary-window", "60s");
            settings.put("ctuner.advisor.rollout.canary-warmup", "45s");
            // the loop proposes RESTART changes only where vetting needs no race on an experiment node (none here), and
            // the model's intervals for this workload are wider than the relaxed 100 points of the live benchmark
            settings.put("ctuner.advisor.vetting.race-required-for", "");
            settings.put("ctuner.advisor.vetting.max-uncertainty", "2");
        }
        if (options.tableTrap()) {
            // no node restarts; verification still skips the production default's 2 minutes after the rewrites. The loop may
            // propose table options only: vetting would pass LIVE and RESTART changes only after a race on an experiment node,
            // and there is none, so the one change measured is the loop's answer to the table's mis-tuning. Vetting accepts
            // the model's wide intervals, as for the yaml trap.
            settings.put("ctuner.advisor.tuning.verify-warmup", options.verifyWarmupSeconds() + "s");
            settings.put("ctuner.advisor.tuning.verify-after", (options.verifyWarmupSeconds() + 90) + "s");
            settings.put("ctuner.advisor.vetting.race-required-for", "LIVE,RESTART");
            settings.put("ctuner.advisor.vetting.max-uncertainty", "2");
        }
        return settings;
    }

    /**
     * Runs the workload until its throughput stops climbing (JIT, caches): two rounds in a row within 5 % of the one
     * before, at most 20 rounds of 20 s. Returns what it did.
     */
    private static String warmUp(CqlSession session, LoopRecoveryOptions options, AtomicLong errors) {
        List<Double> rounds = new ArrayList<>();
        while (rounds.size() < 20) {
            rounds.add(round(session, options, 20, errors));
            System.out.printf(Locale.ROOT, "warm-up %d: %.0f ops/s%n", rounds.size(), rounds.get(rounds.size() - 1));
            int n = rounds.size();
            if (n >= 3 && Math.abs(rounds.get(n - 1) / rounds.get(n - 3) - 1) < 0.05 && Math.abs(rounds.get(n - 2) / rounds.get(n - 3) - 1) < 0.05) {
                break;
            }
        }
        return String.format(Locale.ROOT, "warm-up: %d rounds of 20 s until throughput stopped climbing (%s ops/s)", rounds.size(),
                rounds.stream().map(r -> String.format(Locale.ROOT, "%.0f", r)).toList());
    }

    /** ABBA pairs of rounds of arm a and arm b. */
    private static void interleave(CqlSession session, LoopRecoveryOptions options, TrapArms arms, List<Double> as, List<Double> bs, AtomicLong errors,
                                   String label) throws Exception {
        for (int p = 0; p < options.pairs(); p++) {
            boolean aFirst = p % 2 == 0;
            for (boolean isA : aFirst ? new boolean[] {true, false} : new boolean[] {false, true}) {
                arms.apply(isA);
                double ops = round(session, options, options.roundSeconds(), errors);
                (isA ? as : bs).add(ops);
                System.out.printf(Locale.ROOT, "%s pair %d: %s: %.0f ops/s%n", label, p + 1, arms.label(isA), ops);
            }
        }
    }

    /** One round of the closed-loop QUORUM workload: the options' read share, the rest updates, zipfian keys; its ops/s. */
    static double round(CqlSession session, LoopRecoveryOptions options, int seconds, AtomicLong errors) {
        RunResult r = new WorkloadDriver().run(session, WorkloadSpec.builder().keyspace(KEYSPACE).recordCount(RECORDS)
                        .seed(System.nanoTime()).consistency(DefaultConsistencyLevel.QUORUM).build(),
                Schedule.of(Phase.builder("mixed").duration(Duration.ofSeconds(seconds))
                        .mix(OperationMix.builder().read(options.read()).update(1 - options.read()).build()).keys(KeyDistribution.zipfian())
                        .load(new LoadControl.ClosedLoop(options.threads())).build()));
        errors.addAndGet(r.errors());
        return r.throughput();
    }

    private static int readThreads(CassandraNode node) throws Exception {
        try (Jmx jmx = node.jmx()) {
            return jmx.readThreads();
        }
    }

    private static boolean is(JsonNode decision, String outcome) {
        return outcome.equals(decision.get("outcome").asString());
    }

    private static double seconds(Instant since) {
        return Duration.between(since, Instant.now()).toMillis() / 1000.0;
    }

    private static double sum(Map<String, Double> stages) {
        return stages.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    static String report(LoopRecoveryOptions options, LoopRecoveryReport figures, Map<String, Double> stages, List<String> notes, long errors) {
        StringBuilder md = new StringBuilder("# Closed loop on a real ring: the share of a mis-tuning's loss the loop recovers\n\n");
        md.append("Measured ").append(Instant.now()).append(" on ").append(RolloutBenchmark.machine()).append(".\n");
        md.append("A fresh 3-node ring (Cassandra 5.0, heap 512 MiB, 16 vnodes per node, keyspace RF=3, ").append(RECORDS)
                .append(" rows), one Kafka broker, the advisor (its own process; the model trained at its start on\n");
        md.append("`docs/data/dataset-v2.csv`; vetting relaxed to let the model's wide intervals through: lower bound above -50 %, interval\n");
        md.append("up to ").append(options.yamlTrap() || options.tableTrap() ? 200 : 100)
                .append(" points; decisions every 5 s on 10 s windows) and three acting sidecars, all on the same machine as the client.\n");
        md.append("Load: the project's workload driver, closed loop with ").append(options.threads())
                .append(String.format(Locale.ROOT, " requests in flight, QUORUM, read %.2f / update %.2f,%n", options.read(), 1 - options.read()));
        if (options.yamlTrap()) {
            md.append("zipfian keys; ").append(options.roundSeconds()).append(" s rounds; after each rolling restart ").append(options.settle())
                    .append(" s of the same load that do not count.\n");
            md.append("Mis-tuning: `").append(new java.util.TreeMap<>(options.trapYaml()))
                    .append("` in every node's cassandra.yaml, applied by a rolling restart, as an operator's edit would be.\n");
            md.append("Since restarted nodes climb for minutes, the canary is compared on windows from 45 s to 60 s after its restart "
                    + "and verification skips the first ").append(options.verifyWarmupSeconds()).append(" s after the rollout. Vetting "
                    + "races no tier (`race-required-for` empty: there is no experiment node) and accepts intervals up to 200 points.\n\n");
        } else if (options.tableTrap()) {
            md.append("zipfian keys; ").append(options.roundSeconds()).append(" s rounds; after each switch ").append(options.settle())
                    .append(" s of the same load that do not count.\n");
            md.append("Mis-tuning: `").append(new java.util.TreeMap<>(options.trapTable()))
                    .append("` on the workload's table, applied by ALTER TABLE, then every node's SSTables rewritten (`nodetool "
                            + "recompress_sstables`), as an operator would. Verification skips the first ").append(options.verifyWarmupSeconds())
                    .append(" s after the rollout. The loop may propose table options only: vetting is set to race LIVE and RESTART "
                            + "changes (`race-required-for: LIVE,RESTART`) and there is no experiment node, so those are not proposable; "
                            + "vetting accepts intervals up to 200 points.\n\n");
        } else {
            md.append("zipfian keys; ").append(options.roundSeconds()).append(" s rounds, 5 s settle after each change of the read stage.\n");
            md.append("Mis-tuning: the read stage of every node shrunk to ").append(options.trapThreads())
                    .append(" threads through JMX (`concurrent_reads`), live.\n\n");
        }
        md.append("1. Loop paused: ").append(options.pairs()).append(" ABBA pairs of rounds, default against mis-tuned.\n");
        md.append("2. Mis-tuned under continuous load; the loop resumed under the auto policy (")
                .append(options.yamlTrap() ? "LIVE, SCHEMA and RESTART changes" : options.tableTrap() ? "table options only"
                        : "LIVE changes only").append("), no request to the advisor.\n");
        md.append("3. Loop paused: ").append(options.pairs()).append(" ABBA pairs, the configuration the loop left against the mis-tuning "
                + "with the loop's other changes kept.\n\n");
        md.append("Command: `").append(options.commandLine()).append("`\n\n");
        md.append(figures.table()).append('\n');
        md.append("| loop stage | seconds |\n|---|---|\n");
        stages.forEach((k, v) -> md.append(String.format(Locale.ROOT, "| %s | %.1f |%n", k, v)));
        md.append(String.format(Locale.ROOT, "| **mis-tuned load to a verified change** | **%.1f** |%n%n", sum(stages)));
        notes.forEach(n -> md.append("* ").append(n).append('\n'));
        md.append(String.format(Locale.ROOT, "%nFailed operations over all rounds and the loop's phase: %d.%n", errors));
        return md.toString();
    }

    /** The cluster's tuning loop over REST. */
    record LoopApi(AdvisorProcess advisor) {
        void post(String action, String comment) throws Exception {
            advisor.post("/api/v1/clusters/" + CLUSTER + "/loop/" + action,
                    AdvisorRollouts.JSON.writeValueAsString(Map.of("comment", comment)));
        }

        void put(String what, String body) throws Exception {
            advisor.put("/api/v1/clusters/" + CLUSTER + "/loop/" + what, body);
        }

        long lastDecisionId() throws Exception {
            JsonNode last = AdvisorRollouts.JSON.readTree(advisor.get("/api/v1/clusters/" + CLUSTER + "/loop/decisions?limit=1"));
            return last.isEmpty() ? 0 : last.get(0).get("id").asLong();
        }

        /** The first decision after {@code since} that {@code wanted} accepts. */
        JsonNode await(long since, Predicate<JsonNode> wanted, Duration timeout) throws Exception {
            return AdvisorRollouts.awaitDecision(advisor, CLUSTER, since, 50, wanted, timeout);
        }
    }

    /** The workload in rounds on its own thread until closed. */
    static final class BackgroundLoad implements AutoCloseable {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final Thread thread;

        BackgroundLoad(CqlSession session, LoopRecoveryOptions options, AtomicLong errors) {
            thread = new Thread(() -> {
                while (running.get()) {
                    System.out.printf(Locale.ROOT, "loop phase: %.0f ops/s%n", round(session, options, 10, errors));
                }
            }, "bench-load");
            thread.start();
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            thread.join(60_000);
        }
    }
}
