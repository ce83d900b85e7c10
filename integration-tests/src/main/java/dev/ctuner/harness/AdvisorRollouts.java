package dev.ctuner.harness;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The advisor's REST API as the rollout integration tests and the rollout benchmark drive it:
 * submit and approve a change, start a rollout on a harness ring, watch it, roll it back.
 *
 * <pre>{@code
 * String rec = AdvisorRollouts.submitAndApprove(advisor, "it-ring", Map.of("memtable_heap_space", "96MiB"), List.of());
 * AdvisorRollouts.awaitRing(advisor, "it-ring", 3, Duration.ofSeconds(60));   // the ring comes from the sidecars
 * String rollout = AdvisorRollouts.start(advisor, rec, "go");
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
        // Keyspaces whose availability the harness does not need kept: traces; system_auth (RF 1, and the harness nodes run
        // AllowAllAuthenticator, so it is never read); the RF 1 scratch keyspaces other tests make on the shared ring.
        settings.put("ctuner.advisor.consistency.ignored-keyspaces", "system_traces,system_auth,catalog_check,drv_gof");
        settings.put("ctuner.advisor.ring.max-report-age", "15s");   // the sidecars report every few seconds here
        return settings;
    }

    /**
     * The tuning loop at test speed on top of {@code settings}: trained on {@code dataset}, deciding every 5 s on the
     * sidecars' 10 s windows, verifying on 60 s after a change, and vetting relaxed to let the surrogate's wide
     * intervals (about ±20 %) through: a lower bound above -50 %, an interval up to 100 points.
     */
    public static Map<String, String> fastTuningLoop(Map<String, String> settings, Path dataset) {
        settings.put("ctuner.advisor.learning.datasets[0]", dataset.toAbsolutePath().toString());
        settings.put("ctuner.advisor.vetting.min-gain", "-0.5");
        settings.put("ctuner.advisor.vetting.max-uncertainty", "1");
        settings.put("ctuner.advisor.tuning.decision-period", "5s");
        settings.put("ctuner.advisor.tuning.step", "10s");            // the sidecars' window
        settings.put("ctuner.advisor.tuning.history", "10m");
        settings.put("ctuner.advisor.tuning.min-history", "6");
        settings.put("ctuner.advisor.tuning.verify-after", "60s");
        settings.put("ctuner.advisor.tuning.verify-warmup", "10s");
        settings.put("ctuner.advisor.tuning.verify-min-windows", "4");
        return settings;
    }

    /**
     * Polls the cluster's tuning-loop decisions (the newest {@code limit}, newest first) until one with an id above
     * {@code since} is accepted by {@code wanted}; returns it, or fails with the last decisions seen.
     */
    public static JsonNode awaitDecision(AdvisorProcess advisor, String clusterId, long since, int limit, Predicate<JsonNode> wanted,
                                         Duration timeout) throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        JsonNode last = null;
        while (System.currentTimeMillis() < deadline) {
            last = JSON.readTree(advisor.get("/api/v1/clusters/" + clusterId + "/loop/decisions?limit=" + limit));
            for (JsonNode d : last) {
                if (d.get("id").asLong() > since && wanted.test(d)) {
                    return d;
                }
            }
            Thread.sleep(1_000);
        }
        throw new AssertionError("no such loop decision within " + timeout + "; the last ones: " + last);
    }

    /** A rollout request: canary first; the ring comes from the sidecars of the recommendation's cluster. */
    public static String startBody(String comment) {
        return JSON.writeValueAsString(Map.of("canaryFirst", true, "comment", comment));
    }

    /** The ring the advisor assembled from the sidecars' reports, with every node's tokens (or why there is none). */
    public static JsonNode ring(AdvisorProcess advisor, String clusterId) throws IOException, InterruptedException {
        return JSON.readTree(advisor.get("/api/v1/clusters/" + clusterId + "/ring?withTokens=true"));
    }

    /**
     * Waits until the advisor assembles the cluster's ring from fresh reports of {@code nodes} sidecars, so that a rollout
     * started next is planned on it; returns the ring view.
     */
    public static JsonNode awaitRing(AdvisorProcess advisor, String clusterId, int nodes, Duration timeout) throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        JsonNode view = null;
        while (System.currentTimeMillis() < deadline) {
            try {
                view = ring(advisor, clusterId);
                if (view.get("assembled").asBoolean() && view.get("nodes").size() == nodes) {
                    return view;
                }
            } catch (IOException notYet) {
                // no sidecar heard yet (404), or the advisor is restarting
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("the advisor did not assemble a ring of " + nodes + " nodes for " + clusterId + " within "
                + timeout + ": " + view);
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

    /**
     * Starts the rollout of an approved recommendation, canary first, on the ring the sidecars report; returns the rollout id.
     * A refusal for schema disagreement (a keyspace a test just made, still spreading through gossip) is waited out for up
     * to 60 s, as the refusal tells an operator to; any other refusal is thrown at once.
     */
    public static String start(AdvisorProcess advisor, String recommendationId, String comment) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            try {
                return JSON.readTree(advisor.post("/api/v1/recommendations/" + recommendationId + "/rollouts", startBody(comment)))
                        .get("id").asString();
            } catch (IOException e) {
                if (!String.valueOf(e.getMessage()).contains("schema disagreement") || System.currentTimeMillis() > deadline) {
                    throw e;
                }
                Thread.sleep(1_000);
            }
        }
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
