package dev.ctuner.advisor.rollout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.lifecycle.IllegalTransitionException;
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
import dev.ctuner.advisor.store.AuditEntry;
import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.DecodeResult;
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
import java.util.Comparator;
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
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionOperations;
import org.springframework.transaction.support.TransactionTemplate;

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
    @Autowired PlatformTransactionManager transactions;

    final ClusterRegistry registry = new ClusterRegistry(10);
    /** The application's registry: a recommendation is accepted only for a cluster some sidecar reported. */
    @Autowired ClusterRegistry reported;
    final List<String> sent = new ArrayList<>();
    final List<UUID> sentIds = new ArrayList<>();
    final MessageCodec codec = new MessageCodec();
    final io.micrometer.core.instrument.simple.SimpleMeterRegistry meterRegistry = new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    final RolloutMeters meters = new RolloutMeters(meterRegistry);
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
        return driver(RollbackPolicy.ANY_FAILURE, Clock.systemUTC());
    }

    RolloutDriver driver(RollbackPolicy policy, Clock clock) {
        return driver(policy, clock, new TransactionTemplate(transactions));
    }

    RolloutDriver driver(RollbackPolicy policy, Clock clock, TransactionOperations tx) {
        RolloutProperties p = new RolloutProperties(Duration.ofSeconds(1), Path.of("unused"), Path.of("unused"), Duration.ofSeconds(180),
                Duration.ofMinutes(15), Duration.ofSeconds(60), Duration.ofMinutes(10), Duration.ofSeconds(30), Duration.ofSeconds(120),
                100, 1000, Duration.ofHours(3), 10, Duration.ZERO, 3.0, Duration.ZERO, 0, 2, policy);
        return new RolloutDriver(rollouts, recommendations, results, registry, factory, (node, bytes) -> {
            DecodeResult decoded = codec.decode(bytes);
            sent.add(node.value() + " " + decoded);
            sentIds.add(((DecodeResult.Decoded) decoded).envelope().id());
        }, p, clock, tx, meters);
    }

    @BeforeEach
    void allUp() {
        heartbeats();
    }

    /** A heartbeat and a sampling window from every node, both after anything done so far. */
    void heartbeats() {
        Instant later = Instant.now().plusSeconds(2);
        for (String n : NODES) {
            registry.status(Views.CLUSTER, new NodeId(n), later, Views.status(NodeState.UP_NORMAL, "s1", 0, 0L));
            registry.sample(Views.CLUSTER, new NodeId(n), Views.sample(later, 1000.0, 500.0, 0L, Map.of()));
        }
    }

    Rollout start(Map<String, String> settings) {
        return start(settings, List.of());
    }

    Rollout start(Map<String, String> settings, List<String> tables) {
        dev.ctuner.advisor.ring.ReportedClusters.report(reported, Views.CLUSTER, dev.ctuner.advisor.ring.ReportedClusters.nodes(3, 1),
                List.of(dev.ctuner.advisor.ring.ReportedClusters.nts("ks", 3)));
        var rec = recommendations.submit(new Submission(Views.CLUSTER, settings, "test", java.util.Set.of(), tables), "olga");
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
        String cluster = Views.CLUSTER.value();
        assertThat(meterRegistry.get("ctuner.canary.verdicts").tags("cluster", cluster, "verdict", "passed").counter().count()).isEqualTo(1);
        assertThat(meterRegistry.get("ctuner.canary.verdicts").tags("cluster", cluster, "verdict", "failed").counter().count()).isZero();
        var took = meterRegistry.get("ctuner.rollout.duration").tags("cluster", cluster, "state", "succeeded").timer();
        assertThat(took.count()).isEqualTo(1);
        assertThat(took.totalTime(java.util.concurrent.TimeUnit.MILLISECONDS))
                .isCloseTo(Duration.between(finished.createdAt(), finished.updatedAt()).toMillis(), org.assertj.core.data.Offset.offset(1.0));
        assertThat(meterRegistry.get("ctuner.rollout.duration").tags("cluster", cluster, "state", "failed").timer().count()).isZero();
    }

    @Test
    void aChangedNodeIsVerifiedByAHeartbeatTheSidecarStampedAfterItsAnswerOnItsOwnClockAndThatHeartbeatIsAwaited() {
        Rollout r = start(Map.of("memtable_heap_space", "96MiB"));
        RolloutDriver driver = driver();
        driver.advance(r.id());
        NodeStep canary = r.steps().stream().filter(NodeStep::canary).findFirst().orElseThrow();
        NodeId node = canary.nodeId();
        // The node's clock runs 10 s ahead of the advisor's: its answer is stamped after every heartbeat so far.
        Instant answeredAt = Instant.now().plusSeconds(10);
        results.record(new ReportedResult(UUID.randomUUID(), step(r.id(), node.value()).command().orElseThrow().id(), Views.CLUSTER,
                node, CommandStatus.DONE, CommandPhase.DONE, Optional.empty(), Optional.empty(),
                Map.of("DRAINED", "1000", "STOPPED", "500", "STARTED", "6000", "SYNCED", "2000"), Map.of("memtable_heap_space", "128MiB"),
                answeredAt));
        driver.advance(r.id());
        assertThat(step(r.id(), node.value()).status()).as("a heartbeat from before its answer does not count")
                .isEqualTo(NodeStepStatus.APPLIED);
        assertThat(driver.awaitsHeartbeat(Views.CLUSTER, node)).isTrue();
        assertThat(driver.awaitsHeartbeat(Views.CLUSTER, new NodeId(NODES.stream().filter(n -> !n.equals(node.value()))
                .findFirst().orElseThrow()))).isFalse();

        Instant after = answeredAt.plusMillis(5);
        for (String n : NODES) {
            registry.status(Views.CLUSTER, new NodeId(n), after, Views.status(NodeState.UP_NORMAL, "s1", 0, 0L));
            registry.sample(Views.CLUSTER, new NodeId(n), Views.sample(after, 1000.0, 500.0, 0L, Map.of()));
        }
        driver.advance(r.id());
        assertThat(step(r.id(), node.value()).status()).isEqualTo(NodeStepStatus.VERIFIED);
        assertThat(driver.awaitsHeartbeat(Views.CLUSTER, node)).isFalse();
        assertThat(sent).as("the next round sent in the same look").hasSize(2);
    }

    @Test
    void aHeartbeatCountsFromTheSidecarsFinalAnswerOrWithoutOneFromTheAdvisorsRecordOfTheChange() {
        Instant applied = Instant.parse("2026-01-01T00:00:00Z");
        ReportedResult done = new ReportedResult(UUID.randomUUID(), UUID.randomUUID(), Views.CLUSTER, new NodeId("n1"), CommandStatus.DONE,
                CommandPhase.DONE, Optional.empty(), Optional.empty(), Map.of(), Map.of(), applied.minusSeconds(3));
        ReportedResult progress = new ReportedResult(UUID.randomUUID(), UUID.randomUUID(), Views.CLUSTER, new NodeId("n1"),
                CommandStatus.IN_PROGRESS, CommandPhase.STARTED, Optional.empty(), Optional.empty(), Map.of(), Map.of(), applied.minusSeconds(9));
        assertThat(AwaitedHeartbeats.changedAt(applied, Optional.of(done))).isEqualTo(applied.minusSeconds(3));
        assertThat(AwaitedHeartbeats.changedAt(applied, Optional.of(progress))).as("not an answer that ends the command").isEqualTo(applied);
        assertThat(AwaitedHeartbeats.changedAt(applied, Optional.empty())).isEqualTo(applied);
    }

    @Test
    void aRolloutAndItsRecommendationEndTogetherOrNotAtAll() {
        Rollout r = start(Map.of("memtable_heap_space", "96MiB"));
        RolloutDriver driver = driver();
        // transactions that never commit: the advisor dies between the rollout's last move and its recommendation's
        RolloutDriver dying = driver(RollbackPolicy.ANY_FAILURE, Clock.systemUTC(), new TransactionOperations() {
            @Override
            public <T> T execute(TransactionCallback<T> action) {
                return new TransactionTemplate(transactions).execute(status -> {
                    T result = action.doInTransaction(status);
                    status.setRollbackOnly();
                    return result;
                });
            }
        });
        driver.advance(r.id());
        finishRound(r.id(), driver);
        finishRound(r.id(), driver);
        finishRound(r.id(), dying);
        Rollout verified = rollouts.find(r.id()).orElseThrow();
        assertThat(verified.steps()).extracting(NodeStep::status).containsOnly(NodeStepStatus.VERIFIED);
        assertThat(verified.state()).isEqualTo(RolloutState.RUNNING);
        assertThat(rollouts.auditTrail(r.id())).extracting(AuditEntry::to).containsExactly(RolloutState.RUNNING);
        assertThat(recommendations.get(verified.recommendationId()).state()).isEqualTo(RecommendationState.ROLLING_OUT);

        driver().advance(r.id());                      // the restarted advisor ends both
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.SUCCEEDED);
        assertThat(recommendations.get(verified.recommendationId()).state()).isEqualTo(RecommendationState.VERIFIED);
        assertThat(sent).hasSize(3);
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
        // Why it failed survives the rollback, on the step and in the rollout's summary.
        assertThat(step(r.id(), canary.nodeId().value()).message()).hasValueSatisfying(m -> assertThat(m)
                .startsWith("the sidecar restored the previous configuration").contains("it failed: command").contains("node refused to start"));
        assertThat(rollouts.auditTrail(r.id()).get(rollouts.auditTrail(r.id()).size() - 1).reason())
                .startsWith("halted: " + canary.nodeId().value() + " failed (command ").contains("node refused to start");
    }

    /** A sampling window from every node, after anything done so far, the canary's reads at {@code canaryReadP99}. */
    void windows(String canary, double canaryReadP99) {
        Instant later = Instant.now().plusSeconds(2);
        for (String n : NODES) {
            registry.status(Views.CLUSTER, new NodeId(n), later, Views.status(NodeState.UP_NORMAL, "s1", 0, 0L));
            registry.sample(Views.CLUSTER, new NodeId(n), Views.sample(later, n.equals(canary) ? canaryReadP99 : 1000.0, 500.0, 0L, Map.of()));
        }
    }

    /**
     * Sends the canary its command, publishes one more window with the canary's reads at
     * {@code readP99} (the windows so far are at 1000 us on every node), and brings the canary to
     * APPLIED, which takes the first look at it; returns the canary's node.
     */
    String canaryAppliedAndLookedAt(Rollout r, RolloutDriver driver, double readP99) {
        driver.advance(r.id());
        String canary = r.steps().stream().filter(NodeStep::canary).findFirst().orElseThrow().nodeId().value();
        windows(canary, readP99);
        done(r.id(), canary);
        driver.advance(r.id());
        return canary;
    }

    /** The node's rollback command answers DONE and the driver looks twice; the rollout after that. */
    Rollout rollbackDone(UUID rollout, String node, RolloutDriver driver) {
        NodeStep rolling = step(rollout, node);
        answer(rolling, CommandStatus.DONE, CommandPhase.DONE, Map.of(), rolling.rollback().orElseThrow().id());
        driver.advance(rollout);
        driver.advance(rollout);
        return rollouts.find(rollout).orElseThrow();
    }

    @Test
    void aCanaryWorseAtOneLookIsMeasuredAgainOnFreshWindowsAndPassesWhenTheyAreFine() {
        Rollout r = start(Map.of("memtable_heap_space", "76MiB"));
        RolloutDriver driver = driver();
        String canary = canaryAppliedAndLookedAt(r, driver, 20_000.0);   // mean read p99 10.5x the others'
        assertThat(step(r.id(), canary).status()).as("not failed on one look").isEqualTo(NodeStepStatus.APPLIED);
        assertThat(sent).hasSize(1);
        driver.advance(r.id());                       // no fresh window yet: still waiting
        assertThat(step(r.id(), canary).status()).isEqualTo(NodeStepStatus.APPLIED);
        windows(canary, 1_200.0);                     // the next window is fine
        driver.advance(r.id());
        NodeStep verified = step(r.id(), canary);
        assertThat(verified.status()).isEqualTo(NodeStepStatus.VERIFIED);
        assertThat(verified.message()).hasValueSatisfying(m -> assertThat(m).startsWith("canary within 3.0x: read p99 1200 us")
                .contains("worse at 1 earlier look(s): canary worse than 3.0x: read p99 10500 us").contains("not confirmed"));
        assertThat(sent).as("the next round went out").hasSize(2);
    }

    @Test
    void aCanaryWorseAtTwoLooksInARowIsRolledBackAndTheRolloutSaysWhy() {
        Rollout r = start(Map.of("memtable_heap_space", "68MiB"));
        RolloutDriver driver = driver();
        String canary = canaryAppliedAndLookedAt(r, driver, 20_000.0);
        assertThat(step(r.id(), canary).status()).isEqualTo(NodeStepStatus.APPLIED);
        windows(canary, 9_000.0);
        driver.advance(r.id());
        assertThat(step(r.id(), canary).status()).isEqualTo(NodeStepStatus.FAILED);
        driver.advance(r.id());                       // halted: the rollback of the canary goes out
        assertThat(sent).hasSize(2).last().asString().startsWith(canary + " ").contains("128MiB");
        Rollout after = rollbackDone(r.id(), canary, driver);
        assertThat(after.state()).isEqualTo(RolloutState.FAILED);
        assertThat(step(r.id(), canary).message()).hasValueSatisfying(m -> assertThat(m).startsWith("rolled back by command ")
                .contains("it failed: worse at 2 looks in a row: canary worse than 3.0x: read p99 10500 us")
                .contains("| canary worse than 3.0x: read p99 9000 us"));
        assertThat(rollouts.auditTrail(r.id()).get(rollouts.auditTrail(r.id()).size() - 1).reason())
                .startsWith("halted: " + canary + " failed (worse at 2 looks in a row: ").contains("no node keeps the change");
        assertThat(after.steps()).filteredOn(s -> !s.canary()).extracting(NodeStep::status).containsOnly(NodeStepStatus.SKIPPED);
        String cluster = Views.CLUSTER.value();
        assertThat(meterRegistry.get("ctuner.canary.verdicts").tags("cluster", cluster, "verdict", "failed").counter().count())
                .as("two looks, one verdict").isEqualTo(1);
        assertThat(meterRegistry.get("ctuner.canary.verdicts").tags("cluster", cluster, "verdict", "passed").counter().count()).isZero();
        assertThat(meterRegistry.get("ctuner.rollout.duration").tags("cluster", cluster, "state", "failed").timer().count()).isEqualTo(1);
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
        Rollout after = rollbackDone(r.id(), canary, driver);
        assertThat(after.state()).isEqualTo(RolloutState.FAILED);
        assertThat(step(r.id(), canary).status()).isEqualTo(NodeStepStatus.ROLLED_BACK);
        assertThat(step(r.id(), canary).message()).hasValueSatisfying(m -> assertThat(m).startsWith("rolled back by command ")
                .doesNotContain("it failed")); // the canary itself was fine
        assertThat(step(r.id(), second.nodeId().value()).status()).isEqualTo(NodeStepStatus.FAILED);
        assertThat(rollouts.auditTrail(r.id()).get(rollouts.auditTrail(r.id()).size() - 1).reason())
                .startsWith("halted: " + second.nodeId().value() + " failed (command ").contains("REJECTED");
    }

    @Test
    void aRollbackThatWouldOverwriteALaterRolloutOfTheSameKnobIsRefusedAndChangesNothing() {
        RolloutDriver driver = driver();
        Rollout older = start(Map.of("memtable_heap_space", "96MiB"));
        runToSuccess(older, driver);
        Rollout newer = start(Map.of("memtable_heap_space", "104MiB"));
        runToSuccess(newer, driver);
        int sentBefore = sent.size();

        assertThatThrownBy(() -> rolloutService.rollback(older.id(), "olga", "back to before"))
                .isInstanceOf(RollbackConflictException.class)
                .hasMessageContaining("the later rollout " + newer.id() + " (SUCCEEDED) changed [memtable_heap_space] on [n1, n2, n3]")
                .hasMessageContaining("Roll back the later rollout(s) first");
        assertThat(rollouts.find(older.id()).orElseThrow().state()).isEqualTo(RolloutState.SUCCEEDED);
        driver.advance(older.id());
        assertThat(sent).hasSize(sentBefore);

        assertThat(rolloutService.rollback(newer.id(), "olga", "newest first").state()).isEqualTo(RolloutState.ROLLING_BACK);
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

    /** Runs a started rollout to SUCCEEDED, every node answering DONE with previous value 128MiB. */
    void runToSuccess(Rollout r, RolloutDriver driver) {
        driver.advance(r.id());
        for (int round = 0; round < 3; round++) {
            finishRound(r.id(), driver);
        }
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.SUCCEEDED);
    }

    /** The node commanded in the current round answers DONE; the driver sees it applied, then (after heartbeats) verified. */
    void finishRound(UUID rollout, RolloutDriver driver) {
        NodeStep current = rollouts.find(rollout).orElseThrow().steps().stream().filter(s -> s.status() == NodeStepStatus.APPLYING)
                .findFirst().orElseThrow();
        done(rollout, current.nodeId().value());
        driver.advance(rollout);
        heartbeats();
        driver.advance(rollout);
    }

    void rolledBack(UUID rollout, String node) {
        NodeStep s = step(rollout, node);
        answer(s, CommandStatus.DONE, CommandPhase.DONE, Map.of("memtable_heap_space", "changed"), s.rollback().orElseThrow().id());
    }

    List<String> nodesByRoundDescending(UUID rollout) {
        return rollouts.find(rollout).orElseThrow().steps().stream().sorted(Comparator.comparingInt(NodeStep::round).reversed())
                .map(s -> s.nodeId().value()).toList();
    }

    @Test
    void aSucceededRolloutIsRolledBackOnRequestRoundByRoundLastRoundFirstWithThePreviousValues() {
        Rollout r = start(Map.of("memtable_heap_space", "104MiB"));
        RolloutDriver driver = driver();
        runToSuccess(r, driver);
        sent.clear();

        Rollout requested = rolloutService.rollback(r.id(), "olga", "p99 worse since the change");
        assertThat(requested.state()).isEqualTo(RolloutState.ROLLING_BACK);
        assertThat(recommendations.get(r.recommendationId()).state()).isEqualTo(RecommendationState.ROLLING_BACK);
        List<String> order = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            heartbeats();
            driver.advance(r.id());                   // pre-checks pass: this round's rollback is sent
            assertThat(sent).as("one round at a time").hasSize(round + 1);
            String node = sent.get(round).split(" ")[0];
            assertThat(sent.get(round)).contains("128MiB");
            order.add(node);
            driver.advance(r.id());                   // in flight: nothing more is sent
            assertThat(sent).hasSize(round + 1);
            rolledBack(r.id(), node);
            driver.advance(r.id());                   // ROLLED_BACK
            assertThat(step(r.id(), node).status()).isEqualTo(NodeStepStatus.ROLLED_BACK);
        }
        driver.advance(r.id());
        assertThat(order).isEqualTo(nodesByRoundDescending(r.id()));
        Rollout after = rollouts.find(r.id()).orElseThrow();
        assertThat(after.state()).isEqualTo(RolloutState.ROLLED_BACK);
        assertThat(after.steps()).extracting(NodeStep::status).containsOnly(NodeStepStatus.ROLLED_BACK);
        assertThat(recommendations.get(r.recommendationId()).state()).isEqualTo(RecommendationState.ROLLED_BACK);
        List<AuditEntry<RolloutState>> audit = rolloutService.auditTrail(r.id());
        assertThat(audit).extracting(AuditEntry::to).endsWith(RolloutState.SUCCEEDED, RolloutState.ROLLING_BACK, RolloutState.ROLLED_BACK);
        AuditEntry<RolloutState> request = audit.get(audit.size() - 2);
        assertThat(request.actor()).isEqualTo("olga");
        assertThat(request.reason()).contains("p99 worse since the change").contains("changed: [");
        assertThat(audit.get(audit.size() - 1).actor()).isEqualTo("orchestrator");
        assertThat(recommendations.auditTrail(r.recommendationId())).extracting(AuditEntry::actor).endsWith("olga", "orchestrator");
    }

    @Test
    void aRollbackResumesAfterAnAdvisorRestartWithoutCommandingANodeTwice() {
        Rollout r = start(Map.of("memtable_heap_space", "100MiB"));
        runToSuccess(r, driver());
        sent.clear();
        sentIds.clear();
        rolloutService.rollback(r.id(), "olga", "undo");
        driver().advance(r.id());
        assertThat(sent).hasSize(1);
        String first = sent.get(0).split(" ")[0];
        UUID firstCommand = step(r.id(), first).rollback().orElseThrow().id();
        assertThat(sentIds).containsExactly(firstCommand);

        // A restarted advisor (a new driver, no memory) waits for the persisted command instead of sending a new one ...
        RolloutDriver restarted = driver();
        restarted.advance(r.id());
        restarted.advance(r.id());
        assertThat(sent).hasSize(1);
        // ... and when nothing came back for resend-after, it sends the very same signed command again.
        driver(RollbackPolicy.ANY_FAILURE, Clock.offset(Clock.systemUTC(), Duration.ofSeconds(61))).advance(r.id());
        assertThat(sentIds).containsExactly(firstCommand, firstCommand);

        rolledBack(r.id(), first);
        for (int i = 0; i < 6; i++) {
            heartbeats();
            restarted = driver();                     // a restart before every look
            restarted.advance(r.id());
            rollouts.find(r.id()).orElseThrow().steps().stream()
                    .filter(s -> s.rollback().isPresent() && s.status() != NodeStepStatus.ROLLED_BACK)
                    .filter(s -> results.latest(s.rollback().get().id()).isEmpty())
                    .forEach(s -> rolledBack(r.id(), s.nodeId().value()));
        }
        driver().advance(r.id());
        Rollout after = rollouts.find(r.id()).orElseThrow();
        assertThat(after.state()).isEqualTo(RolloutState.ROLLED_BACK);
        assertThat(step(r.id(), first).rollback().orElseThrow().id()).isEqualTo(firstCommand);
        assertThat(sentIds).as("one rollback command per node; the first one sent twice, unchanged")
                .containsExactlyInAnyOrderElementsOf(expectedIds(r.id(), firstCommand));
        List<String> expectedNodes = new ArrayList<>(NODES);
        expectedNodes.add(first);
        assertThat(sent).extracting(s -> s.split(" ")[0]).containsExactlyInAnyOrderElementsOf(expectedNodes);
    }

    List<UUID> expectedIds(UUID rollout, UUID first) {
        List<UUID> ids = new ArrayList<>(List.of(first));
        for (String n : NODES) {
            ids.add(step(rollout, n).rollback().orElseThrow().id());
        }
        return ids;
    }

    @Test
    void aRollbackIsRefusedFromTheWrongStateNamingTheAllowedMovesAndForAnUnknownRollout() {
        Rollout r = start(Map.of("memtable_heap_space", "92MiB"));
        assertThatThrownBy(() -> rolloutService.rollback(r.id(), "olga", "undo"))
                .isInstanceOfSatisfying(IllegalTransitionException.class, e -> {
                    assertThat(e.current()).isEqualTo("RUNNING");
                    assertThat(e.allowed()).containsExactlyInAnyOrder("PAUSED", "SUCCEEDED", "FAILED", "ABORTED");
                });
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.RUNNING);
        assertThat(recommendations.get(r.recommendationId()).state()).isEqualTo(RecommendationState.ROLLING_OUT);
        assertThatThrownBy(() -> rolloutService.rollback(UUID.randomUUID(), "olga", "undo")).isInstanceOf(NotFoundException.class);

        rolloutService.pause(r.id(), "olga", "wait");
        rolloutService.rollback(r.id(), "olga", "undo");
        assertThatThrownBy(() -> rolloutService.rollback(r.id(), "olga", "again"))
                .isInstanceOfSatisfying(IllegalTransitionException.class, e ->
                        assertThat(e.allowed()).containsExactlyInAnyOrder("ROLLED_BACK", "FAILED"));
        driver().advance(r.id());
        assertThat(sent).isEmpty();                   // nothing was changed, nothing to send
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.ROLLED_BACK);
        assertThat(rollouts.find(r.id()).orElseThrow().steps()).extracting(NodeStep::status).containsOnly(NodeStepStatus.SKIPPED);
    }

    @Test
    void aPausedRolloutWithACommandInFlightRollsThatNodeBackOnceItIsDone() {
        Rollout r = start(Map.of("memtable_heap_space", "84MiB"));
        RolloutDriver driver = driver();
        driver.advance(r.id());
        String canary = r.steps().stream().filter(NodeStep::canary).findFirst().orElseThrow().nodeId().value();
        rolloutService.pause(r.id(), "olga", "stop");
        rolloutService.rollback(r.id(), "olga", "undo");
        driver.advance(r.id());
        assertThat(sent).hasSize(1);                  // the canary's change is still in flight
        done(r.id(), canary);
        heartbeats();
        driver.advance(r.id());                       // collected (APPLIED), and its rollback sent at once
        driver.advance(r.id());
        assertThat(sent).hasSize(2).last().asString().startsWith(canary + " ").contains("128MiB");
        rolledBack(r.id(), canary);
        driver.advance(r.id());
        driver.advance(r.id());
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.ROLLED_BACK);
        assertThat(rollouts.find(r.id()).orElseThrow().steps()).filteredOn(s -> !s.canary()).extracting(NodeStep::status)
                .containsOnly(NodeStepStatus.SKIPPED);
    }

    @Test
    void withTheCanaryPolicyALaterFailureKeepsTheChangeUntilAnOperatorRollsBack() {
        Rollout r = start(Map.of("memtable_heap_space", "76MiB"));
        RolloutDriver driver = driver(RollbackPolicy.CANARY, Clock.systemUTC());
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
        driver.advance(r.id());
        assertThat(sent).hasSize(2);                  // no automatic rollback
        Rollout failed = rollouts.find(r.id()).orElseThrow();
        assertThat(failed.state()).isEqualTo(RolloutState.FAILED);
        assertThat(recommendations.get(r.recommendationId()).state()).isEqualTo(RecommendationState.FAILED);
        assertThat(rolloutService.auditTrail(r.id()).get(rolloutService.auditTrail(r.id()).size() - 1).reason())
                .contains("still changed: [" + canary + "]");

        rolloutService.rollback(r.id(), "olga", "restore the canary");
        heartbeats();
        driver.advance(r.id());
        assertThat(sent).hasSize(3).last().asString().startsWith(canary + " ").contains("128MiB");
        rolledBack(r.id(), canary);
        driver.advance(r.id());
        driver.advance(r.id());
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.ROLLED_BACK);
        assertThat(step(r.id(), second.nodeId().value()).status()).isEqualTo(NodeStepStatus.FAILED);
        assertThat(recommendations.get(r.recommendationId()).state()).isEqualTo(RecommendationState.ROLLED_BACK);
    }

    static final Map<String, String> LCS = Map.of("compaction.class", "LeveledCompactionStrategy");
    static final Map<String, String> STCS = Map.of("compaction.class", "SizeTieredCompactionStrategy");

    void schemaHeartbeats(String... versions) {
        Instant later = Instant.now().plusSeconds(4);
        for (int i = 0; i < NODES.size(); i++) {
            registry.status(Views.CLUSTER, new NodeId(NODES.get(i)), later, Views.status(NodeState.UP_NORMAL, versions[i], 0, 0L));
        }
    }

    @Test
    void aSchemaChangeSendsOneAlterTablePerTableOnceAndSucceedsWhenTheRingAgrees() {
        Rollout r = start(LCS, List.of("rollit.kv", "rollit.other"));
        assertThat(r.steps()).hasSize(2).extracting(NodeStep::canary).containsOnly(false);
        assertThat(r.method()).isEqualTo(dev.ctuner.advisor.core.safety.PlanMethod.ONCE);
        RolloutDriver driver = driver();
        driver.advance(r.id());
        assertThat(sent).singleElement().asString().contains("AlterTable").contains("keyspace=rollit").contains("table=kv")
                .contains("compaction.class=LeveledCompactionStrategy");
        String first = sent.get(0).split(" ")[0];

        driver().advance(r.id());                     // an advisor restart: the persisted command is awaited, none is sent
        assertThat(sent).hasSize(1);

        NodeStep step = step(r.id(), first);
        answer(step, CommandStatus.DONE, CommandPhase.DONE, STCS, step.command().orElseThrow().id());
        schemaHeartbeats("s2", "s1", "s2");
        driver.advance(r.id());                       // APPLIED, but no agreement yet: waits
        assertThat(step(r.id(), first).status()).isEqualTo(NodeStepStatus.APPLIED);
        driver.advance(r.id());
        assertThat(step(r.id(), first).status()).isEqualTo(NodeStepStatus.APPLIED);
        schemaHeartbeats("s2", "s2", "s2");
        driver.advance(r.id());                       // VERIFIED, and the second table is sent from another node
        assertThat(step(r.id(), first).status()).isEqualTo(NodeStepStatus.VERIFIED);
        assertThat(step(r.id(), first).message()).hasValueSatisfying(m -> assertThat(m).contains("rollit.kv").contains("schema s2"));
        assertThat(sent).hasSize(2).last().asString().contains("table=other").doesNotStartWith(first + " ");

        String second = sent.get(1).split(" ")[0];
        NodeStep next = step(r.id(), second);
        answer(next, CommandStatus.DONE, CommandPhase.DONE, STCS, next.command().orElseThrow().id());
        driver.advance(r.id());
        schemaHeartbeats("s3", "s3", "s3");
        driver.advance(r.id());
        driver.advance(r.id());
        Rollout after = rollouts.find(r.id()).orElseThrow();
        assertThat(after.state()).isEqualTo(RolloutState.SUCCEEDED);
        assertThat(sent).hasSize(2);
        assertThat(recommendations.get(r.recommendationId()).state()).isEqualTo(RecommendationState.VERIFIED);
        assertThat(recommendations.get(r.recommendationId()).tables()).containsExactly("rollit.kv", "rollit.other");
    }

    @Test
    void aSchemaChangeWaitsForSchemaAgreementBeforeItIsSent() {
        Rollout r = start(LCS, List.of("rollit.kv"));
        schemaHeartbeats("s1", "s2", "s1");
        driver().advance(r.id());
        assertThat(sent).isEmpty();
        schemaHeartbeats("s2", "s2", "s2");
        driver().advance(r.id());
        assertThat(sent).hasSize(1);
    }

    @Test
    void aSchemaChangeIsRolledBackOnRequestWithThePreviousOptionsTheSidecarReported() {
        Rollout r = start(Map.of("compaction.class", "LeveledCompactionStrategy", "bloom_filter_fp_chance", "0.1"), List.of("rollit.kv"));
        RolloutDriver driver = driver();
        driver.advance(r.id());
        String node = sent.get(0).split(" ")[0];
        NodeStep step = step(r.id(), node);
        answer(step, CommandStatus.DONE, CommandPhase.DONE, Map.of("compaction.class", "SizeTieredCompactionStrategy",
                "bloom_filter_fp_chance", "0.01"), step.command().orElseThrow().id());
        driver.advance(r.id());
        schemaHeartbeats("s2", "s2", "s2");
        driver.advance(r.id());
        driver.advance(r.id());
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.SUCCEEDED);
        sent.clear();

        rolloutService.rollback(r.id(), "olga", "reads slower with LCS");
        driver.advance(r.id());
        assertThat(sent).singleElement().asString().startsWith(node + " ").contains("AlterTable").contains("table=kv")
                .contains("compaction.class=SizeTieredCompactionStrategy").contains("bloom_filter_fp_chance=0.01");
        NodeStep rolling = step(r.id(), node);
        answer(rolling, CommandStatus.DONE, CommandPhase.DONE, Map.of("compaction.class", "LeveledCompactionStrategy"),
                rolling.rollback().orElseThrow().id());
        driver.advance(r.id());
        driver.advance(r.id());
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.ROLLED_BACK);
        assertThat(recommendations.get(r.recommendationId()).state()).isEqualTo(RecommendationState.ROLLED_BACK);
    }

    @Test
    void aSchemaChangeTheSidecarRejectsForAnUnknownTableFailsTheRolloutWithItsReason() {
        Rollout r = start(LCS, List.of("rollit.nope"));
        RolloutDriver driver = driver();
        driver.advance(r.id());
        NodeStep step = rollouts.find(r.id()).orElseThrow().steps().get(0);
        results.record(new ReportedResult(UUID.randomUUID(), step.command().orElseThrow().id(), Views.CLUSTER, step.nodeId(),
                CommandStatus.REJECTED, CommandPhase.RECEIVED, Optional.of("table rollit.nope does not exist"),
                Optional.of(RejectionCode.INVALID_FIELD), Map.of(), Map.of(), Instant.now()));
        driver.advance(r.id());
        driver.advance(r.id());
        Rollout after = rollouts.find(r.id()).orElseThrow();
        assertThat(after.state()).isEqualTo(RolloutState.FAILED);
        assertThat(after.steps().get(0).message()).hasValueSatisfying(m -> assertThat(m).contains("rollit.nope does not exist"));
        assertThat(sent).hasSize(1);
    }

    @Test
    void tableOptionsNeedValidTablesAndDoNotMixWithNodeSettings() {
        assertThatThrownBy(() -> recommendations.submit(new Submission(Views.CLUSTER, LCS, "t", java.util.Set.of()), "olga"))
                .isInstanceOf(dev.ctuner.advisor.recommendation.InvalidSettingsException.class)
                .satisfies(e -> assertThat(((dev.ctuner.advisor.recommendation.InvalidSettingsException) e).violations().toString())
                        .contains("keyspace.table"));
        assertThatThrownBy(() -> recommendations.submit(new Submission(Views.CLUSTER, Map.of("compaction.class", "LeveledCompactionStrategy",
                "concurrent_reads", "64"), "t", java.util.Set.of(), List.of("rollit.kv")), "olga"))
                .satisfies(e -> assertThat(((dev.ctuner.advisor.recommendation.InvalidSettingsException) e).violations().toString())
                        .contains("mixed with node settings"));
        assertThatThrownBy(() -> recommendations.submit(new Submission(Views.CLUSTER, LCS, "t", java.util.Set.of(),
                List.of("rollit.kv; DROP TABLE x")), "olga"))
                .satisfies(e -> assertThat(((dev.ctuner.advisor.recommendation.InvalidSettingsException) e).violations().toString())
                        .contains("plain CQL identifiers"));
        assertThatThrownBy(() -> start(LCS, List.of("a.t1", "a.t2", "a.t3", "a.t4")))
                .isInstanceOf(PlanRefusedException.class).hasMessageContaining("split the recommendation");
        assertThatThrownBy(() -> recommendations.submit(new Submission(Views.CLUSTER, LZ4, "t", java.util.Set.of(),
                List.of("rollit.kv", "rollit.other")), "olga"))
                .satisfies(e -> assertThat(((dev.ctuner.advisor.recommendation.InvalidSettingsException) e).violations().toString())
                        .contains("name one table per recommendation, not 2"));
    }

    static final Map<String, String> LZ4 = Map.of("compression.class", "LZ4Compressor");
    static final Map<String, String> ZSTD = Map.of("compression.class", "ZstdCompressor");

    @Test
    void aCompressionChangeAltersOnceThenEveryNodeRewritesItsSstablesAndARollbackRestoresTheFirstNodesPreviousOptions() {
        Rollout r = start(LZ4, List.of("rollit.kv"));
        assertThat(r.steps()).hasSize(3);
        assertThat(r.steps().get(0).message()).hasValueSatisfying(m -> assertThat(m).contains("ALTER TABLE rollit.kv", "then rewrite"));
        assertThat(r.steps().get(2).message()).hasValueSatisfying(m -> assertThat(m).startsWith("rewrite this node's SSTables of rollit.kv"));
        RolloutDriver driver = driver();
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            driver.advance(r.id());
            assertThat(sent).hasSize(i + 1).last().asString().contains("AlterTable", "table=kv", "compression.class=LZ4Compressor");
            String node = sent.get(i).split(" ")[0];
            order.add(node);
            NodeStep step = step(r.id(), node);
            // the first node reports the options it replaced; the others found the table altered already
            answer(step, CommandStatus.DONE, CommandPhase.DONE, i == 0 ? ZSTD : LZ4, step.command().orElseThrow().id());
            driver.advance(r.id());
            schemaHeartbeats("s" + (i + 2), "s" + (i + 2), "s" + (i + 2));
            driver.advance(r.id());
            assertThat(step(r.id(), node).status()).isEqualTo(NodeStepStatus.VERIFIED);
            assertThat(step(r.id(), node).message()).hasValueSatisfying(m -> assertThat(m).contains(
                    order.size() == 1 ? "ALTER TABLE rollit.kv read back by" : "options of rollit.kv (altered from the first node)"));
        }
        assertThat(order).doesNotHaveDuplicates();
        driver.advance(r.id());
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.SUCCEEDED);
        sent.clear();

        rolloutService.rollback(r.id(), "olga", "reads slower with LZ4");
        for (int i = 0; i < 3; i++) {
            schemaHeartbeats("s9", "s9", "s9");
            driver.advance(r.id());
            assertThat(sent).hasSize(i + 1).last().asString().contains("AlterTable", "compression.class=ZstdCompressor");
            NodeStep rolling = step(r.id(), sent.get(i).split(" ")[0]);
            answer(rolling, CommandStatus.DONE, CommandPhase.DONE, LZ4, rolling.rollback().orElseThrow().id());
            driver.advance(r.id());
        }
        driver.advance(r.id());
        assertThat(rollouts.find(r.id()).orElseThrow().state()).isEqualTo(RolloutState.ROLLED_BACK);
    }
}
