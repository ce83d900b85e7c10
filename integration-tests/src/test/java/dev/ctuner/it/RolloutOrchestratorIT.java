package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.ctuner.harness.AdvisorProcess;
import dev.ctuner.harness.AdvisorRollouts;
import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.CassandraNode;
import dev.ctuner.harness.Jmx;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.harness.NodeProcessWatcher;
import dev.ctuner.harness.SidecarSettings;
import dev.ctuner.common.protocol.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The advisor (its own process, so it can be killed for real) rolling approved changes through the
 * shared 3-node RF=3 ring by signed commands over the real broker, carried out by supervised
 * sidecars: a RESTART change under QUORUM load and then, under the same load, its rollback on
 * request; a change the canary's node
 * refuses at startup; and a SCHEMA change (compression off on rollit.kv: one ALTER, every node's SSTables rewritten)
 * under QUORUM load. Every
 * rollout is planned on the ring the advisor assembled from the sidecars' reports (16 vnodes per
 * node), which must match the live cluster; with one sidecar stopped while its node runs, a rollout
 * is refused naming that node. A leader killed mid-rollout and the rollout finished by another
 * replica: {@link AdvisorFailoverIT}.
 *
 * <p>One advisor and one set of sidecars serve all the tests, as they would serve one cluster for
 * its lifetime (starting them costs about a minute here); each test watches the Cassandra
 * processes afresh, so its restart counts are its own.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RolloutOrchestratorIT {

    private static final Path WORK = Servers.WORK.resolve("rollouts");
    private static final JsonMapper JSON = AdvisorRollouts.JSON;
    private static final String MEMTABLE = "memtable_heap_space";

    private static Fixture f;

    @BeforeAll
    static void startAdvisorAndSidecars() throws Exception {
        f = new Fixture("rollouts");
    }

    @AfterAll
    static void stopAdvisorAndSidecars() {
        if (f != null) {
            f.close();
        }
    }

    @BeforeEach
    void watchTheNodesAfresh() {
        f.watchAfresh();
    }

    @Test
    @Order(0)
    void theRingTheAdvisorAssembledIsTheLiveClustersWithEveryVnode() throws Exception {
        JsonNode ring = AdvisorRollouts.awaitRing(f.advisor, "it-ring", 3, Duration.ofSeconds(60));
        try (CqlSession session = f.ring.session()) {
            f.ring.awaitSessionConnected(session, Duration.ofSeconds(30));
            Map<String, JsonNode> reported = new TreeMap<>();
            ring.get("nodes").forEach(n -> reported.put(n.get("nodeId").asString(), n));
            assertThat(reported.keySet()).containsExactlyInAnyOrderElementsOf(f.ring.nodes().stream().map(CassandraNode::address).toList());
            for (CassandraNode node : f.ring.nodes()) {
                com.datastax.oss.driver.api.core.cql.Row local = session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement
                        .newInstance("SELECT host_id, data_center, rack, tokens FROM system.local")
                        .setNode(CassandraCluster.driverNode(session, node))).one();
                List<Long> tokens = local.getSet("tokens", String.class).stream().map(Long::parseLong).sorted().toList();
                JsonNode view = reported.get(node.address());
                assertThat(tokens).as("the harness nodes run num_tokens 16").hasSize(16);
                assertThat(view.get("hostId").asString()).isEqualTo(local.getUuid("host_id").toString());
                assertThat(view.get("dc").asString()).isEqualTo(local.getString("data_center"));
                assertThat(view.get("rack").asString()).isEqualTo(local.getString("rack"));
                assertThat(view.get("tokens").asInt()).isEqualTo(16);
                List<Long> seen = new ArrayList<>();
                view.get("tokenList").forEach(t -> seen.add(t.asLong()));
                assertThat(seen).as("tokens of %s", node.address()).isEqualTo(tokens);
            }
            Map<String, String> levels = new TreeMap<>();
            ring.get("keyspaces").forEach(k -> levels.put(k.get("name").asString(), k.get("consistency").asString()));
            assertThat(levels).containsEntry("system_distributed", "LOCAL_QUORUM");
            assertThat(ring.get("skipped").has("system_traces")).as("ring %s", ring).isTrue();
            assertThat(ring.get("skipped").has("system_schema")).as("LocalStrategy: ring %s", ring).isTrue();
            System.out.println("ring the advisor assembled: " + ring.get("nodes").size() + " nodes, keyspaces " + levels);
        }
    }

    @Test
    @Order(1)
    void aRestartChangeRollsThroughEveryNodeOneAtATimeAndIsRolledBackOnRequestUnderQuorumLoad() throws Exception {
        try (CqlSession session = f.ring.session()) {
            f.ring.awaitSessionConnected(session, Duration.ofSeconds(30));
            Map<String, String> before = f.settingPerNode(session, MEMTABLE);
            String changed = before.containsValue("96MiB") ? "104MiB" : "96MiB";
            try (QuorumLoad load = new QuorumLoad(session, "rollit", 100)) {
                Thread.sleep(3_000);
                Instant start = Instant.now();
                String rollout = f.startRollout(Map.of(MEMTABLE, changed), List.of());
                JsonNode rolled = f.awaitEnd(rollout, Duration.ofMinutes(10));
                Duration took = Duration.between(start, Instant.now());

                assertThat(rolled.get("state").asString()).as("rollout %s", rolled).isEqualTo("SUCCEEDED");
                f.ring.awaitAllUp(Duration.ofSeconds(60));
                f.ring.awaitSessionConnected(session, Duration.ofSeconds(30));
                load.assertNoFailures("during the rollout", 500);
                assertThat(f.settingPerNode(session, MEMTABLE).values()).as("after the rollout").containsOnly(changed);
                f.assertEachNodeHadProcesses(2);             // restarted exactly once
                f.assertOneNodeDownAtATime(rolled);
                System.out.println("rollout of 3 nodes took " + took.toMillis() + " ms; " + load.acknowledged.size() + " writes, "
                        + load.reads.get() + " reads at QUORUM; steps: " + f.stepMessages(rolled));

                int writesBefore = load.acknowledged.size();
                start = Instant.now();
                JsonNode requested = AdvisorRollouts.rollback(f.advisor, rollout, "integration test: undo");
                assertThat(requested.get("state").asString()).isEqualTo("ROLLING_BACK");
                JsonNode done = AdvisorRollouts.awaitNotIn(f.advisor, rollout, Set.of("ROLLING_BACK"), Duration.ofMinutes(10));
                took = Duration.between(start, Instant.now());
                Thread.sleep(3_000);
                load.close();

                assertThat(done.get("state").asString()).as("rollout %s", done).isEqualTo("ROLLED_BACK");
                assertThat(f.steps(done).stream().map(s -> s.get("status").asString())).containsOnly("ROLLED_BACK");
                assertThat(load.failures).as("failed QUORUM operations during the rollback").isEmpty();
                assertThat(load.acknowledged.size() - writesBefore).as("writes during the rollback").isGreaterThan(300);
                f.ring.awaitAllUp(Duration.ofSeconds(60));
                f.ring.awaitSessionConnected(session, Duration.ofSeconds(30));
                assertThat(load.missingAtAll()).as("acknowledged writes not readable at ALL").isEmpty();
                assertThat(f.settingPerNode(session, MEMTABLE)).as("after the rollback").isEqualTo(before);
                f.assertEachNodeHadProcesses(3);             // restarted once by the rollout, exactly once more by the rollback
                f.assertOneNodeDownAtATime(done);
                assertThat(AdvisorRollouts.recommendationState(f.advisor, done.get("recommendationId").asString()))
                        .isEqualTo("ROLLED_BACK");
                JsonNode audit = done.get("audit");
                System.out.println("audit of the rolled-back rollout: " + audit);
                // read with the state: the move to ROLLED_BACK and its record are one transaction
                assertThat(audit.get(audit.size() - 1).get("to").asString()).as("audit %s", audit).isEqualTo("ROLLED_BACK");
                JsonNode request = audit.get(audit.size() - 2);   // the rollback request, right before its end
                assertThat(request.get("to").asString()).as("audit %s", audit).isEqualTo("ROLLING_BACK");
                assertThat(request.get("actor").asString()).as("audit %s", audit).isEqualTo("admin");
                assertThat(request.get("reason").asString()).contains("integration test: undo");
                System.out.println("rollback of 3 nodes took " + took.toMillis() + " ms; " + (load.acknowledged.size() - writesBefore)
                        + " writes at QUORUM meanwhile; steps: " + f.stepMessages(done));
            }
        }
    }

    @Test
    @Order(3)
    void aCanaryThatCannotStartIsRolledBackAndTheOthersAreNotTouched() throws Exception {
        Map<String, String> yamlBefore = new TreeMap<>();
        for (CassandraNode node : f.ring.nodes()) {
            yamlBefore.put(node.address(), Files.readString(node.yamlFile()));
        }
        String rollout = f.startRollout(Map.of("sstable.selected_format", "bti"), List.of("sstable.selected_format"));
        JsonNode done = f.awaitEnd(rollout, Duration.ofMinutes(10));
        assertThat(done.get("state").asString()).as("rollout %s", done).isEqualTo("FAILED");
        List<JsonNode> steps = f.steps(done);
        JsonNode canary = steps.stream().filter(s -> s.get("canary").asBoolean()).findFirst().orElseThrow();
        assertThat(canary.get("status").asString()).isEqualTo("ROLLED_BACK");
        assertThat(steps.stream().filter(s -> !s.get("canary").asBoolean()).map(s -> s.get("status").asString()))
                .containsOnly("SKIPPED");
        String canaryNode = canary.get("nodeId").asString();
        for (CassandraNode node : f.ring.nodes()) {
            assertThat(Files.readString(node.yamlFile())).as("yaml of %s", node.address()).isEqualTo(yamlBefore.get(node.address()));
            int expectedPids = node.address().equals(canaryNode) ? 3 : 1; // canary: failed start, then restored start
            assertThat(f.watcher.processCount(node.address())).as("processes seen for %s", node.address())
                    .isLessThanOrEqualTo(expectedPids);
            if (!node.address().equals(canaryNode)) {
                assertThat(f.watcher.pids(node.address())).as("node %s untouched", node.address()).hasSize(1);
            }
        }
        String recommendation = f.advisor.get("/api/v1/recommendations/" + done.get("recommendationId").asString());
        assertThat(JSON.readTree(recommendation).get("state").asString()).isEqualTo("ROLLED_BACK");
        f.ring.awaitAllUp(Duration.ofSeconds(60));
    }

    @Test
    @Order(4)
    void aCompressionChangeIsAlteredOnceAndRewritesEveryNodesSstablesUnderQuorumLoadWithoutRestartingAnyNode() throws Exception {
        try (CqlSession session = f.ring.session();
             QuorumLoad load = new QuorumLoad(session, "rollit", 100)) {
            f.ring.awaitSessionConnected(session, Duration.ofSeconds(30));
            Thread.sleep(3_000);
            for (CassandraNode node : f.ring.nodes()) {
                try (Jmx jmx = node.jmx()) {
                    jmx.flush("rollit");
                }
                assertThat(compressedSstables(node)).as("compressed SSTables of rollit.kv on %s before the change", node.address())
                        .isPositive();
            }
            Instant start = Instant.now();
            String rec = AdvisorRollouts.submitAndApprove(f.advisor, "it-ring", Map.of("compression.class", "none"), List.of(),
                    List.of("rollit.kv"));
            AdvisorRollouts.awaitRing(f.advisor, "it-ring", 3, Duration.ofSeconds(60));
            String rollout = AdvisorRollouts.start(f.advisor, rec, "go");
            JsonNode done = f.awaitEnd(rollout, Duration.ofMinutes(5));
            Duration took = Duration.between(start, Instant.now());
            Thread.sleep(3_000);
            load.close();

            assertThat(done.get("state").asString()).as("rollout %s", done).isEqualTo("SUCCEEDED");
            assertThat(f.steps(done)).as("one step per node: the first alters, each rewrites its own SSTables").hasSize(3);
            assertThat(f.stepMessages(done)).as("steps %s", f.stepMessages(done)).filteredOn(m -> m.contains("rewritten in")).hasSize(3);
            load.assertNoFailures("during the schema change", 100);
            assertThat(load.missingAtAll()).as("acknowledged writes not readable at ALL").isEmpty();
            f.assertEachNodeHadProcesses(1);              // no node restarted: the PIDs are those of the start
            for (CassandraNode node : f.ring.nodes()) {
                Map<String, String> compression = session.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
                                "SELECT compression FROM system_schema.tables WHERE keyspace_name = 'rollit' AND table_name = 'kv'")
                        .setNode(CassandraCluster.driverNode(session, node))).one().getMap("compression", String.class, String.class);
                assertThat(compression.get("enabled")).as("compression of rollit.kv on %s", node.address()).isEqualTo("false");
                // uncompressed SSTables have no CompressionInfo.db: every one the node holds now was written or rewritten after the change
                assertThat(compressedSstables(node)).as("compressed SSTables of rollit.kv left on %s", node.address()).isZero();
            }
            assertThat(AdvisorRollouts.recommendationState(f.advisor, rec)).isEqualTo("VERIFIED");
            System.out.println("compression change took " + took.toMillis() + " ms; " + load.acknowledged.size() + " writes, "
                    + load.reads.get() + " reads at QUORUM; steps: " + f.stepMessages(done));
        }
    }

    /** The node's live SSTables of rollit.kv written with compression (those with a CompressionInfo.db component). */
    private static long compressedSstables(CassandraNode node) throws java.io.IOException {
        Path keyspace = node.storageDir().resolve("data").resolve("rollit");
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(keyspace)) {
            return files.filter(p -> p.getParent().getFileName().toString().startsWith("kv-")
                    && p.getFileName().toString().endsWith("-CompressionInfo.db")).count();
        }
    }

    @Test
    @Order(5)
    void aRingReportThatDisagreesWithTheLiveClusterRefusesTheRolloutNamingTheNode() throws Exception {
        CassandraNode silent = f.ring.nodes().get(2);
        f.stopSidecar(silent);
        try {
            // the node keeps running and its peers keep seeing it; only its sidecar is gone
            f.ring.awaitAllUp(Duration.ofSeconds(30));
            String rec = AdvisorRollouts.submitAndApprove(f.advisor, "it-ring", Map.of(MEMTABLE, "88MiB"), List.of());
            JsonNode refused = null;
            long deadline = System.currentTimeMillis() + 60_000;
            while (refused == null && System.currentTimeMillis() < deadline) {
                JsonNode ring = AdvisorRollouts.ring(f.advisor, "it-ring");
                if (!ring.get("assembled").asBoolean()) {
                    refused = ring;
                }
                Thread.sleep(500);
            }
            assertThat(refused).as("the ring stays assembled although the sidecar of %s stopped", silent.address()).isNotNull();
            String problem = null;
            try {
                AdvisorRollouts.start(f.advisor, rec, "must be refused");
            } catch (java.io.IOException e) {
                problem = e.getMessage();
            }
            assertThat(problem).as("rollout started without the sidecar of %s", silent.address()).isNotNull()
                    .contains("answered 409").contains(silent.address()).contains("reasons");
            assertThat(AdvisorRollouts.recommendationState(f.advisor, rec)).isEqualTo("APPROVED");
            f.assertEachNodeHadProcesses(1);
            System.out.println("refused as expected: " + problem);
            f.advisor.post("/api/v1/recommendations/" + rec + "/reject", "{\"comment\":\"test over\"}");
        } finally {
            f.restartSidecar(silent);
        }
        AdvisorRollouts.awaitRing(f.advisor, "it-ring", 3, Duration.ofSeconds(90));
    }

    /** Advisor process and three acting sidecars on one fresh topic prefix, with a PID watcher each test renews. */
    private static final class Fixture implements AutoCloseable {
        final CassandraCluster ring;
        final KafkaBroker broker;
        final Topics topics;
        final Path dir;
        final Map<String, SidecarApp> sidecars = new TreeMap<>();
        final Map<String, Map<String, String>> sidecarProps = new TreeMap<>();
        NodeProcessWatcher watcher;
        AdvisorProcess advisor;

        Fixture(String name) throws Exception {
            ring = Servers.ring();
            broker = Servers.broker();
            ring.awaitAllUp(Duration.ofSeconds(120));
            topics = new Topics(name + System.nanoTime());
            dir = WORK.resolve(topics.prefix());
            try {
                startAdvisor();
                for (CassandraNode node : ring.nodes()) {
                    Map<String, String> props = new TreeMap<>(SidecarObservesIT.FAST_WINDOWS);
                    props.putAll(SidecarSettings.acting(node, broker, topics.prefix(), advisor.publicKeyFile(),
                            dir.resolve("sidecar-" + node.index()).resolve("state")));
                    sidecarProps.put(node.address(), props);
                    sidecars.put(node.address(), SidecarApp.start(node, broker, topics.prefix(), props));
                }
                AdvisorRollouts.awaitNodesUp(advisor, "it-ring", 3, Duration.ofSeconds(120));
                AdvisorRollouts.awaitRing(advisor, "it-ring", 3, Duration.ofSeconds(60));
            } catch (Exception | AssertionError e) {
                close();    // no advisor or sidecar outlives a fixture that did not come up
                throw e;
            }
        }

        /** Stops the sidecar of {@code node}; the node itself keeps running. */
        void stopSidecar(CassandraNode node) {
            sidecars.remove(node.address()).close();
        }

        /** Starts the sidecar of {@code node} again, as it was configured at first. */
        void restartSidecar(CassandraNode node) {
            if (!sidecars.containsKey(node.address())) {
                sidecars.put(node.address(), SidecarApp.start(node, broker, topics.prefix(), sidecarProps.get(node.address())));
            }
        }

        /** A new watch of the ring's processes: restart counts from here on. */
        void watchAfresh() {
            if (watcher != null) {
                watcher.close();
            }
            watcher = new NodeProcessWatcher(ring);
        }

        /** The value of one setting on every node, by address, read from its system_views.settings. */
        Map<String, String> settingPerNode(CqlSession session, String name) {
            Map<String, String> values = new TreeMap<>();
            for (CassandraNode node : ring.nodes()) {
                values.put(node.address(), CassandraCluster.setting(session, node, name));
            }
            return values;
        }

        void startAdvisor() throws Exception {
            Map<String, String> settings = AdvisorRollouts.settings(broker, topics.prefix());
            settings.put("ctuner.advisor.rollout.canary-window", "15s");
            settings.put("ctuner.advisor.rollout.canary-max-latency-ratio", "10");
            settings.put("ctuner.advisor.rollout.gate-timeout", "180s");
            settings.put("ctuner.advisor.rollout.resend-after", "30s");
            advisor = AdvisorProcess.start(Servers.RUNTIME, AdvisorProcess.jar(Path.of("..").toAbsolutePath().normalize()),
                    dir.resolve("advisor"), 18080, settings);
            System.out.println("advisor up in " + advisor.awaitServing(Duration.ofSeconds(120)).toMillis() + " ms, PID " + advisor.pid());
        }

        String startRollout(Map<String, String> settings, List<String> optIn) throws Exception {
            String id = AdvisorRollouts.submitAndApprove(advisor, "it-ring", settings, optIn);
            AdvisorRollouts.awaitRing(advisor, "it-ring", 3, Duration.ofSeconds(60));
            return AdvisorRollouts.start(advisor, id, "go");
        }

        JsonNode awaitEnd(String rollout, Duration timeout) throws Exception {
            return AdvisorRollouts.awaitNotIn(advisor, rollout, Set.of("RUNNING"), timeout);
        }

        boolean anyStep(String rollout, int round, String status) throws Exception {
            return AdvisorRollouts.anyStep(AdvisorRollouts.rollout(advisor, rollout), round, status);
        }

        List<JsonNode> steps(JsonNode view) {
            return AdvisorRollouts.steps(view);
        }

        List<String> stepMessages(JsonNode view) {
            return steps(view).stream().map(s -> s.get("nodeId").asString() + ": " + s.path("message").asString("")).toList();
        }

        /** Processes seen per node since this test's watch began ({@link #watchAfresh}): 1 + the number of restarts. */
        void assertEachNodeHadProcesses(int count) {
            for (CassandraNode node : ring.nodes()) {
                assertThat(watcher.pids(node.address())).as("Cassandra processes seen for %s", node.address()).hasSize(count);
            }
        }

        void assertOneNodeDownAtATime(JsonNode view) {
            assertThat(watcher.overlappingDowntime()).as("a node went down before the previous one was back: %s", view).isFalse();
        }

        @Override
        public void close() {
            if (watcher != null) {
                watcher.close();
            }
            for (SidecarApp s : sidecars.values()) {
                s.close();
            }
            if (advisor != null) {
                advisor.close();
            }
        }
    }
}
