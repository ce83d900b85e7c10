package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.ExperimentQuality;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.RejectionCode;
import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import dev.ctuner.harness.CassandraNode;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.harness.SidecarSettings;
import dev.ctuner.sidecar.act.RolePolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The sidecar's experiment role on a real node and broker: a signed RunExperiment is carried out on
 * the sidecar's own node with the campaign's method and answered with an ExperimentResult; a replay
 * and a forgery are refused; the same node's sidecar in the serving role refuses the experiment and
 * leaves the node untouched. The node is one of its own on 127.0.0.7 (JMX 7799): an experiment wipes
 * its node, so never a node of the shared ring (127.0.0.1-3), nor ExperimentRunnerIT's (.8) or a
 * campaign's (.9).
 */
class ExperimentRoleIT {

    private static final Path WORK = Servers.WORK.resolve("experiment-role");
    private static final int NODE_INDEX = 7;
    /** A short run: 1,000 rows, 3,000 operations measured after a warm-up of 2-4 s. */
    private static final WorkloadSpec WORKLOAD = new WorkloadSpec(0.5, 0.5, 0, 0, 0, RequestDistribution.ZIPFIAN, 1_000, 3_000, 8, 7);

    private static SidecarApp sidecar(CassandraNode node, KafkaBroker broker, Topics topics, Advisor advisor, boolean experiment)
            throws Exception {
        String name = experiment ? "experiment-sidecar" : "serving-sidecar";
        Map<String, String> props = new TreeMap<>(SidecarObservesIT.FAST_WINDOWS);
        Path key = advisor.writePublicKey(WORK.resolve(name));
        props.putAll(experiment ? SidecarSettings.experiment(node, broker, topics.prefix(), key, WORK.resolve(name).resolve("state"))
                : SidecarSettings.acting(node, broker, topics.prefix(), key, WORK.resolve(name).resolve("state")));
        if (experiment) {
            props.put("ctuner.sidecar.experiment.warm-up-min", "2s");
            props.put("ctuner.sidecar.experiment.warm-up-max", "4s");
            props.put("ctuner.sidecar.experiment.timeout", "5m");
            // A build running beside the test is not what this test is about: allow other CPU use here.
            props.put("ctuner.sidecar.experiment.max-foreign-cores", "2.0");
        }
        return SidecarApp.start(node, broker, topics.prefix(), props);
    }

    @Test
    void anExperimentSidecarRunsASignedExperimentOnceAndAServingSidecarRefusesIt() throws Exception {
        KafkaBroker broker = Servers.broker();
        deleteTree(WORK);
        CassandraNode node = CassandraNode.standalone(NODE_INDEX, WORK.resolve("node"), Servers.RUNTIME, "512m");
        node.configure("experiments", node.address(), Map.of());
        node.start();
        Topics topics = new Topics("experiment" + System.nanoTime());
        try (Advisor advisor = new Advisor(broker, topics);
             TopicRecorder results = new TopicRecorder(broker, List.of(topics.results()))) {
            node.awaitReady(Duration.ofSeconds(120));
            Instant later = Instant.now().plusSeconds(600);
            Envelope run = advisor.signed(advisor.experiment(node.address(), "it-exp-1", Map.of("concurrent_writes", "16"),
                    WORKLOAD, later));
            try (SidecarApp sidecar = sidecar(node, broker, topics, advisor, true)) {
                advisor.send(run);
                assertThat(results.await(ExperimentResult.class, r -> r.experimentId().equals("it-exp-1"), Duration.ofMinutes(4)))
                        .as("an ExperimentResult for it-exp-1").isTrue();
                ExperimentResult r = results.payloads(ExperimentResult.class).stream()
                        .filter(e -> e.experimentId().equals("it-exp-1")).findFirst().orElseThrow();
                assertThat(r.quality()).as("notes %s", r.qualityNotes()).isEqualTo(ExperimentQuality.OK);
                assertThat(r.throughputOpsPerSecond()).isPositive();
                assertThat(r.operations()).isEqualTo(3_000);
                assertThat(r.operationStats()).containsKeys("READ", "UPDATE");
                assertThat(r.configuration()).containsEntry("concurrent_writes", "16");
                assertThat(r.versions().cassandra()).startsWith("5.0");
                assertThat(r.machine()).as("provenance: the machine").isPresent();
                CommandResult done = SidecarActsIT.awaitFinal(results, run.id(), Duration.ofSeconds(30));
                assertThat(done.status()).as("reason: %s", done.reason()).isEqualTo(CommandStatus.DONE);
                assertThat(setting(node, "concurrent_writes")).as("the experiment's configuration is on the node").isEqualTo("16");

                advisor.send(run);
                assertThat(results.await(CommandResult.class, c -> c.commandId().equals(run.id())
                        && c.status() == CommandStatus.REJECTED, Duration.ofSeconds(60))).as("the replay is refused").isTrue();
                CommandResult replay = results.payloads(CommandResult.class).stream().filter(c -> c.commandId().equals(run.id())
                        && c.status() == CommandStatus.REJECTED).findFirst().orElseThrow();
                assertThat(replay.rejectionCode()).isEqualTo(RejectionCode.REPLAYED);
                assertThat(replay.reason()).contains("never run twice");

                Envelope forged = new CommandSigner(Ed25519Keys.generate().getPrivate()).sign(advisor.experiment(node.address(),
                        "it-exp-forged", Map.of(), WORKLOAD, later));
                advisor.send(forged);
                CommandResult refused = SidecarActsIT.awaitFinal(results, forged.id(), Duration.ofSeconds(60));
                assertThat(refused.status()).isEqualTo(CommandStatus.REJECTED);
                assertThat(refused.rejectionCode()).isEqualTo(RejectionCode.BAD_SIGNATURE);
                assertThat(results.payloads(ExperimentResult.class)).as("one experiment run, once")
                        .extracting(ExperimentResult::experimentId).containsExactly("it-exp-1");
                assertThat(results.payloads(CommandResult.class).stream().filter(c -> c.commandId().equals(run.id())
                        && c.status() == CommandStatus.ACCEPTED)).as("carried out once").hasSize(1);
            }

            // The same node's sidecar, restarted in the serving role, refuses experiments and touches nothing.
            String yamlBefore = Files.readString(node.yamlFile());
            long pid = node.pid().orElseThrow();
            try (SidecarApp serving = sidecar(node, broker, topics, advisor, false)) {
                Envelope toServing = advisor.signed(advisor.experiment(node.address(), "it-exp-serving",
                        Map.of("concurrent_writes", "8"), WORKLOAD, later));
                advisor.send(toServing);
                CommandResult answer = SidecarActsIT.awaitFinal(results, toServing.id(), Duration.ofSeconds(60));
                assertThat(answer.status()).isEqualTo(CommandStatus.REJECTED);
                assertThat(answer.rejectionCode()).isEqualTo(RejectionCode.NOT_ALLOWED);
                assertThat(answer.reason()).isEqualTo(RolePolicy.SERVING_REFUSES_EXPERIMENTS);
            }
            assertThat(Files.readString(node.yamlFile())).as("cassandra.yaml after the refusal").isEqualTo(yamlBefore);
            assertThat(node.pid()).as("not restarted").contains(pid);
            assertThat(setting(node, "concurrent_writes")).isEqualTo("16");
            assertThat(results.payloads(ExperimentResult.class)).extracting(ExperimentResult::experimentId)
                    .doesNotContain("it-exp-serving");
        } finally {
            node.stop();
        }
    }

    private static String setting(CassandraNode node, String name) {
        try (CqlSession session = CqlSession.builder().addContactPoint(node.cqlAddress()).withLocalDatacenter("datacenter1").build()) {
            return session.execute("SELECT value FROM system_views.settings WHERE name = ?", name).one().getString(0);
        }
    }

    private static void deleteTree(Path dir) throws Exception {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
