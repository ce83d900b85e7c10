package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.CacheHitRatios;
import dev.ctuner.common.protocol.message.ConfigurationSnapshot;
import dev.ctuner.common.protocol.message.KeyReuseSummary;
import dev.ctuner.common.protocol.message.LatencyPercentiles;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.Performance;
import dev.ctuner.common.protocol.message.SstablesPerRead;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Hand-built node views for rollout tests. */
final class Views {

    static final ClusterId CLUSTER = new ClusterId("c1");

    private Views() {
    }

    static NodeStatus status(NodeState state, String schema, Integer streams, Long hints) {
        return new NodeStatus("5.0.9", state, hints, schema, "0.1.0", 100L, state != NodeState.DOWN, 0, 0, streams);
    }

    static NodeView up(String node, Instant at) {
        return new NodeView(CLUSTER, new NodeId(node), Optional.of(status(NodeState.UP_NORMAL, "s1", 0, 0L)), Optional.of(at), List.of());
    }

    static NodeView with(String node, Instant at, NodeStatus status, List<WorkloadSample> samples) {
        return new NodeView(CLUSTER, new NodeId(node), Optional.of(status), Optional.of(at), samples);
    }

    /** A 10 s window with {@code reads} reads and {@code writes} writes at the given coordinator p99s. */
    static WorkloadSample traffic(Instant start, long reads, Double readP99, long writes, Double writeP99) {
        Performance p = new Performance(100.0, new LatencyPercentiles(null, null, readP99, null),
                new LatencyPercentiles(null, null, writeP99, null), LatencyPercentiles.UNKNOWN, LatencyPercentiles.UNKNOWN, List.of(),
                0L, SstablesPerRead.UNKNOWN, CacheHitRatios.UNKNOWN, Map.of(), null, null, null, null);
        return new WorkloadSample(start, start.plusSeconds(10), new OperationCounts(reads, writes, 0, 0, 0),
                reads + writes == 0 ? null : (double) reads / (reads + writes), List.of(), p,
                KeyReuseSummary.notSampled("test"), new ConfigurationSnapshot(Map.of(), "sha256:0"), List.of());
    }

    static WorkloadSample sample(Instant start, Double readP99, Double writeP99, Long pendingCompactions, Map<String, String> config) {
        Performance p = new Performance(100.0, new LatencyPercentiles(null, null, readP99, null),
                new LatencyPercentiles(null, null, writeP99, null), LatencyPercentiles.UNKNOWN, LatencyPercentiles.UNKNOWN, List.of(),
                pendingCompactions, SstablesPerRead.UNKNOWN, CacheHitRatios.UNKNOWN, Map.of(), null, null, null, null);
        return new WorkloadSample(start, start.plusSeconds(10), new OperationCounts(10, 10, 0, 0, 0), 0.5, List.of(), p,
                KeyReuseSummary.notSampled("test"), new ConfigurationSnapshot(config, "sha256:0"), List.of());
    }
}
