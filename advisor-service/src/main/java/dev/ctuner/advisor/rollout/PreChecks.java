package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gates before a round of nodes is changed (ARCHITECTURE section 8, EUNOMIA section 5.6):
 * every node outside the round UP_NORMAL by a fresh heartbeat, one schema version, no streaming,
 * pending compactions and hints under their bounds, and the longest a node may be down (T_r) far
 * below max_hint_window so that hints cover it. Pure: every input is an argument.
 *
 * <pre>{@code
 * List<String> failures = PreChecks.check(allNodes, round, views, now, limits, observedTr);  // empty: go
 * }</pre>
 */
public final class PreChecks {

    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

    private PreChecks() {
    }

    /** Bounds the checks use. */
    public record Limits(Duration maxStatusAge, long maxPendingCompactions, long maxPendingHints, Duration maxHintWindow,
                         int hintWindowFactor, Duration downtimeBound) {
    }

    /**
     * @param nodes every node of the rollout
     * @param round the nodes about to be changed
     * @param views what the sidecars last reported, by node
     * @param observedTr the longest T_r measured so far in this rollout, if any
     * @return every failed check, each naming the node and the value; empty when all pass
     */
    public static List<String> check(List<NodeId> nodes, Set<NodeId> round, Map<NodeId, NodeView> views, Instant now,
                                     Limits limits, Optional<Duration> observedTr) {
        List<String> failures = new ArrayList<>();
        Set<String> schemas = new TreeSet<>();
        Duration hintWindow = limits.maxHintWindow();
        for (NodeId node : nodes) {
            NodeView view = views.get(node);
            if (view == null || !view.isFresh(now, limits.maxStatusAge())) {
                failures.add(node + ": no heartbeat in the last " + limits.maxStatusAge().toSeconds() + " s");
                continue;
            }
            NodeStatus status = view.status().orElseThrow();
            if (!round.contains(node) && !view.isUpNormal(now, limits.maxStatusAge())) {
                failures.add(node + " is " + status.state() + (status.reachable() ? "" : " (unreachable)")
                        + "; every node outside the round must be UP_NORMAL");
            }
            if (status.schemaVersion() != null) {
                schemas.add(status.schemaVersion());
            } else if (view.isUpNormal(now, limits.maxStatusAge())) {
                failures.add(node + ": schema version unknown");
            }
            if (status.activeStreams() != null && status.activeStreams() > 0) {
                failures.add(node + " is streaming (" + status.activeStreams() + " sessions); wait for bootstrap/repair to end");
            }
            if (status.hintsPending() != null && status.hintsPending() > limits.maxPendingHints()) {
                failures.add(node + " holds " + status.hintsPending() + " hint files, over the bound of " + limits.maxPendingHints());
            }
            Long pending = view.latestSample().map(s -> s.performance().pendingCompactions()).orElse(null);
            if (pending != null && pending > limits.maxPendingCompactions()) {
                failures.add(node + " has " + pending + " pending compactions, over the bound of " + limits.maxPendingCompactions());
            }
            Optional<Duration> reported = view.latestSample().map(s -> s.configuration().values().get("max_hint_window"))
                    .flatMap(PreChecks::parseDuration);
            if (reported.isPresent() && reported.get().compareTo(hintWindow) < 0) {
                hintWindow = reported.get();
            }
        }
        if (schemas.size() > 1) {
            failures.add("schema disagreement: " + schemas.size() + " versions " + schemas);
        }
        Duration tr = observedTr.filter(o -> o.compareTo(limits.downtimeBound()) > 0).orElse(limits.downtimeBound());
        if (tr.multipliedBy(limits.hintWindowFactor()).compareTo(hintWindow) > 0) {
            failures.add("a node may be down up to " + tr.toSeconds() + " s, not far below max_hint_window " + hintWindow.toSeconds()
                    + " s (needs " + limits.hintWindowFactor() + "x margin): raise max_hint_window or lower the health timeout");
        }
        return failures;
    }

    /** Cassandra duration spelling ("3h", "10800000ms", "180s"); empty when it is not one of those forms. */
    static Optional<Duration> parseDuration(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        long n = Long.parseLong(m.group(1));
        switch (m.group(2)) {
            case "ms":
                return Optional.of(Duration.ofMillis(n));
            case "s":
                return Optional.of(Duration.ofSeconds(n));
            case "m":
                return Optional.of(Duration.ofMinutes(n));
            case "h":
                return Optional.of(Duration.ofHours(n));
            default:
                return Optional.of(Duration.ofDays(n));
        }
    }
}
