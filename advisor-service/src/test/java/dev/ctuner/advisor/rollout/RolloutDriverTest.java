package dev.ctuner.advisor.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.safety.ConsistencyLevel;
import dev.ctuner.advisor.core.safety.KeyspaceReplication;
import dev.ctuner.advisor.core.safety.PlanRequest;
import dev.ctuner.advisor.core.safety.ReplicaPlacement;
import dev.ctuner.advisor.core.safety.Ring;
import dev.ctuner.advisor.core.safety.RingNode;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.recommendation.Submission;
import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.RejectionCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The orchestrator's state machine on the real store (H2), with sidecars played by hand: results
 * are written to the result store as ingest would, and sent commands are recorded.
 */
@SpringBootTest
class RolloutDriverTest {

    static final List<String> NODES = List.of("n1", "n2", "n3");

    @Autowired RolloutStore rollouts;
    @Autowired RolloutService rolloutService;
    @Autowired RecommendationService recommendations;
    @Autowired CommandResultStore results;

    final ClusterRegistry registry = new ClusterRegistry(10);
    final List<String> sent = new ArrayList<>();
    final MessageCodec codec = new MessageCodec();
    final CommandFactory factory = new CommandFactory(new CommandSigner(Ed25519Keys.generate().getPrivate(), codec), codec,
            Duration.ofSeconds(180), Duration.ofMinutes(15));

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("rollout-driver-test");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        registry.add("ctuner.advisor.vetting.node-facts.heap-mib", () -> "512");
        registry.add("spring.datasource.url", () -> "jdbc:h2:file:" + dir.resolve("advisor").toAbsolutePath());
        registry.add("ctuner.advisor.security.initial-admin-password-file", () -> dir.resolve("pw").toString());
    }

    RolloutDriver driver() {
        RolloutProperties p = new RolloutProperties(Duration.ofSeconds(1), Path.of("unused"), Path.of("unused"), Duration.ofSeconds(180),
                Duration.ofMinutes(15), Duration.ofSeconds(60), Duration.ofMinutes(10), Duration.ofSeconds(30), Duration.ofSeconds(120),
                100, 1000, Duration.ofHours(3), 10, Duration.ZERO, 3.0, true);
        return new RolloutDriver(rollouts, recommendations, results, registry, factory,
                (node, bytes) -> sent.add(node.value() + " " + codec.decode(bytes)), p, Clock.systemUTC());
    }

    @BeforeEach
    void allUp() {
        heartbeats();
    }

    void heartbeats() {
        Instant later = Instant.now().plusSeconds(2);
        for (String n : NODES) {
            registry.status(Views.CLUSTER, new NodeId(n), later, Views.status(NodeState.UP_NORMAL, "s1", 0, 0L));
        }
    }

    Rollout start(Map<String, String> settings) {
        var rec = recommendations.submit(new Submission(Views.CLUSTER, settings, "test", java.util.Set.of()), "olga");
        recommendations.approve(rec.id(), "olga", "ok");
        List<RingNode> nodes = new ArrayList<>();
        Map<NodeId, List<Long>> tokens = new java.util.LinkedHashMap<>();
        for (int i = 0; i < NODES.size(); i++) {
            RingNode node = new RingNode(new NodeId(NODES.get(i)), "dc1", "r1");
            nodes.add(node);
            tokens.put(node.id(), List.of(i * 1000L));
        }
        Ring ring = new Ring(nodes, List.of(new KeyspaceReplication("ks", Map.of("dc1", 3), ConsistencyLevel.QUORUM,
                ReplicaPlacement.place(nodes, tokens, Map.of("dc1", 3)))));
        PlanRequest request = PlanRequest.allNodes(ring).withCanaryFirst();
        return rolloutService.start(rec.id(), request, "olga", "go");
    }

    NodeStep step(UUID rollout, String node) {
        return rollouts.find(rollout).orElseThrow().steps().stream().filter(s -> s.nodeId().value().equals(node)).findFirst().orElseThrow();
    }

    void answer(NodeStep step, CommandStatus status, CommandPhase phase, Map<String, String> previous, UUID commandId) {
        results.record(new ReportedResult(UUID.randomUUID(), commandId, Views.CLUSTER, step.nodeId(), status, phase,
                status == CommandStatus.DONE ? Optional.empty() : Optional.of("node refused to start"),
                status == CommandStatus.REJECTED ? Optional.of(RejectionCode.OUT_OF_RANGE) : Optional.empty(),
                Map.of("DRAINED", "1000", "STOPPED", "500", "STARTED", "6000", "SYNCED", "2000"), previous, Instant.now()));
    }

    void done(UUID rollout, String node) {
        NodeStep s = step(rollout, node);
        answer(s, CommandStatus.DONE, CommandPhase.DONE, Map.of("memtable_heap_space", "128MiB"), s.command().orElseThrow().id());
    }

    @Test
    void aRestartChangeGoesRoundByRoundCanaryFirstAndEachNodeIsCommandedOnceEvenAcrossARestart() {
        Rollout r = start(Map.of("memtable_heap_space", "96MiB"));
        String canary = r.steps().stream().filter(NodeStep::canary).findFirst().orElseThrow().nodeId().value();
        driver().advance(r.id());
        assertThat(sent).singleElement().asString().startsWith(canary + " ");
        assertThat(step(r.id(), canary).status()).isEqualTo(NodeStepStatus.APPLYING);

        // An advisor restart: a new driver with no memory sees the command sent and does not command again.
        RolloutDriver restarted = driver();
        restarted.advance(r.id());
        assertThat(sent).hasSize(1);

        for (int round = 0; round < 3; round++) {
            NodeStep current = rollouts.find(r.id()).orElseThrow().steps().stream().filter(s -> s.status() == NodeStepStatus.APPLYING)
                    .findFirst().orElseThrow();
            done(r.id(), current.nodeId().value());
            restarted.advance(r.id());                // APPLIED
            heartbeats();
            restarted.advance(r.id());                // VERIFIED, next round sent
            assertThat(step(r.id(), current.nodeId().value()).status()).isEqualTo(NodeStepStatus.VERIFIED);
        }
        Rollout finished = rollouts.find(r.id()).orElseThrow();
        assertThat(finished.state()).isEqualTo(RolloutState.SUCCEEDED);
        assertThat(sent).hasSize(3).extracting(s -> s.split(" ")[0]).containsExactlyInAnyOrderElementsOf(NODES);
        assertThat(recommendations.get(finished.recommendationId()).state()).isEqualTo(RecommendationState.VERIFIED);
        assertThat(step(r.id(), canary).message()).hasValueSatisfying(m -> assertThat(m).contains("T_r 9500 ms"));
    }

    @Test
    void aCanaryTheSidecarRolledBackEndsTheRolloutFailedWithTheOthersSkipped() {
        Rollout r = start(Map.of("memtable_heap_space", "80MiB"));
        RolloutDriver driver = driver();
        driver.advance(r.id());
        NodeStep canary = rollouts.find(r.id()).orElseThrow().steps().stream().filter(NodeStep::canary).findFirst().orElseThrow();
        answer(canary, CommandStatus.FAILED, CommandPhase.ROLLED_BACK, Map.of(), canary.command().orElseThrow().id());
        driver.advance(r.id());
        driver.advance(r.id());
        Rollout after = rollouts.find(r.id()).orElseThrow();
        assertThat(after.state()).isEqualTo(RolloutState.FAILED);
        assertThat(after.steps()).filteredOn(NodeStep::canary).extracting(NodeStep::status).containsExactly(NodeStepStatus.ROLLED_BACK);
        assertThat(after.steps()).filteredOn(s -> !s.canary()).extracting(NodeStep::status).containsOnly(NodeStepStatus.SKIPPED);
        assertThat(sent).hasSize(1);
        assertThat(recommendations.get(after.recommendationId()).state()).isEqualTo(RecommendationState.ROLLED_BACK);
    }

    @Test
    void aLaterFailureRollsBackTheChangedNodesWithTheirPreviousValues() {
        Rollout r = start(Map.of("memtable_heap_space", "72MiB"));
        RolloutDriver driver = driver();
        driver.advance(r.id());
        String canary = r.steps().stream().filter(NodeStep::canary).findFirst().orElseThrow().nodeId().value();
        done(r.id(), canary);
        driver.advance(r.id());
        heartbeats();
        driver.advance(r.id());
        NodeStep second = rollouts.find(r.id()).orElseThrow().steps().stream().filter(s -> s.status() == NodeStepStatus.APPLYING)
                .findFirst().orElseThrow();
        answer(second, CommandStatus.REJECTED, CommandPhase.RECEIVED, Map.of(), second.command().orElseThrow().id());
        driver.advance(r.id());
        assertThat(sent).hasSize(3).last().asString().startsWith(canary + " ").contains("128MiB");
        NodeStep rolling = step(r.id(), canary);
        answer(rolling, CommandStatus.DONE, CommandPhase.DONE, Map.of(), rolling.rollback().orElseThrow().id());
        driver.advance(r.id());
        driver.advance(r.id());
        Rollout after = rollouts.find(r.id()).orElseThrow();
        assertThat(after.state()).isEqualTo(RolloutState.FAILED);
        assertThat(step(r.id(), canary).status()).isEqualTo(NodeStepStatus.ROLLED_BACK);
        assertThat(step(r.id(), second.nodeId().value()).status()).isEqualTo(NodeStepStatus.FAILED);
    }

    @Test
    void failingPreChecksWaitAndSendNothing() {
        Rollout r = start(Map.of("memtable_heap_space", "88MiB"));
        registry.status(Views.CLUSTER, new NodeId("n2"), Instant.now().plusSeconds(3), Views.status(NodeState.DOWN, null, null, null));
        registry.status(Views.CLUSTER, new NodeId("n3"), Instant.now().plusSeconds(3), Views.status(NodeState.DOWN, null, null, null));
        driver().advance(r.id());
        assertThat(sent).isEmpty();
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.RUNNING);
    }
}
