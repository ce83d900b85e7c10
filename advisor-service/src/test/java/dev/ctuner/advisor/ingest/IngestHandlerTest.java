package dev.ctuner.advisor.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.ObservationSamples;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.TopicKind;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.WorkloadSample;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class IngestHandlerTest {

    final MessageCodec codec = new MessageCodec();
    final ClusterRegistry registry = new ClusterRegistry(5);
    final CommandResultStore results = mock(CommandResultStore.class);
    final ObservationStore observations = mock(ObservationStore.class);
    final List<String> parked = new ArrayList<>();
    final List<ReportedResult> told = new ArrayList<>();
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final IngestHandler handler = new IngestHandler(codec, registry, results, observations,
            (topic, key, value, reason) -> parked.add(topic + " " + reason), meters,
            new IngestMeters(meters, java.time.Clock.fixed(Instant.parse("2026-11-20T10:00:05Z"), java.time.ZoneOffset.UTC)), told::add,
            new SampleAdmission(java.time.Duration.ofSeconds(1), java.time.Duration.ofMinutes(5)),
            java.time.Clock.fixed(Instant.parse("2026-11-20T10:00:05Z"), java.time.ZoneOffset.UTC));
    final ClusterId cluster = new ClusterId("c1");
    final Instant now = Instant.parse("2026-11-20T10:00:00Z");

    byte[] status(NodeState state, Instant at) {
        return codec.encode(Envelope.of(cluster, new NodeId("n1"), UUID.randomUUID(), at,
                new NodeStatus("5.0.9", state, 0L, "s1", "0.1.0", 1L, true, 0, 0, 0)));
    }

    @Test
    void garbageAndTruncatedInputGoToTheDeadLetterTopicAndAreCountedNeverThrown() {
        handler.handle("p.status", TopicKind.STATUS, "n1", "not json".getBytes(StandardCharsets.UTF_8));
        byte[] good = status(NodeState.UP_NORMAL, now);
        handler.handle("p.status", TopicKind.STATUS, "n1", java.util.Arrays.copyOf(good, good.length / 2));
        handler.handle("p.status", TopicKind.STATUS, "n1", null);
        assertThat(parked).hasSize(3).allMatch(p -> p.startsWith("p.status "));
        assertThat(parked.get(0)).contains("MALFORMED_JSON");
        assertThat(parked.get(1)).contains("TRUNCATED");
        assertThat(meters.get("ctuner.ingest.rejected").counters().stream().mapToDouble(c -> c.count()).sum()).isEqualTo(3.0);
        assertThat(meters.get("ctuner.ingest.rejected").tag("reason", "TRUNCATED").counter().count()).isEqualTo(1.0);
        assertThat(meters.get("ctuner.ingest.dlq.records").tag("topic", "status").counter().count()).isEqualTo(3.0);
        assertThat(registry.clusters()).isEmpty();
    }

    @Test
    void aFloodFromMadeUpNodesStopsAtTheRegistrysBoundAndTheNodesItKnowsStillReport() {
        ClusterRegistry bounded = new ClusterRegistry(5, 3);
        IngestHandler small = new IngestHandler(codec, bounded, results, observations,
                (topic, key, value, reason) -> parked.add(topic + " " + reason), meters,
                new IngestMeters(meters, java.time.Clock.fixed(now, java.time.ZoneOffset.UTC)), told::add,
                new SampleAdmission(java.time.Duration.ofSeconds(1), java.time.Duration.ofMinutes(5)), java.time.Clock.fixed(now, java.time.ZoneOffset.UTC));
        for (int i = 0; i < 50; i++) {
            small.handle("p.status", TopicKind.STATUS, "x" + i, codec.encode(Envelope.of(new ClusterId("flood-" + (i % 7)),
                    new NodeId("x" + i), UUID.randomUUID(), now, new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, "s1", "0.1.0", 1L, true, 0, 0, 0))));
        }
        assertThat(bounded.clusters().stream().mapToInt(c -> bounded.nodes(c).size()).sum()).isEqualTo(3);
        assertThat(parked).hasSize(47).allSatisfy(p -> assertThat(p).contains("at most 3 nodes").contains("ctuner.advisor.kafka.max-nodes"));
        assertThat(meters.get("ctuner.ingest.rejected").tag("reason", "TOO_MANY_NODES").counter().count()).isEqualTo(47.0);

        // a node it keeps goes on reporting
        small.handle("p.status", TopicKind.STATUS, "x0", codec.encode(Envelope.of(new ClusterId("flood-0"), new NodeId("x0"),
                UUID.randomUUID(), now.plusSeconds(5), new NodeStatus("5.0.9", NodeState.DOWN, 0L, "s1", "0.1.0", 1L, true, 0, 0, 0))));
        assertThat(bounded.node(new ClusterId("flood-0"), new NodeId("x0")).orElseThrow().status().orElseThrow().state())
                .isEqualTo(NodeState.DOWN);
        assertThat(parked).hasSize(47);
        org.mockito.Mockito.verifyNoInteractions(observations);
    }

    @Test
    void aMessageOnTheWrongTopicIsParked() {
        handler.handle("p.workload", TopicKind.WORKLOAD, "n1", status(NodeState.UP_NORMAL, now));
        assertThat(parked).singleElement().asString().contains("NodeStatus does not belong on p.workload");
    }

    @Test
    void theRegistryKeepsTheTopologyAHeartbeatCarries() {
        var topology = new dev.ctuner.common.protocol.message.NodeTopology("5b6962dd-3f90-4c93-8f61-eabfa4a803e2", "dc1", "r1",
                List.of(-5L, 7L), List.of(), List.of(new dev.ctuner.common.protocol.message.KeyspaceSettings("shop",
                "org.apache.cassandra.locator.NetworkTopologyStrategy", java.util.Map.of("dc1", "3"))));
        handler.handle("p.status", TopicKind.STATUS, "n1", codec.encode(Envelope.of(cluster, new NodeId("n1"), UUID.randomUUID(), now,
                new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, "s1", "0.1.0", 1L, true, 0, 0, 0).withTopology(topology))));
        assertThat(registry.node(cluster, new NodeId("n1")).orElseThrow().status().orElseThrow().topology()).isEqualTo(topology);
    }

    @Test
    void heartbeatsKeepTheNewestPerNode() {
        handler.handle("p.status", TopicKind.STATUS, "n1", status(NodeState.UP_NORMAL, now));
        handler.handle("p.status", TopicKind.STATUS, "n1", status(NodeState.DOWN, now.minusSeconds(5)));
        NodeView view = registry.node(cluster, new NodeId("n1")).orElseThrow();
        assertThat(view.status().orElseThrow().state()).isEqualTo(NodeState.UP_NORMAL);
        assertThat(view.statusAt()).contains(now);
        assertThat(parked).isEmpty();
        assertThat(meters.get("ctuner.ingest.lag.seconds").tag("topic", "status").gauge().value())
                .as("the newest heartbeat was created 5 s before the handler's clock").isEqualTo(5.0);
    }

    @Test
    void aCommandResultIsStoredOnceAndAnnounced() {
        UUID command = UUID.randomUUID();
        byte[] result = codec.encode(Envelope.of(cluster, new NodeId("n1"), UUID.randomUUID(), now, new CommandResult(command,
                CommandStatus.DONE, CommandPhase.DONE, null, null, Map.of(CommandPhase.DRAINED, 1200L), now, Map.of(), Map.of())));
        when(results.record(any())).thenReturn(true, false);
        handler.handle("p.results", TopicKind.RESULTS, "n1", result);
        handler.handle("p.results", TopicKind.RESULTS, "n1", result);
        assertThat(told).singleElement().satisfies(r -> {
            assertThat(r.commandId()).isEqualTo(command);
            assertThat(r.millis(CommandPhase.DRAINED)).contains(1200L);
        });
    }

    @Test
    void aStoreFailureIsThrownSoTheRecordIsRetriedNotParked() {
        when(results.record(any())).thenThrow(new IllegalStateException("database down"));
        byte[] result = codec.encode(Envelope.of(cluster, new NodeId("n1"), UUID.randomUUID(), now, new CommandResult(UUID.randomUUID(),
                CommandStatus.DONE, CommandPhase.DONE, null, null, Map.of(), now, Map.of(), Map.of())));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> handler.handle("p.results", TopicKind.RESULTS, "n1", result))
                .hasMessageContaining("database down");
        assertThat(parked).isEmpty();
        verify(results, never()).forCommand(any());
    }

    @Test
    void aWorkloadSampleIsStoredOnceCountedAndKeptInTheRegistryAndItsRedeliveryIsADuplicate() {
        Envelope sample = ObservationSamples.sample("c1", "n1", now, 900, 100);
        when(observations.record(any())).thenReturn(true);
        handler.handle("p.workload", TopicKind.WORKLOAD, "n1", codec.encode(sample));
        handler.handle("p.workload", TopicKind.WORKLOAD, "n1", codec.encode(sample));
        verify(observations, org.mockito.Mockito.times(1)).record(sample);
        assertThat(meters.counter("ctuner.observations.stored").count()).isEqualTo(1.0);
        assertThat(meters.counter("ctuner.ingest.duplicates", "topic", "workload").count()).isEqualTo(1.0);
        assertThat(registry.node(cluster, new NodeId("n1")).orElseThrow().latestSample()).contains((WorkloadSample) sample.payload());
        assertThat(parked).isEmpty();
    }

    @Test
    void garbageSamplesGoToTheDeadLetterTopicAndStoreNothing() {
        byte[] good = codec.encode(ObservationSamples.sample("c1", "n1", now, 900, 100));
        String json = new String(good, StandardCharsets.UTF_8);
        // the window ends (10:00:30) before it starts (10:00:00): decodes as JSON, fails validation
        byte[] backwards = json.replace("2026-11-20T10:00:30Z", "2026-11-20T09:59:00Z").getBytes(StandardCharsets.UTF_8);
        assertThat(backwards).isNotEqualTo(good);
        handler.handle("p.workload", TopicKind.WORKLOAD, "n1", "{\"type\":\"WorkloadSample\"".getBytes(StandardCharsets.UTF_8));
        handler.handle("p.workload", TopicKind.WORKLOAD, "n1", backwards);
        handler.handle("p.status", TopicKind.STATUS, "n1", good);
        handler.handle("p.workload", TopicKind.WORKLOAD, "n1",
                codec.encode(ObservationSamples.sample("c1", "n".repeat(300), now, 1, 1)));

        verify(observations, never()).record(any());
        assertThat(parked).hasSize(4);
        assertThat(parked.get(1)).contains("windowEnd");
        assertThat(parked.get(2)).contains("does not belong on p.status");
        assertThat(parked.get(3)).contains("nodeId is 300 characters");
        assertThat(meters.get("ctuner.ingest.rejected").tag("reason", "UNSTORABLE").counter().count()).isEqualTo(1.0);
        assertThat(registry.clusters()).isEmpty();
    }

    @Test
    void aFloodOfSamplesFromOneNodeKeepsOnlyWindowsThatFollowEachOther() {
        when(observations.record(any())).thenReturn(true);
        for (int i = 0; i < 500; i++) {   // made-up message ids, every one for the same 30 s window or one overlapping it
            Envelope sample = ObservationSamples.sample("c1", "n1", now.plusMillis(i * 10L), 900, 100);
            handler.handle("p.workload", TopicKind.WORKLOAD, "n1", codec.encode(sample));
        }
        handler.handle("p.workload", TopicKind.WORKLOAD, "n1", codec.encode(ObservationSamples.sample("c1", "n1", now.plusSeconds(3600), 1, 1)));
        handler.handle("p.workload", TopicKind.WORKLOAD, "n1", codec.encode(ObservationSamples.sample("c1", "n1", now.plusSeconds(30), 9, 1)));

        verify(observations, org.mockito.Mockito.times(2)).record(any());
        assertThat(registry.node(cluster, new NodeId("n1")).orElseThrow().samples()).hasSize(2);
        assertThat(meters.get("ctuner.ingest.rejected").tag("reason", "WINDOW_OVERLAPS").counter().count()).isEqualTo(499.0);
        assertThat(meters.get("ctuner.ingest.rejected").tag("reason", "WINDOW_IN_FUTURE").counter().count()).isEqualTo(1.0);
        assertThat(parked).hasSize(500).allSatisfy(p -> assertThat(p).startsWith("p.workload "));
        assertThat(parked.get(0)).contains("before the end of the node's latest window (2026-11-20T10:00:30Z)");
    }

    @Test
    void aSampleStoreFailureIsThrownSoTheRecordIsRetried() {
        when(observations.record(any())).thenThrow(new IllegalStateException("database down"));
        byte[] sample = codec.encode(ObservationSamples.sample("c1", "n1", now, 900, 100));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> handler.handle("p.workload", TopicKind.WORKLOAD, "n1", sample))
                .hasMessageContaining("database down");
        assertThat(parked).isEmpty();
        assertThat(registry.clusters()).isEmpty();
    }
}
