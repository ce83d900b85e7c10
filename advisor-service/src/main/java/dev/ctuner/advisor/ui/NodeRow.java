package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.common.protocol.message.NodeState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One node as the cluster pages show it: its latest heartbeat's fields (null when nothing was heard),
 * whether that heartbeat is too old to trust (the rollout pre-checks' bound), and whether the node is
 * healthy by the same rule the pre-checks use.
 *
 * <pre>{@code
 * NodeRow.of(view, now, Duration.ofSeconds(30)).healthy();
 * }</pre>
 */
public record NodeRow(String nodeId, String state, Boolean reachable, Instant heartbeatAt, boolean stale, boolean healthy,
                      String schemaVersion, Long hintsPending, Long publisherBacklog, Long droppedMessages,
                      Integer activeStreams, String cassandraVersion, String sidecarVersion, int recentSamples) {

    public static NodeRow of(NodeView v, Instant now, Duration maxAge) {
        var s = v.status();
        return new NodeRow(v.nodeId().value(), s.map(x -> x.state().name()).orElse(null), s.map(x -> x.reachable()).orElse(null),
                v.statusAt().orElse(null), !v.isFresh(now, maxAge), v.isUpNormal(now, maxAge),
                s.map(x -> x.schemaVersion()).orElse(null), s.map(x -> x.hintsPending()).orElse(null),
                s.map(x -> x.publisherBacklog()).orElse(null), s.map(x -> x.droppedMessages()).orElse(null),
                s.map(x -> x.activeStreams()).orElse(null), s.map(x -> x.cassandraVersion()).orElse(null),
                s.map(x -> x.sidecarVersion()).orElse(null), v.samples().size());
    }

    /** Whether the node reports UP_NORMAL (state only; see {@link #healthy()} for freshness and reachability). */
    public boolean upNormal() {
        return NodeState.UP_NORMAL.name().equals(state);
    }

    /** Whether the nodes that report a schema version report more than one. */
    public static boolean schemaDisagreement(List<NodeRow> rows) {
        return rows.stream().map(NodeRow::schemaVersion).filter(Objects::nonNull).distinct().count() > 1;
    }
}
