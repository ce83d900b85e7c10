package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The changed nodes whose verification waits for a heartbeat read after their change, so that the
 * heartbeat wakes the rollout at once instead of at its next tick; and from when a heartbeat counts.
 * The sidecar publishes one as soon as a command ends, so a node is verified (and the next round's
 * pre-checks run) within a delivery of its result rather than up to a status interval later.
 *
 * <p>Kept in memory: after an advisor restart the first tick's look at each APPLIED step fills it again.
 */
final class AwaitedHeartbeats {

    private final Set<String> awaited = ConcurrentHashMap.newKeySet();
    /** When a canary's comparison window ends, by rollout step: the rollout is looked at then, not at the next tick. */
    private final Map<String, Instant> looks = new ConcurrentHashMap<>();

    void await(ClusterId cluster, NodeId node) {
        awaited.add(key(cluster, node));
    }

    void received(ClusterId cluster, NodeId node) {
        awaited.remove(key(cluster, node));
    }

    /** Look at {@code step} again at {@code at} (a canary's window end); replaces an earlier request for the same step. */
    void lookAt(String step, Instant at) {
        looks.put(step, at);
    }

    /** The earliest look requested and not yet due by {@code now}; due ones are forgotten. */
    Optional<Instant> nextLook(Instant now) {
        looks.values().removeIf(at -> !at.isAfter(now));
        return looks.values().stream().min(Instant::compareTo);
    }

    /** Whether a heartbeat from this node may move a rollout on. */
    boolean awaits(ClusterId cluster, NodeId node) {
        return awaited.contains(key(cluster, node));
    }

    /**
     * The instant a heartbeat must be newer than to show the node after its change: the time the
     * sidecar stamped on the command's final answer, on the same clock as its heartbeats (so no skew
     * between the advisor's and the node's clocks enters), or when no answer is stored, the time the
     * advisor recorded the change.
     */
    static Instant changedAt(Instant appliedAt, Optional<ReportedResult> result) {
        return result.filter(ReportedResult::isFinal).map(ReportedResult::reportedAt).orElse(appliedAt);
    }

    private static String key(ClusterId cluster, NodeId node) {
        return cluster.value() + "/" + node.value();
    }
}
