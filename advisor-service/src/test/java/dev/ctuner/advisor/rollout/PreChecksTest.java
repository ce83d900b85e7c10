package dev.ctuner.advisor.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeState;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PreChecksTest {

    static final Instant NOW = Instant.parse("2026-11-20T10:00:00Z");
    static final List<NodeId> NODES = List.of(new NodeId("n1"), new NodeId("n2"), new NodeId("n3"));
    static final Set<NodeId> ROUND = Set.of(new NodeId("n1"));
    static final PreChecks.Limits LIMITS = new PreChecks.Limits(Duration.ofSeconds(30), 100, 1000, Duration.ofHours(3), 10,
            Duration.ofSeconds(240));

    static Map<NodeId, NodeView> healthy() {
        Map<NodeId, NodeView> views = new LinkedHashMap<>();
        for (NodeId n : NODES) {
            views.put(n, Views.up(n.value(), NOW.minusSeconds(5)));
        }
        return views;
    }

    static List<String> check(Map<NodeId, NodeView> views) {
        return PreChecks.check(NODES, ROUND, views, NOW, LIMITS, Optional.empty());
    }

    @Test
    void aHealthyClusterPasses() {
        assertThat(check(healthy())).isEmpty();
    }

    @Test
    void anotherNodeDownStaleOrMissingFailsNamingIt() {
        Map<NodeId, NodeView> views = healthy();
        views.put(new NodeId("n2"), Views.with("n2", NOW, Views.status(NodeState.DOWN, null, null, null), List.of()));
        views.put(new NodeId("n3"), Views.up("n3", NOW.minusSeconds(31)));
        assertThat(check(views)).anyMatch(f -> f.startsWith("n2 is DOWN")).anyMatch(f -> f.startsWith("n3: no heartbeat"));
        views.remove(new NodeId("n3"));
        assertThat(check(views)).anyMatch(f -> f.startsWith("n3: no heartbeat"));
    }

    @Test
    void theRoundsOwnNodeMayBeDownButOthersMayNot() {
        Map<NodeId, NodeView> views = healthy();
        views.put(new NodeId("n1"), Views.with("n1", NOW, Views.status(NodeState.DOWN, null, null, null), List.of()));
        assertThat(check(views)).isEmpty();
    }

    @Test
    void schemaDisagreementStreamingHintsAndCompactionsFail() {
        Map<NodeId, NodeView> views = healthy();
        views.put(new NodeId("n2"), Views.with("n2", NOW, Views.status(NodeState.UP_NORMAL, "s2", 2, 5000L),
                List.of(Views.sample(NOW.minusSeconds(10), null, null, 500L, Map.of()))));
        assertThat(check(views)).anyMatch(f -> f.startsWith("schema disagreement: 2 versions"))
                .anyMatch(f -> f.startsWith("n2 is streaming (2 sessions)"))
                .anyMatch(f -> f.startsWith("n2 holds 5000 hint files"))
                .anyMatch(f -> f.startsWith("n2 has 500 pending compactions"));
    }

    @Test
    void downtimeMustBeFarBelowTheHintWindowTheNodesReport() {
        Map<NodeId, NodeView> views = healthy();
        views.put(new NodeId("n3"), Views.with("n3", NOW, Views.status(NodeState.UP_NORMAL, "s1", 0, 0L),
                List.of(Views.sample(NOW.minusSeconds(10), null, null, 0L, Map.of("max_hint_window", "30m")))));
        assertThat(check(views)).singleElement().asString().contains("not far below max_hint_window 1800 s");
        assertThat(PreChecks.check(NODES, ROUND, healthy(), NOW, LIMITS, Optional.of(Duration.ofMinutes(20))))
                .singleElement().asString().startsWith("a node may be down up to 1200 s");
    }

    @Test
    void cassandraDurationsParse() {
        assertThat(PreChecks.parseDuration("3h")).contains(Duration.ofHours(3));
        assertThat(PreChecks.parseDuration("10800000ms")).contains(Duration.ofHours(3));
        assertThat(PreChecks.parseDuration("three hours")).isEmpty();
    }
}
