package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import tools.jackson.databind.JsonNode;

/**
 * Benchmark (not a test): whole-cluster rollout time of a RESTART change on a 3-node ring (RF=3),
 * carried out by the advisor (its own process) through three supervised acting sidecars (their own
 * processes) over a Kafka broker, as in production. Each repetition submits and approves a change
 * of {@code memtable_heap_space} over REST, starts its rollout (canary first, QUORUM) and measures
 * start request → SUCCEEDED; per node T_r and its phases as the sidecars report them, the time
 * from command to APPLIED and from APPLIED to VERIFIED, and the canary window as it ran. The value
 * alternates between two so that every repetition is a real change. Writes a markdown report.
 *
 * <p>Arguments: {@code [--repetitions N] [--out FILE] [--values A,B] [--canary-window DURATION]}.
 */
public final class RolloutBenchmark {

    static final String CLUSTER = "bench-ring";
    static final String KNOB = "memtable_heap_space";
    static final double TARGET_SECONDS = 90;
    /**
     * How often the rollout is polled. Each poll is an HTTP Basic request, i.e. a bcrypt check in the advisor (~0.06 s of
     * CPU): at 250 ms that kept the advisor at ~25 % of a core, taken from the restarting nodes on 2 cores. The times do
     * not depend on it: the end is the advisor's own SUCCEEDED time, the node's change the sidecar's DONE time.
     */
    static final Duration POLL = Duration.ofSeconds(2);
    private static final List<CommandPhase> PHASES = List.of(CommandPhase.DRAINED, CommandPhase.STOPPED, CommandPhase.STARTED,
            CommandPhase.SYNCED);

    private RolloutBenchmark() {
    }

    /** The command line. */
    record Options(int repetitions, Path out, List<String> values, Duration canaryWindow) {

        static Options parse(String... args) {
            int repetitions = 3;
            Path out = Path.of("docs/benchmarks/rollout.md");
            List<String> values = List.of("96MiB", "112MiB");
            Duration canaryWindow = Duration.ofSeconds(30);
            for (int i = 0; i < args.length; i += 2) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + args[i]);
                }
                String value = args[i + 1];
                switch (args[i]) {
                    case "--repetitions" -> repetitions = Integer.parseInt(value);
                    case "--out" -> out = Path.of(value);
                    case "--values" -> values = List.of(value.split(","));
                    case "--canary-window" -> canaryWindow = Duration.parse("PT" + value.toUpperCase(Locale.ROOT));
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]
                            + "; use --repetitions N, --out FILE, --values A,B, --canary-window 30s");
                }
            }
            if (repetitions < 1) {
                throw new IllegalArgumentException("--repetitions must be at least 1");
            }
            if (values.size() != 2 || values.get(0).equals(values.get(1))) {
                throw new IllegalArgumentException("--values needs two different values, e.g. 96MiB,112MiB");
            }
            return new Options(repetitions, out, values, canaryWindow);
        }

        /** The value of a repetition: the first of the two that differs from the current one. */
        String next(String current) {
            return values.get(0).equals(current) ? values.get(1) : values.get(0);
        }

        String commandLine() {
            return "scripts/bench-rollout.sh --repetitions " + repetitions + " --values " + String.join(",", values)
                    + " --canary-window " + canaryWindow.toSeconds() + "s";
        }
    }

    /** One node of one repetition; seconds, phases in ms as the sidecar reports them. */
    record NodeTiming(String node, int round, boolean canary, Map<CommandPhase, Long> phases, double commandSeconds,
                      double verifySeconds) {
        double trSeconds() {
            return PHASES.stream().mapToLong(p -> phases.getOrDefault(p, 0L)).sum() / 1000.0;
        }
    }

    record Repetition(int index, String from, String to, double rolloutSeconds, double canaryWindowSeconds, List<NodeTiming> nodes) {
    }

    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args);
        Path root = Path.of("").toAbsolutePath();
        ServerRuntime runtime = ServerRuntime.locate(root);
        Path dir = root.resolve("run/bench-rollout");
        Topics topics = new Topics("benchroll" + System.currentTimeMillis());
        List<Repetition> repetitions = new ArrayList<>();
        String cassandraVersion;
        try (CassandraCluster ring = CassandraCluster.builder(runtime, dir.resolve("ring")).name("bench-rollout").nodes(3).build();
             KafkaBroker broker = new KafkaBroker(runtime, dir.resolve("kafka"), 19092, "256m")) {
            broker.startFresh(Duration.ofSeconds(60));
            ring.start();
            Map<String, String> settings = AdvisorRollouts.settings(broker, topics.prefix());
            settings.put("ctuner.advisor.rollout.canary-window", options.canaryWindow().toSeconds() + "s");
            List<SidecarProcess> sidecars = new ArrayList<>();
            try (CqlSession session = ring.session();
                 AdvisorProcess advisor = AdvisorProcess.start(runtime, AdvisorProcess.jar(root), dir.resolve("advisor"), 18080, settings);
                 ResultCollector results = new ResultCollector(broker, topics)) {
                session.execute("CREATE KEYSPACE IF NOT EXISTS bench WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
                cassandraVersion = session.execute("SELECT release_version FROM system.local").one().getString(0);
                System.out.println("advisor up in " + advisor.awaitServing(Duration.ofSeconds(120)).toMillis() + " ms");
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
                AdvisorRollouts.awaitNodesUp(advisor, CLUSTER, 3, Duration.ofSeconds(180));
                AdvisorRollouts.awaitRing(advisor, CLUSTER, 3, Duration.ofSeconds(60));
                String current = CassandraCluster.setting(session, ring.node(1), KNOB);
                for (int r = 1; r <= options.repetitions(); r++) {
                    String value = options.next(current);
                    Repetition rep = repeat(advisor, ring, results, r, current, value);
                    repetitions.add(rep);
                    System.out.printf(Locale.ROOT, "repetition %d (%s -> %s): rollout %.1f s, canary window %.1f s, nodes %s%n", r,
                            current, value, rep.rolloutSeconds(), rep.canaryWindowSeconds(), rep.nodes());
                    current = value;
                    ring.awaitAllUp(Duration.ofSeconds(60));
                    AdvisorRollouts.awaitNodesUp(advisor, CLUSTER, 3, Duration.ofSeconds(120));
                    AdvisorRollouts.awaitRing(advisor, CLUSTER, 3, Duration.ofSeconds(60));
                    Thread.sleep(5_000);
                }
            } finally {
                for (SidecarProcess s : sidecars) {
                    s.close();
                }
            }
        }
        String report = report(options, repetitions, cassandraVersion);
        Files.createDirectories(options.out().toAbsolutePath().getParent());
        Files.writeString(options.out(), report);
        System.out.println(report);
        CassandraCluster.deleteRecursively(dir);
    }

    private static Repetition repeat(AdvisorProcess advisor, CassandraCluster ring, ResultCollector results, int index, String from,
                                     String to) throws Exception {
        String recommendation = AdvisorRollouts.submitAndApprove(advisor, CLUSTER, Map.of(KNOB, to), List.of());
        int seen = results.size();
        Instant start = Instant.now();
        String rollout = AdvisorRollouts.start(advisor, recommendation, "rollout benchmark " + index);
        JsonNode view;
        long deadline = System.currentTimeMillis() + Duration.ofMinutes(15).toMillis();
        while (true) {
            view = AdvisorRollouts.rollout(advisor, rollout);
            if (!"RUNNING".equals(view.get("state").asString())) {
                break;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("repetition " + index + ": rollout not finished in 15 minutes: " + view);
            }
            Thread.sleep(POLL.toMillis());
        }
        if (!"SUCCEEDED".equals(view.get("state").asString())) {
            throw new IllegalStateException("repetition " + index + " ended " + view.get("state").asString() + ": " + view);
        }
        // The start request until the advisor's SUCCEEDED move (the rollout's last update), one machine's clock.
        double rolloutSeconds = Duration.between(start, instant(view.get("updatedAt"))).toMillis() / 1000.0;
        List<NodeTiming> nodes = new ArrayList<>();
        double canaryWindow = Double.NaN;
        for (JsonNode round : view.get("rounds")) {
            for (JsonNode step : round.get("nodes")) {
                String node = step.get("nodeId").asString();
                Instant started = instant(step.get("startedAt"));
                Instant verified = instant(step.get("finishedAt"));
                Optional<CommandResult> done = results.doneFor(node, seen);
                Instant applied = done.map(CommandResult::at).orElse(verified);
                Map<CommandPhase, Long> phases = done.map(r -> (Map<CommandPhase, Long>) new LinkedHashMap<>(r.phaseDurationsMillis()))
                        .orElse(Map.of());
                boolean canary = step.get("canary").asBoolean();
                double verify = Duration.between(applied, verified).toMillis() / 1000.0;
                nodes.add(new NodeTiming(node, round.get("index").asInt(), canary, phases,
                        Duration.between(started, applied).toMillis() / 1000.0, verify));
                if (canary) {
                    canaryWindow = verify;
                }
            }
        }
        return new Repetition(index, from, to, rolloutSeconds, canaryWindow, nodes);
    }

    /** An instant as the API writes it: ISO-8601 text, or epoch seconds with a fraction. */
    static Instant instant(JsonNode node) {
        if (node == null || node.isNull()) {
            throw new IllegalStateException("no time in the rollout view");
        }
        if (node.isNumber()) {
            double seconds = node.asDouble();
            long whole = (long) Math.floor(seconds);
            return Instant.ofEpochSecond(whole, Math.round((seconds - whole) * 1e9));
        }
        return Instant.parse(node.asString());
    }

    static String report(Options options, List<Repetition> repetitions, String cassandraVersion) throws IOException {
        StringBuilder md = new StringBuilder("# Whole-cluster rollout time of a RESTART change (3 nodes)\n\n");
        md.append("Measured ").append(Instant.now()).append(" on ").append(machine()).append(".\n");
        md.append("A fresh 3-node ring (Cassandra ").append(cassandraVersion).append(", heap 512 MiB, keyspace RF=3), one Kafka broker,\n");
        md.append("the advisor as its own process and three acting sidecars as their own processes in supervised mode; no client load.\n");
        md.append("Each repetition submits and approves a change of ").append(KNOB).append(" over REST (alternating ")
                .append(String.join(" / ", options.values())).append(", so every\n");
        md.append("repetition is a real change) and starts its rollout: canary first, QUORUM, the safety planner's rounds (one node per\n");
        md.append("round at RF=3/QUORUM), pre-checks before each round, canary window ").append(options.canaryWindow().toSeconds())
                .append(" s before the canary is compared with the others.\n");
        md.append("Rollout time: the start request until the advisor's SUCCEEDED (its time of that move; the rollout is polled every\n");
        md.append(POLL.toSeconds() + " s, each poll an HTTP Basic check). T_r and its phases (drain, stop, start, sync) as the sidecars report\n");
        md.append("them; \"command\": the step's APPLYING (advisor) until the sidecar's DONE (T_r plus delivery and the read-back of the\n");
        md.append("setting); \"verify\": the sidecar's DONE until VERIFIED (a heartbeat read after it; for the canary also the comparison\n");
        md.append("window).\n\n");
        md.append("Command: `").append(options.commandLine()).append("`\n\n");
        md.append("| repetition | change | rollout (s) | canary window (s) | slowest T_r (s) |\n|---|---|---|---|---|\n");
        List<Double> totals = new ArrayList<>();
        List<Double> trs = new ArrayList<>();
        List<Double> windows = new ArrayList<>();
        for (Repetition r : repetitions) {
            double slowest = r.nodes().stream().mapToDouble(NodeTiming::trSeconds).max().orElse(Double.NaN);
            md.append(String.format(Locale.ROOT, "| %d | %s → %s | %.1f | %.1f | %.1f |%n", r.index(), r.from(), r.to(),
                    r.rolloutSeconds(), r.canaryWindowSeconds(), slowest));
            totals.add(r.rolloutSeconds());
            windows.add(r.canaryWindowSeconds());
            r.nodes().forEach(n -> trs.add(n.trSeconds()));
        }
        md.append("\n| repetition | round | node | drain (s) | stop (s) | start (s) | sync (s) | T_r (s) | command (s) | verify (s) |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (Repetition r : repetitions) {
            for (NodeTiming n : r.nodes()) {
                md.append(String.format(Locale.ROOT, "| %d | %d | %s%s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |%n", r.index(),
                        n.round(), n.node(), n.canary() ? " (canary)" : "", s(n, CommandPhase.DRAINED), s(n, CommandPhase.STOPPED),
                        s(n, CommandPhase.STARTED), s(n, CommandPhase.SYNCED), n.trSeconds(), n.commandSeconds(), n.verifySeconds()));
            }
        }
        BenchStats total = BenchStats.of(totals);
        md.append("\nRollout time: ").append(total.format("s")).append(".\n");
        md.append("T_r per node: ").append(BenchStats.of(trs).format("s")).append(".\n");
        md.append("Canary window as run: ").append(BenchStats.of(windows).format("s")).append(".\n\n");
        md.append(String.format(Locale.ROOT, "Target: the whole 3-node rollout in %.0f s or less: %s (mean %.1f s, max %.1f s).%n",
                TARGET_SECONDS, total.max() <= TARGET_SECONDS ? "met in every repetition"
                        : total.mean() <= TARGET_SECONDS ? "met on average, not in every repetition" : "not met",
                total.mean(), total.max()));
        return md.toString();
    }

    private static double s(NodeTiming n, CommandPhase p) {
        return n.phases().getOrDefault(p, 0L) / 1000.0;
    }

    /** Cores, CPU model, memory and OS of this machine, from the JVM and /proc. */
    static String machine() {
        String cpu = "unknown CPU";
        long memKiB = 0;
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst().orElse(cpu);
            memKiB = Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal:"))
                    .map(l -> Long.parseLong(l.replaceAll("[^0-9]", ""))).findFirst().orElse(0L);
        } catch (IOException | NumberFormatException e) {
            // not Linux: the JVM's view is enough
        }
        return String.format(Locale.ROOT, "%s (%d cores, %s, %.1f GiB RAM), %s %s, Java %s", System.getProperty("os.name"),
                Runtime.getRuntime().availableProcessors(), cpu, memKiB / 1024.0 / 1024.0, System.getProperty("os.arch"),
                System.getProperty("os.version"), System.getProperty("java.version"));
    }

    /** Every DONE command result the sidecars report, in the order they arrive. */
    static final class ResultCollector implements AutoCloseable {
        private final List<Map.Entry<String, CommandResult>> done = new CopyOnWriteArrayList<>();
        private final Thread thread;
        private volatile boolean running = true;

        ResultCollector(KafkaBroker broker, Topics topics) {
            MessageCodec codec = new MessageCodec();
            KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    broker.bootstrapServers(), ConsumerConfig.GROUP_ID_CONFIG, "bench-" + UUID.randomUUID(),
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new ByteArrayDeserializer());
            consumer.subscribe(List.of(topics.results()));
            thread = new Thread(() -> {
                try (consumer) {
                    while (running) {
                        for (var record : consumer.poll(Duration.ofMillis(500))) {
                            if (codec.decode(record.value()) instanceof DecodeResult.Decoded d
                                    && d.envelope().payload() instanceof CommandResult r && r.status() == CommandStatus.DONE) {
                                Envelope e = d.envelope();
                                done.add(Map.entry(e.nodeId().value(), r));
                            }
                        }
                    }
                }
            }, "bench-results");
            thread.setDaemon(true);
            thread.start();
        }

        int size() {
            return done.size();
        }

        /** The first DONE result of a node among those that arrived after the first {@code skip}. */
        Optional<CommandResult> doneFor(String node, int skip) {
            for (int i = skip; i < done.size(); i++) {
                if (done.get(i).getKey().equals(node)) {
                    return Optional.of(done.get(i).getValue());
                }
            }
            return Optional.empty();
        }

        @Override
        public void close() throws InterruptedException {
            running = false;
            thread.join(5_000);
        }
    }
}
