package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.ctuner.harness.AdvisorProcess;
import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.CassandraNode;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.harness.SidecarSettings;
import dev.ctuner.common.protocol.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The advisor (its own process, so it can be killed for real) rolling approved changes through the
 * shared 3-node RF=3 ring by signed commands over the real broker, carried out by supervised
 * sidecars: a RESTART change under QUORUM load, the same with the advisor killed mid-rollout, and a
 * change the canary's node refuses at startup.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RolloutOrchestratorIT {

    private static final Path WORK = Servers.WORK.resolve("rollouts");
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String RING = """
            {"nodes":[{"id":"127.0.0.1","dc":"datacenter1","rack":"rack1"},{"id":"127.0.0.2","dc":"datacenter1","rack":"rack1"},
                      {"id":"127.0.0.3","dc":"datacenter1","rack":"rack1"}],
             "keyspaces":[{"name":"rollit","replication":{"datacenter1":3},"consistency":"QUORUM"}],
             "canaryFirst":true,"comment":"%s"}""";

    @Test
    @Order(1)
    void aRestartChangeRollsThroughEveryNodeOneAtATimeUnderQuorumLoad() throws Exception {
        try (Fixture f = new Fixture("roll"); CqlSession session = f.ring.session();
             QuorumLoad load = new QuorumLoad(session, "rollit", 100)) {
            Thread.sleep(3_000);
            Instant start = Instant.now();
            String rollout = f.startRollout(Map.of("memtable_heap_space", "96MiB"), List.of());
            JsonNode done = f.awaitEnd(rollout, Duration.ofMinutes(10));
            Duration took = Duration.between(start, Instant.now());
            Thread.sleep(3_000);
            load.close();

            assertThat(done.get("state").asString()).as("rollout %s", done).isEqualTo("SUCCEEDED");
            assertThat(load.failures).as("failed QUORUM operations during the rollout").isEmpty();
            assertThat(load.acknowledged.size()).isGreaterThan(500);
            f.ring.awaitAllUp(Duration.ofSeconds(60));
            f.ring.awaitSessionConnected(session, Duration.ofSeconds(30));
            assertThat(load.missingAtAll()).as("acknowledged writes not readable at ALL").isEmpty();
            for (CassandraNode node : f.ring.nodes()) {
                assertThat(CassandraCluster.setting(session, node, "memtable_heap_space")).as("on %s", node.address()).isEqualTo("96MiB");
            }
            f.assertEachNodeRestartedOnce();
            f.assertOneNodeDownAtATime(done);
            System.out.println("rollout of 3 nodes took " + took.toMillis() + " ms; " + load.acknowledged.size() + " writes, "
                    + load.reads.get() + " reads at QUORUM; steps: " + f.stepMessages(done));
        }
    }

    @Test
    @Order(2)
    void aRolloutResumesAfterTheAdvisorIsKilledAndRestartsNoNodeTwice() throws Exception {
        try (Fixture f = new Fixture("resume")) {
            String rollout = f.startRollout(Map.of("memtable_heap_space", "112MiB"), List.of());
            // Kill once the second node's command is out: the canary is done, one node is mid-restart.
            long deadline = System.currentTimeMillis() + 300_000;
            while (System.currentTimeMillis() < deadline && !f.anyStep(rollout, 1, "APPLYING")) {
                Thread.sleep(200);
            }
            assertThat(f.anyStep(rollout, 1, "APPLYING")).as("round 1 started").isTrue();
            f.advisor.kill();
            System.out.println("advisor killed with round 1 APPLYING");
            Thread.sleep(5_000);
            f.startAdvisor();
            JsonNode done = f.awaitEnd(rollout, Duration.ofMinutes(10));
            assertThat(done.get("state").asString()).as("rollout %s", done).isEqualTo("SUCCEEDED");
            try (CqlSession session = f.ring.session()) {
                f.ring.awaitSessionConnected(session, Duration.ofSeconds(30));
                for (CassandraNode node : f.ring.nodes()) {
                    assertThat(CassandraCluster.setting(session, node, "memtable_heap_space")).isEqualTo("112MiB");
                }
            }
            f.assertEachNodeRestartedOnce();
            String log = Files.readString(f.advisor.output());
            assertThat(log).contains("resuming 1 RUNNING rollout(s)");
        }
    }

    @Test
    @Order(3)
    void aCanaryThatCannotStartIsRolledBackAndTheOthersAreNotTouched() throws Exception {
        try (Fixture f = new Fixture("canary")) {
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
                assertThat(f.pids.get(node.address()).size()).as("processes seen for %s", node.address())
                        .isLessThanOrEqualTo(expectedPids);
                if (!node.address().equals(canaryNode)) {
                    assertThat(f.pids.get(node.address())).as("node %s untouched", node.address()).hasSize(1);
                }
            }
            String recommendation = f.advisor.get("/api/recommendations/" + done.get("recommendationId").asString());
            assertThat(JSON.readTree(recommendation).get("state").asString()).isEqualTo("ROLLED_BACK");
            f.ring.awaitAllUp(Duration.ofSeconds(60));
        }
    }

    /** Advisor process, three acting sidecars and a PID watcher on one fresh topic prefix. */
    private static final class Fixture implements AutoCloseable {
        final CassandraCluster ring;
        final KafkaBroker broker;
        final Topics topics;
        final Path dir;
        final List<SidecarApp> sidecars = new ArrayList<>();
        final Map<String, Set<Long>> pids = new ConcurrentHashMap<>();
        final Map<String, List<long[]>> downIntervals = new ConcurrentHashMap<>();
        final Thread watcher;
        AdvisorProcess advisor;
        volatile boolean watching = true;

        Fixture(String name) throws Exception {
            ring = Servers.ring();
            broker = Servers.broker();
            ring.awaitAllUp(Duration.ofSeconds(120));
            topics = new Topics(name + System.nanoTime());
            dir = WORK.resolve(topics.prefix());
            startAdvisor();
            for (CassandraNode node : ring.nodes()) {
                Map<String, String> props = new TreeMap<>(SidecarObservesIT.FAST_WINDOWS);
                props.putAll(SidecarSettings.acting(node, broker, topics.prefix(), advisor.publicKeyFile(),
                        dir.resolve("sidecar-" + node.index()).resolve("state")));
                sidecars.add(SidecarApp.start(node, broker, topics.prefix(), props));
                pids.put(node.address(), new LinkedHashSet<>(node.pid().stream().toList()));
            }
            watcher = new Thread(this::watch, "pid-watcher");
            watcher.setDaemon(true);
            watcher.start();
            awaitNodesReported();
        }

        void startAdvisor() throws Exception {
            Map<String, String> settings = new LinkedHashMap<>();
            settings.put("ctuner.advisor.kafka.bootstrap-servers", broker.bootstrapServers());
            settings.put("ctuner.advisor.kafka.topic-prefix", topics.prefix());
            settings.put("ctuner.advisor.kafka.group-id", "advisor-" + topics.prefix());
            settings.put("ctuner.advisor.vetting.node-facts.heap-mib", "512"); // the test nodes' heap: memtable bounds derive from it
            settings.put("ctuner.advisor.rollout.canary-window", "15s");
            settings.put("ctuner.advisor.rollout.canary-max-latency-ratio", "10");
            settings.put("ctuner.advisor.rollout.gate-timeout", "180s");
            settings.put("ctuner.advisor.rollout.resend-after", "30s");
            advisor = AdvisorProcess.start(Servers.RUNTIME, AdvisorProcess.jar(Path.of("..").toAbsolutePath().normalize()),
                    dir.resolve("advisor"), 18080, settings);
            System.out.println("advisor up in " + advisor.awaitServing(Duration.ofSeconds(120)).toMillis() + " ms, PID " + advisor.pid());
        }

        private void watch() {
            Map<String, Long> downSince = new TreeMap<>();
            while (watching) {
                long now = System.currentTimeMillis();
                for (CassandraNode node : ring.nodes()) {
                    var pid = node.pid().filter(p -> ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false));
                    pid.ifPresent(p -> pids.computeIfAbsent(node.address(), k -> new LinkedHashSet<>()).add(p));
                    if (pid.isEmpty() && !downSince.containsKey(node.address())) {
                        downSince.put(node.address(), now);
                    } else if (pid.isPresent() && downSince.containsKey(node.address())) {
                        downIntervals.computeIfAbsent(node.address(), k -> new ArrayList<>())
                                .add(new long[] {downSince.remove(node.address()), now});
                    }
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        void awaitNodesReported() throws Exception {
            long deadline = System.currentTimeMillis() + 120_000;
            while (System.currentTimeMillis() < deadline) {
                JsonNode nodes = JSON.readTree(advisor.get("/api/clusters/it-ring/nodes"));
                long up = 0;
                for (JsonNode n : nodes) {
                    up += "UP_NORMAL".equals(n.path("state").asString("")) ? 1 : 0;
                }
                if (up == 3) {
                    return;
                }
                Thread.sleep(500);
            }
            throw new AssertionError("the advisor did not hear 3 UP_NORMAL nodes: " + advisor.get("/api/clusters/it-ring/nodes"));
        }

        String startRollout(Map<String, String> settings, List<String> optIn) throws Exception {
            String body = JSON.writeValueAsString(Map.of("clusterId", "it-ring", "settings", settings, "comment", "integration test",
                    "optIn", optIn));
            String id = JSON.readTree(advisor.post("/api/recommendations", body)).get("id").asString();
            JsonNode approved = JSON.readTree(advisor.post("/api/recommendations/" + id + "/approve", "{\"comment\":\"ok\"}"));
            assertThat(approved.get("state").asString()).as("recommendation %s", approved).isEqualTo("APPROVED");
            return JSON.readTree(advisor.post("/api/recommendations/" + id + "/rollouts", RING.formatted("go"))).get("id").asString();
        }

        JsonNode awaitEnd(String rollout, Duration timeout) throws Exception {
            long deadline = System.currentTimeMillis() + timeout.toMillis();
            JsonNode view = null;
            while (System.currentTimeMillis() < deadline) {
                try {
                    view = JSON.readTree(advisor.get("/api/rollouts/" + rollout));
                    String state = view.get("state").asString();
                    if (!state.equals("RUNNING")) {
                        return view;
                    }
                } catch (java.io.IOException notServing) {
                    // restarting
                }
                Thread.sleep(500);
            }
            throw new AssertionError("rollout not finished within " + timeout + ": " + view);
        }

        boolean anyStep(String rollout, int round, String status) throws Exception {
            JsonNode view = JSON.readTree(advisor.get("/api/rollouts/" + rollout));
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

        List<JsonNode> steps(JsonNode view) {
            List<JsonNode> steps = new ArrayList<>();
            view.get("rounds").forEach(r -> r.get("nodes").forEach(steps::add));
            return steps;
        }

        List<String> stepMessages(JsonNode view) {
            return steps(view).stream().map(s -> s.get("nodeId").asString() + ": " + s.path("message").asString("")).toList();
        }

        void assertEachNodeRestartedOnce() {
            for (CassandraNode node : ring.nodes()) {
                assertThat(pids.get(node.address())).as("Cassandra processes seen for %s (before, after)", node.address()).hasSize(2);
            }
        }

        void assertOneNodeDownAtATime(JsonNode view) {
            List<long[]> all = new ArrayList<>();
            downIntervals.values().forEach(all::addAll);
            all.sort((a, b) -> Long.compare(a[0], b[0]));
            for (int i = 1; i < all.size(); i++) {
                assertThat(all.get(i)[0]).as("a node went down before the previous one was back").isGreaterThanOrEqualTo(all.get(i - 1)[1]);
            }
        }

        @Override
        public void close() {
            watching = false;
            for (SidecarApp s : sidecars) {
                s.close();
            }
            if (advisor != null) {
                advisor.close();
            }
        }
    }
}
