package dev.ctuner.harness;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.ExpectedMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Benchmark (not a test): the reconfiguration time T_r of one node of a 3-node ring, phase by phase
 * (drain, stop, start, sync), as the sidecar reports it for signed RESTART commands. The sidecar
 * runs as its own process in supervised mode. Writes a markdown report.
 *
 * <p>Arguments: {@code [--cycles N] [--out FILE]}.
 */
public final class RestartCycleBenchmark {

    private static final List<CommandPhase> PHASES = List.of(CommandPhase.DRAINED, CommandPhase.STOPPED, CommandPhase.STARTED,
            CommandPhase.SYNCED);

    private RestartCycleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int cycles = 5;
        Path out = Path.of("docs/benchmarks/restart-cycle.md");
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--cycles" -> cycles = Integer.parseInt(args[i + 1]);
                case "--out" -> out = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        Path root = Path.of("").toAbsolutePath();
        ServerRuntime runtime = ServerRuntime.locate(root);
        Path dir = root.resolve("run/bench-restart");
        KeyPair advisor = Ed25519Keys.generate();
        Topics topics = new Topics("bench");
        MessageCodec codec = new MessageCodec();
        List<Map<CommandPhase, Long>> measured = new ArrayList<>();
        try (CassandraCluster ring = CassandraCluster.builder(runtime, dir.resolve("ring")).name("bench-restart").nodes(3).build();
             KafkaBroker broker = new KafkaBroker(runtime, dir.resolve("kafka"), 19092, "256m")) {
            broker.startFresh(Duration.ofSeconds(60));
            ring.start();
            CassandraNode node = ring.node(3);
            Files.createDirectories(dir);
            Path key = dir.resolve("advisor-public.pem");
            Ed25519Keys.writePublicKey(key, advisor.getPublic());
            Map<String, String> settings = SidecarSettings.acting(node, broker, topics.prefix(), key, dir.resolve("sidecar-state"));
            try (SidecarProcess sidecar = SidecarProcess.start(runtime, SidecarProcess.jar(root), dir.resolve("sidecar"), 18082, settings);
                 KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                         broker.bootstrapServers()), new StringSerializer(), new ByteArraySerializer());
                 KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                         broker.bootstrapServers(), ConsumerConfig.GROUP_ID_CONFIG, "bench-" + UUID.randomUUID(),
                         ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"), new StringDeserializer(), new ByteArrayDeserializer())) {
                sidecar.awaitServing(Duration.ofSeconds(60));
                consumer.subscribe(List.of(topics.results()));
                for (int c = 0; c < cycles; c++) {
                    String value = (c % 2 == 0 ? 96 : 128) + "MiB";
                    Envelope signed = new CommandSigner(advisor.getPrivate()).sign(Envelope.of(new ClusterId("ctuner"),
                            new NodeId(node.address()), UUID.randomUUID(), Instant.now(), new ApplyConfiguration(
                                    Map.of("memtable_heap_space", value), ExpectedMode.RESTART, 180, "T_r benchmark",
                                    Instant.now().plusSeconds(600), Optional.empty())));
                    producer.send(new ProducerRecord<>(topics.commands(), node.address(), codec.encode(signed))).get();
                    CommandResult done = awaitFinal(consumer, codec, signed.id(), Duration.ofMinutes(4));
                    if (done.status() != CommandStatus.DONE) {
                        throw new IllegalStateException("cycle " + (c + 1) + " ended " + done.status() + ": " + done.reason());
                    }
                    measured.add(done.phaseDurationsMillis());
                    System.out.println("cycle " + (c + 1) + ": " + done.phaseDurationsMillis());
                    ring.awaitAllUp(Duration.ofSeconds(60));
                    Thread.sleep(5_000);
                }
            }
        }
        String report = report(measured);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, report);
        System.out.println(report);
        CassandraCluster.deleteRecursively(dir);
    }

    private static CommandResult awaitFinal(KafkaConsumer<String, byte[]> consumer, MessageCodec codec, UUID id, Duration timeout) {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        while (System.currentTimeMillis() < deadline) {
            for (var record : consumer.poll(Duration.ofMillis(500))) {
                if (codec.decode(record.value()) instanceof DecodeResult.Decoded d && d.envelope().payload() instanceof CommandResult r
                        && r.commandId().equals(id) && (r.status() == CommandStatus.DONE || r.status() == CommandStatus.FAILED
                        || r.status() == CommandStatus.REJECTED)) {
                    return r;
                }
            }
        }
        throw new IllegalStateException("no final result for " + id + " within " + timeout);
    }

    private static String report(List<Map<CommandPhase, Long>> measured) {
        StringBuilder md = new StringBuilder("# Reconfiguration time T_r of one node (RESTART apply)\n\n");
        md.append("Measured ").append(Instant.now()).append(" on this machine (2 cores): node 3 of a fresh 3-node ring\n");
        md.append("(Cassandra 5.0.9, heap 512 MiB), no client load. The sidecar runs as its own process in supervised mode\n");
        md.append("and applies signed RESTART commands that alternate memtable_heap_space between 96 and 128 MiB.\n");
        md.append("Phases as the sidecar reports them: drain (nodetool drain over JMX), stop (SIGTERM until exit),\n");
        md.append("start (process start until the storage service is NORMAL and CQL answers), sync (schema agreement with\n");
        md.append("every peer and no hints left for the node on any peer).\n\n");
        md.append("Command: `scripts/bench-restart-cycle.sh --cycles ").append(measured.size()).append("`\n\n");
        md.append("| cycle | drain (s) | stop (s) | start (s) | sync (s) | T_r total (s) |\n|---|---|---|---|---|---|\n");
        List<Double> totals = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            Map<CommandPhase, Long> m = measured.get(i);
            double total = PHASES.stream().mapToLong(p -> m.getOrDefault(p, 0L)).sum() / 1000.0;
            totals.add(total);
            md.append(String.format(Locale.ROOT, "| %d | %.1f | %.1f | %.1f | %.1f | %.1f |%n", i + 1, s(m, CommandPhase.DRAINED),
                    s(m, CommandPhase.STOPPED), s(m, CommandPhase.STARTED), s(m, CommandPhase.SYNCED), total));
        }
        double mean = totals.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double max = totals.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        double min = totals.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        md.append(String.format(Locale.ROOT, "%nT_r: mean %.1f s, min %.1f s, max %.1f s (n=%d). Target: the whole cycle in 25 s or less.%n",
                mean, min, max, totals.size()));
        return md.toString();
    }

    private static double s(Map<CommandPhase, Long> m, CommandPhase p) {
        return m.getOrDefault(p, 0L) / 1000.0;
    }
}
