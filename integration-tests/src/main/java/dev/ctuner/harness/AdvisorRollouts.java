package dev.ctuner.harness;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The advisor's REST API as the rollout integration tests and the rollout benchmark drive it:
 * submit and approve a change, start a rollout on a harness ring, watch it, roll it back.
 *
 * <pre>{@code
 * String rec = AdvisorRollouts.submitAndApprove(advisor, "it-ring", Map.of("memtable_heap_space", "96MiB"), List.of());
 * String rollout = AdvisorRollouts.start(advisor, rec, AdvisorRollouts.ringBody(ring, "rollit", "go"));
 * JsonNode done = AdvisorRollouts.awaitNotIn(advisor, rollout, Set.of("RUNNING"), Duration.ofMinutes(10));
 * }</pre>
 */
public final class AdvisorRollouts {

    public static final JsonMapper JSON = JsonMapper.builder().build();

    private AdvisorRollouts() {
    }

    /** What the advisor needs to talk to the harness broker on its own topic prefix (heap as the harness nodes'). */
    public static Map<String, String> settings(KafkaBroker broker, String topicPrefix) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("ctuner.advisor.kafka.bootstrap-servers", broker.bootstrapServers());
        settings.put("ctuner.advisor.kafka.topic-prefix", topicPrefix);
        settings.put("ctuner.advisor.kafka.group-id", "advisor-" + topicPrefix);
        settings.put("ctuner.advisor.vetting.node-facts.heap-mib", "512"); // the harness nodes' heap: memtable bounds derive from it
        return settings;
    }

    /** The ring description a rollout is planned on: the nodes of {@code ring}, one keyspace RF=3 read and written at QUORUM. */
    public static String ringBody(CassandraCluster ring, String keyspace, String comment) {
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (CassandraNode node : ring.nodes()) {
            nodes.add(Map.of("id", node.address(), "dc", "datacenter1", "rack", "rack1"));
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("nodes", nodes);
        body.put("keyspaces", List.of(Map.of("name", keyspace, "replication", Map.of("datacenter1", 3), "consistency", "QUORUM")));
        body.put("canaryFirst", true);
        body.put("comment", comment);
        return JSON.writeValueAsString(body);
    }

    /** Submits a change and approves it; returns the recommendation id. */
    public static String submitAndApprove(AdvisorProcess advisor, String clusterId, Map<String, String> settings, List<String> optIn)
            throws IOException, InterruptedException {
        return submitAndApprove(advisor, clusterId, settings, optIn, List.of());
    }

    /** As above, for table options ({@code compaction.class}) applied to {@code tables} ({@code keyspace.table}). */
    public static String submitAndApprove(AdvisorProcess advisor, String clusterId, Map<String, String> settings, List<String> optIn,
                                          List<String> tables) throws IOException, InterruptedException {
        String body = JSON.writeValueAsString(Map.of("clusterId", clusterId, "settings", settings, "comment", "harness", "optIn", optIn,
                "tables", tables));
        JsonNode submitted = JSON.readTree(advisor.post("/api/v1/recommendations", body));
        String id = submitted.get("id").asString();
        JsonNode approved = JSON.readTree(advisor.post("/api/v1/recommendations/" + id + "/approve", "{\"comment\":\"ok\"}"));
        if (!"APPROVED".equals(approved.get("state").asString())) {
            throw new IllegalStateException("recommendation not approved: " + approved);
        }
        return id;
    }

    /** Starts the rollout of an approved recommendation; returns the rollout id. */
    public static String start(AdvisorProcess advisor, String recommendationId, String ringBody) throws IOException, InterruptedException {
        return JSON.readTree(advisor.post("/api/v1/recommendations/" + recommendationId + "/rollouts", ringBody)).get("id").asString();
    }

    public static JsonNode rollout(AdvisorProcess advisor, String rolloutId) throws IOException, InterruptedException {
        return JSON.readTree(advisor.get("/api/v1/rollouts/" + rolloutId));
    }

    /** Asks for the rollback of a stopped rollout. */
    public static JsonNode rollback(AdvisorProcess advisor, String rolloutId, String comment) throws IOException, InterruptedException {
        return JSON.readTree(advisor.post("/api/v1/rollouts/" + rolloutId + "/rollback",
                JSON.writeValueAsString(Map.of("comment", comment))));
    }

    public static String recommendationState(AdvisorProcess advisor, String recommendationId) throws IOException, InterruptedException {
        return JSON.readTree(advisor.get("/api/v1/recommendations/" + recommendationId)).get("state").asString();
    }

    /**
     * Polls a rollout until its state is none of {@code passing}; an advisor that does not answer
     * (restarting) is polled again. Returns the last view.
     */
    public static JsonNode awaitNotIn(AdvisorProcess advisor, String rolloutId, Set<String> passing, Duration timeout)
            throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        JsonNode view = null;
        while (System.currentTimeMillis() < deadline) {
            try {
                view = rollout(advisor, rolloutId);
                if (!passing.contains(view.get("state").asString())) {
                    return view;
                }
            } catch (IOException notServing) {
                // restarting
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("rollout " + rolloutId + " still in " + passing + " after " + timeout + ": " + view);
    }

    /** Waits until the advisor hears {@code expected} nodes of the cluster UP_NORMAL. */
    public static void awaitNodesUp(AdvisorProcess advisor, String clusterId, int expected, Duration timeout) throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        while (System.currentTimeMillis() < deadline) {
            long up = 0;
            for (JsonNode n : JSON.readTree(advisor.get("/api/v1/clusters/" + clusterId + "/nodes"))) {
                up += "UP_NORMAL".equals(n.path("state").asString("")) ? 1 : 0;
            }
            if (up == expected) {
                return;
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("the advisor did not hear " + expected + " UP_NORMAL nodes: "
                + advisor.get("/api/v1/clusters/" + clusterId + "/nodes"));
    }

    /** Every node step of a rollout view, round by round. */
    public static List<JsonNode> steps(JsonNode view) {
        List<JsonNode> steps = new ArrayList<>();
        view.get("rounds").forEach(r -> r.get("nodes").forEach(steps::add));
        return steps;
    }

    /** Whether a node of {@code round} is in {@code status}. */
    public static boolean anyStep(JsonNode view, int round, String status) {
        for (JsonNode r : view.get("rounds")) {
            if (r.get("index").asInt() == round) {
                for (JsonNode s : r.get("nodes")) {
                    if (s.get("status").asString().equals(status)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
