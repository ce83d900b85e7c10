package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.ExpectedMode;
import dev.ctuner.common.protocol.message.RejectionCode;
import dev.ctuner.harness.AdvisorProcess;
import dev.ctuner.harness.AdvisorRollouts;
import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.CassandraNode;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.harness.NodeProcessWatcher;
import dev.ctuner.harness.SidecarSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two advisor replicas (their own processes) on one real PostgreSQL database and one broker, with
 * acting sidecars on the shared ring under QUORUM load. The leader is killed with SIGKILL while a
 * RESTART rollout is mid-way (round 1 applying); the other replica takes the lease within its time
 * to live and finishes the rollout: every node restarted exactly once, one at a time, no failed
 * QUORUM operation, every acknowledged write readable at ALL. Then a command signed with the
 * advisors' key and the deposed leader's epoch, as if delivered late, is refused by a sidecar the new
 * leader has commanded (STALE_LEADER), and the node is untouched.
 */
class AdvisorFailoverIT {

    private static final String MEMTABLE = "memtable_heap_space";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theOtherReplicaFinishesAKilledLeadersRestartRolloutAndTheDeposedLeadersLateCommandIsRefused() throws Exception {
        CassandraCluster ring = Servers.ring();
        KafkaBroker broker = Servers.broker();
        ring.awaitAllUp(Duration.ofSeconds(120));
        Topics topics = new Topics("ha" + System.nanoTime());
        Path dir = Servers.WORK.resolve(topics.prefix());
        Path signingKey = dir.resolve("keys").resolve("signing-key.pem");
        Path publicKey = dir.resolve("keys").resolve("public-key.pem");
        Map<String, SidecarApp> sidecars = new TreeMap<>();
        try (TestDatabase database = TestDatabase.create("ctuner_failover");
             AdvisorProcess a = AdvisorProcess.start(Servers.RUNTIME, AdvisorProcess.jar(ROOT), dir.resolve("advisor-a"), 18197,
                     replica(broker, topics, database, "a", signingKey, publicKey))) {
            a.awaitServing(Duration.ofSeconds(120));
            awaitLeadership(a, true, Duration.ofSeconds(30));
            try (AdvisorProcess b = AdvisorProcess.start(Servers.RUNTIME, AdvisorProcess.jar(ROOT), dir.resolve("advisor-b"), 18198,
                         replica(broker, topics, database, "b", signingKey, publicKey));
                 TopicRecorder results = new TopicRecorder(broker, List.of(topics.results()))) {
                b.awaitServing(Duration.ofSeconds(120));
                for (CassandraNode node : ring.nodes()) {
                    Map<String, String> props = new TreeMap<>(SidecarObservesIT.FAST_WINDOWS);
                    props.putAll(SidecarSettings.acting(node, broker, topics.prefix(), publicKey,
                            dir.resolve("sidecar-" + node.index()).resolve("state")));
                    sidecars.put(node.address(), SidecarApp.start(node, broker, topics.prefix(), props));
                }
                AdvisorRollouts.awaitNodesUp(a, "it-ring", 3, Duration.ofSeconds(120));
                AdvisorRollouts.awaitRing(a, "it-ring", 3, Duration.ofSeconds(60));
                AdvisorRollouts.awaitRing(b, "it-ring", 3, Duration.ofSeconds(60));
                JsonNode leaderA = awaitLeadership(a, true, Duration.ofSeconds(5));
                assertThat(awaitLeadership(b, false, Duration.ofSeconds(5)).get("leaderReplica").asString()).isEqualTo("advisor-a");
                long epochA = leaderA.get("epoch").asLong();

                NodeProcessWatcher watcher = new NodeProcessWatcher(ring);
                try (CqlSession session = ring.session()) {
                    ring.awaitSessionConnected(session, Duration.ofSeconds(30));
                    String before = CassandraCluster.setting(session, ring.nodes().get(0), MEMTABLE);
                    String changed = "104MiB".equals(before) ? "96MiB" : "104MiB";
                    JsonNode done;
                    try (QuorumLoad load = new QuorumLoad(session, "hafail", 100)) {
                        Thread.sleep(3_000);
                        String id = AdvisorRollouts.submitAndApprove(a, "it-ring", Map.of(MEMTABLE, changed), List.of());
                        String rollout = AdvisorRollouts.start(a, id, "failover test");
                        long deadline = System.currentTimeMillis() + 300_000;
                        while (System.currentTimeMillis() < deadline
                                && !AdvisorRollouts.anyStep(AdvisorRollouts.rollout(a, rollout), 1, "APPLYING")) {
                            Thread.sleep(200);
                        }
                        assertThat(AdvisorRollouts.anyStep(AdvisorRollouts.rollout(a, rollout), 1, "APPLYING")).as("round 1 started").isTrue();
                        a.kill();
                        Instant killed = Instant.now();
                        JsonNode leaderB = awaitLeadership(b, true, Duration.ofSeconds(30));
                        Duration takeover = Duration.between(killed, Instant.now());
                        System.out.println("leader killed with round 1 APPLYING; the other replica led after " + takeover.toMillis() + " ms: "
                                + leaderB);
                        assertThat(takeover).as("within the lease's 10 s and a few heartbeats").isLessThan(Duration.ofSeconds(16));
                        assertThat(leaderB.get("epoch").asLong()).isGreaterThan(epochA);

                        done = AdvisorRollouts.awaitNotIn(b, rollout, Set.of("RUNNING"), Duration.ofMinutes(10));
                        assertThat(done.get("state").asString()).as("rollout %s", done).isEqualTo("SUCCEEDED");
                        ring.awaitAllUp(Duration.ofSeconds(60));
                        ring.awaitSessionConnected(session, Duration.ofSeconds(30));
                        Thread.sleep(2_000);
                        load.close();
                        assertThat(load.failures).as("failed QUORUM operations").isEmpty();
                        assertThat(load.acknowledged.size()).as("writes acknowledged at QUORUM").isGreaterThan(1_000);
                        assertThat(load.missingAtAll()).as("acknowledged writes not readable at ALL").isEmpty();
                        System.out.println(load.acknowledged.size() + " writes, " + load.reads.get() + " reads at QUORUM during the rollout");
                    }
                    for (CassandraNode node : ring.nodes()) {
                        assertThat(CassandraCluster.setting(session, node, MEMTABLE)).as(node.address()).isEqualTo(changed);
                        assertThat(watcher.pids(node.address())).as("Cassandra processes of %s: restarted exactly once", node.address())
                                .hasSize(2);
                    }
                    assertThat(watcher.overlappingDowntime()).as("a node went down before the previous one was back").isFalse();
                    watcher.close();

                    // The deposed leader's command, delivered late to a node the new leader commanded: refused, node untouched.
                    String last = null;
                    for (JsonNode round : done.get("rounds")) {
                        if (round.get("index").asInt() == 2) {
                            last = round.get("nodes").get(0).get("nodeId").asString();
                        }
                    }
                    assertThat(last).as("the last round's node, commanded by the new leader").isNotNull();
                    String lastNode = last;
                    CassandraNode target = ring.nodes().stream().filter(n -> n.address().equals(lastNode)).findFirst().orElseThrow();
                    Envelope late = new CommandSigner(Ed25519Keys.readPrivateKey(signingKey)).sign(Envelope.of(new ClusterId("it-ring"),
                            new NodeId(lastNode), UUID.randomUUID(), Instant.now(), new ApplyConfiguration(Map.of(MEMTABLE, before),
                                    ExpectedMode.RESTART, 180, "late command of the deposed leader", Instant.now().plusSeconds(600),
                                    Optional.empty())).withLeaderEpoch(epochA));
                    send(broker, topics, late);
                    CommandResult refused = SidecarActsIT.awaitFinal(results, late.id(), Duration.ofSeconds(60));
                    assertThat(refused.status()).isEqualTo(CommandStatus.REJECTED);
                    assertThat(refused.rejectionCode()).isEqualTo(RejectionCode.STALE_LEADER);
                    assertThat(refused.reason()).contains("leader epoch " + epochA);
                    assertThat(CassandraCluster.setting(session, target, MEMTABLE)).isEqualTo(changed);
                }
            } finally {
                sidecars.values().forEach(SidecarApp::close);
            }
        }
    }

    private static Map<String, String> replica(KafkaBroker broker, Topics topics, TestDatabase database, String name, Path signingKey,
                                               Path publicKey) {
        Map<String, String> settings = AdvisorRollouts.settings(broker, topics.prefix());
        settings.put("spring.datasource.url", database.url());
        settings.put("spring.datasource.username", TestDatabase.USER);
        settings.put("spring.datasource.password", TestDatabase.PASSWORD);
        settings.put("ctuner.advisor.leadership.replica-id", "advisor-" + name);
        settings.put("ctuner.advisor.kafka.group-id", "advisor-" + topics.prefix() + "-" + name);   // each replica reads everything
        settings.put("ctuner.advisor.rollout.signing-key-file", signingKey.toString());
        settings.put("ctuner.advisor.rollout.public-key-file", publicKey.toString());
        settings.put("ctuner.advisor.rollout.canary-window", "15s");
        settings.put("ctuner.advisor.rollout.canary-max-latency-ratio", "10");
        settings.put("ctuner.advisor.rollout.gate-timeout", "180s");
        settings.put("ctuner.advisor.rollout.resend-after", "30s");
        return settings;
    }

    /** The leadership component of the replica's health once its {@code leader} detail is {@code leading}. */
    private static JsonNode awaitLeadership(AdvisorProcess advisor, boolean leading, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        JsonNode leadership = null;
        while (Instant.now().isBefore(deadline)) {
            leadership = JSON.readTree(advisor.health()).at("/components/leadership/details");
            if (leadership.path("leader").asBoolean(false) == leading) {
                return leadership;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("replica " + advisor.pid() + " not leader=" + leading + " within " + timeout + ": " + leadership);
    }

    private static void send(KafkaBroker broker, Topics topics, Envelope command) throws Exception {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.bootstrapServers(), ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topics.commands(), command.nodeId().value(), new MessageCodec().encode(command))).get();
        }
    }
}
