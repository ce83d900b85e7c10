package dev.ctuner.common.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.common.protocol.Samples;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class MessageValidationTest {

    private static final Instant LATER = Samples.NOW.plusSeconds(60);

    @Test
    void ratioOutsideUnitIntervalNamesFieldAndValue() {
        assertThatThrownBy(() -> new TableOperations("shop", "orders", new OperationCounts(1, 1, 0, 0, 0), 1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("readRatio must be in [0, 1] but was 1.5");
        assertThatThrownBy(() -> new CacheHitRatios(Double.NaN, null, null)).hasMessageContaining("key");
    }

    @Test
    void negativeCountsAreRefused() {
        assertThatThrownBy(() -> new OperationCounts(1, -3, 0, 0, 0)).hasMessage("writes must be >= 0 but was -3");
        assertThatThrownBy(() -> new ThreadPoolStats("ReadStage", -1L, null, null)).hasMessageContaining("active");
    }

    @Test
    void unknownMetricsStayNull() {
        LatencyPercentiles partial = new LatencyPercentiles(10.0, null, null, null);
        assertThat(partial.p95()).isNull();
        assertThat(Performance.unknown().heapMaxBytes()).isNull();
        assertThatThrownBy(() -> new LatencyPercentiles(Double.POSITIVE_INFINITY, null, null, null))
                .hasMessageContaining("p50").hasMessageContaining("Infinity");
    }

    @Test
    void requiredNullIsAMissingField() {
        assertThatThrownBy(() -> new NodeStatus(null, NodeState.DOWN, null, null, "0.1.0", null, false, 0, 0, null))
                .isInstanceOf(MissingFieldException.class)
                .hasMessageContaining("cassandraVersion")
                .extracting(e -> ((MissingFieldException) e).field()).isEqualTo("cassandraVersion");
    }

    @Test
    void topologyChecksNameTheFieldAndValue() {
        String host = "5b6962dd-3f90-4c93-8f61-eabfa4a803e2";
        assertThatThrownBy(() -> new NodeTopology("not-a-uuid", "dc1", "r1", List.of(1L), null, null))
                .hasMessageContaining("hostId").hasMessageContaining("not-a-uuid");
        assertThatThrownBy(() -> new NodeTopology(host, "dc1", "r1", List.of(5L, 1L, 5L), null, null))
                .hasMessage("tokens lists token 5 twice");
        assertThatThrownBy(() -> new NodeTopology(host, " ", "r1", List.of(1L), null, null)).hasMessageContaining("dc");
        assertThatThrownBy(() -> new NodeTopology(host, "dc1", "r1", List.of(1L),
                List.of(new PeerTopology(host, null, null, null, null, null)), null))
                .hasMessageContaining("must not list the node itself");
        assertThatThrownBy(() -> new KeyspaceSettings("shop", "NetworkTopologyStrategy", Map.of("class", "x", "dc1", "3")))
                .hasMessageContaining("must not repeat the class");
        assertThatThrownBy(() -> new KeyspaceSettings("shop", "NetworkTopologyStrategy", Map.of("dc1", " ")))
                .hasMessageContaining("keyspaces['shop'].replication['dc1']");
        NodeTopology upper = new NodeTopology(host.toUpperCase(), "dc1", "r1", List.of(9L, -1L), null, null);
        assertThat(upper.hostId()).isEqualTo(host);
        assertThat(upper.tokens()).containsExactly(-1L, 9L);
        assertThat(upper.peers()).isNull();
    }

    @Test
    void proportionsMustSumToOne() {
        assertThatThrownBy(() -> new WorkloadSpec(0.5, 0.2, 0.1, 0.1, 0.05, RequestDistribution.UNIFORM, 10, 10, 1, 0))
                .hasMessageContaining("sum to 1").hasMessageContaining("0.95");
        WorkloadSpec almost = new WorkloadSpec(0.1, 0.2, 0.3, 0.2, 0.2 + 5e-10, RequestDistribution.LATEST, 1, 1, 1, 7);
        assertThat(almost.readModifyWriteProportion()).isGreaterThan(0.2);
        assertThatThrownBy(() -> new WorkloadSpec(1.2, -0.2, 0, 0, 0, RequestDistribution.UNIFORM, 1, 1, 1, 0))
                .hasMessage("readProportion must be in [0, 1] but was 1.2");
    }

    @Test
    void windowMustMoveForward() {
        WorkloadSample sample = Samples.workloadSample();
        assertThatThrownBy(() -> new WorkloadSample(sample.windowEnd(), sample.windowStart(), sample.operations(),
                sample.readRatio(), sample.tables(), sample.performance(), sample.keyReuse(), sample.configuration(),
                sample.unknownMetrics()))
                .hasMessageContaining("windowEnd must be after windowStart");
    }

    @Test
    void histogramBoundsMustIncrease() {
        assertThatThrownBy(() -> new KeyReuseSummary(List.of(new HistogramBucket(4, 1), new HistogramBucket(4, 2)),
                null, null, null, null, null, 3, "full"))
                .hasMessageContaining("histogram[1].upperBoundExclusive").hasMessageContaining("but was 4");
    }

    @Test
    void rejectedResultNeedsReasonAndCode() {
        UUID id = UUID.randomUUID();
        assertThatThrownBy(() -> new CommandResult(id, CommandStatus.REJECTED, CommandPhase.RECEIVED, null,
                RejectionCode.BUSY, Map.of(), LATER, Map.of(), Map.of()))
                .hasMessageContaining("reason").hasMessageContaining("REJECTED");
        assertThatThrownBy(() -> new CommandResult(id, CommandStatus.REJECTED, CommandPhase.RECEIVED, "busy",
                null, Map.of(), LATER, Map.of(), Map.of()))
                .hasMessageContaining("rejectionCode");
        assertThatThrownBy(() -> new CommandResult(id, CommandStatus.FAILED, CommandPhase.FAILED, " ",
                null, Map.of(), LATER, Map.of(), Map.of()))
                .hasMessageContaining("reason must not be blank");
    }

    @Test
    void degradedExperimentNeedsNotes() {
        ExperimentResult r = Samples.experimentResult();
        assertThatThrownBy(() -> new ExperimentResult(r.experimentId(), r.configuration(), r.workload(),
                r.physicalDesign(), r.versions(), r.hardware(), r.startedAt(), r.finishedAt(), r.operations(),
                r.throughputOpsPerSecond(), r.operationStats(), ExperimentQuality.FAULTED, List.of()))
                .hasMessageContaining("qualityNotes").hasMessageContaining("FAULTED");
    }

    @Test
    void alterTableRefusesNamesThatCouldInjectCql() {
        assertThatThrownBy(() -> new AlterTable("shop", "orders; DROP TABLE x", Map.of("gc_grace_seconds", "1"),
                "r", LATER, Optional.empty()))
                .hasMessageContaining("table must match").hasMessageContaining("'orders; DROP TABLE x'");
        assertThatThrownBy(() -> new AlterTable("shop", "orders", Map.of("Bad Option", "1"), "r", LATER,
                Optional.empty()))
                .hasMessageContaining("'Bad Option'");
    }

    @Test
    void emptyChangeSetIsRefused() {
        assertThatThrownBy(() -> new ApplyConfiguration(Map.of(), ExpectedMode.LIVE, 60, "r", LATER, Optional.empty()))
                .hasMessage("changes must not be empty");
        assertThatThrownBy(() -> new ApplyConfiguration(Map.of("concurrent_reads", ""), ExpectedMode.LIVE, 60, "r",
                LATER, Optional.empty()))
                .hasMessageContaining("changes['concurrent_reads']");
    }

    @Test
    void mapsAreCopiedSortedAndImmutable() {
        Map<String, String> input = new HashMap<>(Map.of("z_knob", "1", "a_knob", "2", "m_knob", "3"));
        ApplyConfiguration command = new ApplyConfiguration(input, ExpectedMode.RESTART, 60, "r", LATER,
                Optional.empty());
        input.put("late", "x");
        assertThat(command.changes()).containsOnlyKeys("a_knob", "m_knob", "z_knob");
        assertThat(command.changes().keySet()).containsExactly("a_knob", "m_knob", "z_knob");
        assertThatThrownBy(() -> command.changes().put("b", "1")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void absentRolloutIdIsEmptyNotNull() {
        RollbackConfiguration rollback = new RollbackConfiguration(UUID.randomUUID(), "undo", LATER, null);
        assertThat(rollback.rolloutId()).isEmpty();
        assertThatThrownBy(() -> new RollbackConfiguration(UUID.randomUUID(), "undo", LATER, Optional.of("")))
                .hasMessageContaining("rolloutId");
    }
}
