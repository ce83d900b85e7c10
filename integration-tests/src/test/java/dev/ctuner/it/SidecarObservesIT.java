package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.WorkloadSample;
import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.CassandraNode;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.sidecar.bench.KeyDistribution;
import dev.ctuner.sidecar.bench.LoadControl;
import dev.ctuner.sidecar.bench.Loader;
import dev.ctuner.sidecar.bench.OperationMix;
import dev.ctuner.sidecar.bench.OperationStats;
import dev.ctuner.sidecar.bench.OperationType;
import dev.ctuner.sidecar.bench.Phase;
import dev.ctuner.sidecar.bench.Replication;
import dev.ctuner.sidecar.bench.RunResult;
import dev.ctuner.sidecar.bench.Schedule;
import dev.ctuner.sidecar.bench.Schema;
import dev.ctuner.sidecar.bench.WorkloadDriver;
import dev.ctuner.sidecar.bench.WorkloadSpec;
import dev.ctuner.sidecar.observe.WorkloadObserver;
import dev.ctuner.sidecar.publish.BacklogPublisher;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sidecar against a real node (127.0.0.1 of the shared ring) and a real broker: the published
 * operation mix and read ratio of a known workload, and a broker outage.
 */
class SidecarObservesIT {

    static final Map<String, String> FAST_WINDOWS = Map.of("ctuner.sidecar.sampling.window", "10s",
            "ctuner.sidecar.sampling.status-interval", "5s", "ctuner.sidecar.sampling.key-reuse-sample-duration", "5s");

    @Test
    void publishesTheOperationMixAndReadRatioOfAKnownWorkload() throws Exception {
        CassandraCluster ring = Servers.ring();
        KafkaBroker broker = Servers.broker();
        CassandraNode first = ring.node(1);
        Topics topics = new Topics("mix" + System.nanoTime());
        try (TopicRecorder recorder = new TopicRecorder(broker, List.of(topics.workload(), topics.status()));
             SidecarApp sidecar = SidecarApp.start(first, broker, topics.prefix(), FAST_WINDOWS);
             CqlSession session = ring.sessionTo(first)) {
            Schema schema = new Schema("obs_mix");
            schema.create(session, Replication.simple(3));
            new Loader(session, schema).load(2_000, 64, 1, DefaultConsistencyLevel.ONE);
            OperationMix mix = OperationMix.builder().read(0.45).update(0.25).scan(0.10).lwt(0.10).batch(0.10).build();
            RunResult run = new WorkloadDriver().run(session,
                    WorkloadSpec.builder().keyspace("obs_mix").recordCount(2_000).seed(7).consistency(DefaultConsistencyLevel.ONE).build(),
                    Schedule.of(Phase.builder("mix").duration(Duration.ofSeconds(32)).mix(mix).keys(KeyDistribution.uniform())
                            .load(new LoadControl.ClosedLoop(16)).build()));
            assertThat(run.errors()).as("client errors").isLessThan(run.operations() / 100);

            assertThat(recorder.await(WorkloadSample.class, s -> s.windowStart().isAfter(run.end()), Duration.ofSeconds(30))).isTrue();
            List<WorkloadSample> inside = recorder.payloads(WorkloadSample.class).stream()
                    .filter(s -> !s.windowStart().isBefore(run.start().plusSeconds(1)) && !s.windowEnd().isAfter(run.end()))
                    .toList();
            assertThat(inside).as("windows entirely within the client's run").hasSizeGreaterThanOrEqualTo(2);

            double total = run.operations() - run.errors();
            Map<OperationType, OperationStats> ops = run.perOperation();
            double trueReads = share(ops, OperationType.READ, total);
            double trueScans = share(ops, OperationType.SCAN, total);
            for (WorkloadSample sample : inside) {
                OperationCounts c = sample.operations();
                double n = c.reads() + c.writes() + c.rangeScans() + c.lwts() + c.batches();
                assertThat(sample.readRatio()).as("RR of %s", sample.windowStart()).isCloseTo(trueReads + trueScans, within(0.02));
                assertThat(c.reads() / n).as("read share").isCloseTo(trueReads, within(0.03));
                assertThat(c.writes() / n).as("write share").isCloseTo(share(ops, OperationType.UPDATE, total), within(0.03));
                assertThat(c.rangeScans() / n).as("scan share").isCloseTo(trueScans, within(0.03));
                assertThat(c.lwts() / n).as("LWT share").isCloseTo(share(ops, OperationType.LWT, total), within(0.03));
                assertThat(c.batches() / n).as("batch share").isCloseTo(share(ops, OperationType.BATCH, total), within(0.03));
                assertThat(sample.tables()).anySatisfy(t -> assertThat(t.keyspace() + "." + t.table()).isEqualTo("obs_mix.usertable"));
                assertThat(sample.performance().throughputOpsPerSecond()).isPositive();
                assertThat(sample.performance().coordinatorRead().p99()).isNotNull();
                assertThat(sample.configuration().values()).containsEntry("concurrent_reads", "32")
                        .containsEntry("compaction.class@obs_mix.usertable", "SizeTieredCompactionStrategy");
                assertThat(sample.configuration().fingerprint()).startsWith("sha256:");
                assertThat(sample.keyReuse().sampledOperations()).isPositive();
            }

            NodeStatus status = recorder.payloads(NodeStatus.class).get(0);
            assertThat(status.state()).isEqualTo(NodeState.UP_NORMAL);
            assertThat(status.cassandraVersion()).isEqualTo("5.0.9");
            assertThat(status.schemaVersion()).isNotBlank();
            assertThat(recorder.undecodable).isEmpty();

            HttpClient http = HttpClient.newHttpClient();
            String prometheus = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + sidecar.httpPort()
                    + "/actuator/prometheus")).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertThat(prometheus).contains("ctuner_workload_read_ratio").contains("ctuner_publisher_backlog_messages")
                    .containsPattern("ctuner_node_latency_p99_micros\\{[^}]*scope=\"coordinator_read\"[^}]*}");
            HttpResponse<String> health = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + sidecar.httpPort()
                    + "/actuator/health")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"cassandraNode\"").contains("\"kafka\"").contains("\"status\":\"UP\"");
        }
    }

    @Test
    void keepsSamplingThroughABrokerOutageAndDeliversEveryWindowAfterwards() throws Exception {
        CassandraCluster ring = Servers.ring();
        KafkaBroker broker = Servers.broker();
        Topics topics = new Topics("outage" + System.nanoTime());
        Map<String, String> props = Map.of("ctuner.sidecar.sampling.window", "5s", "ctuner.sidecar.sampling.status-interval", "5s",
                "ctuner.sidecar.sampling.key-reuse-sample-duration", "2s");
        try (SidecarApp sidecar = SidecarApp.start(ring.node(1), broker, topics.prefix(), props);
             TopicRecorder recorder = new TopicRecorder(broker, List.of(topics.workload()))) {
            assertThat(recorder.await(WorkloadSample.class, s -> true, Duration.ofSeconds(30))).isTrue();
            BacklogPublisher publisher = sidecar.bean(BacklogPublisher.class);

            broker.stop();
            long outageStart = System.currentTimeMillis();
            Thread.sleep(60_000);
            assertThat(publisher.backlog()).as("samples and heartbeats kept while the broker is down").isGreaterThanOrEqualTo(10);
            assertThat(sidecar.isRunning()).isTrue();
            broker.start();
            broker.awaitReady(Duration.ofSeconds(60));

            long deadline = System.currentTimeMillis() + 60_000;
            while (publisher.backlog() > 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(500);
            }
            assertThat(publisher.backlog()).isZero();
            assertThat(publisher.dropped()).isZero();
            assertThat(recorder.await(WorkloadSample.class,
                    s -> s.windowEnd().toEpochMilli() > outageStart + 65_000, Duration.ofSeconds(30))).isTrue();
            List<WorkloadSample> samples = recorder.payloads(WorkloadSample.class).stream()
                    .sorted(java.util.Comparator.comparing(WorkloadSample::windowStart)).toList();
            for (int i = 1; i < samples.size(); i++) {
                assertThat(samples.get(i).windowStart()).as("window %d follows window %d without a gap", i, i - 1)
                        .isEqualTo(samples.get(i - 1).windowEnd());
            }
            assertThat(samples).filteredOn(s -> s.windowEnd().toEpochMilli() > outageStart
                    && s.windowEnd().toEpochMilli() < outageStart + 60_000).hasSizeGreaterThanOrEqualTo(10);
            assertThat(sidecar.bean(WorkloadObserver.class).failedTicks()).isZero();
            Map<java.util.UUID, dev.ctuner.common.protocol.Envelope> firstCopies = new java.util.HashMap<>();
            recorder.received.forEach(e -> firstCopies.putIfAbsent(e.id(), e));
            for (dev.ctuner.common.protocol.Envelope again : recorder.duplicates()) {
                assertThat(again.payload()).as("a re-sent message is the same message").isEqualTo(firstCopies.get(again.id()).payload());
            }
        }
    }

    private static double share(Map<OperationType, OperationStats> ops, OperationType type, double total) {
        OperationStats s = ops.get(type);
        return s == null ? 0 : (s.count() - s.errors()) / total;
    }
}
