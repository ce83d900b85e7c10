package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.harness.AdvisorProcess;
import dev.ctuner.harness.AdvisorRollouts;
import dev.ctuner.harness.CassandraNode;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.harness.SidecarSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The learning loop's campaign on real parts: the advisor (a real process, its H2 store) runs a small
 * campaign through the broker on an experiment node (its own node on 127.0.0.7, JMX 7799, never one of
 * the shared ring) and its sidecar in the experiment role: 3 configurations x 2 repetitions and 3
 * anchors, 9 experiments. The advisor is killed (SIGKILL) while an experiment runs and started again on
 * the same store: it waits for that experiment's result instead of sending it again, and finishes the
 * campaign. Every experiment is carried by one command and measured once; the results are stored with
 * their provenance, and the model retrained on them once the campaign is done. Then a race of a pick
 * against a cluster's configuration runs on the same node and ends with its outcome.
 */
class AdvisorCampaignIT {

    private static final JsonMapper JSON = AdvisorRollouts.JSON;
    private static final int NODE_INDEX = 7;
    private static final int PORT = 18091;

    @Test
    void theAdvisorRunsACampaignThroughAnExperimentSidecarResumesItAfterAKillAndLearnsFromIt() throws Exception {
        KafkaBroker broker = Servers.broker();
        Topics topics = new Topics("campaign" + System.nanoTime());
        Path work = Servers.WORK.resolve(topics.prefix());
        CassandraNode node = CassandraNode.standalone(NODE_INDEX, work.resolve("node"), Servers.RUNTIME, "512m");
        node.configure("experiments", node.address(), Map.of());
        node.start();
        Map<String, String> settings = AdvisorRollouts.settings(broker, topics.prefix());
        settings.put("ctuner.advisor.campaigns.experiment-nodes[0]", "lab/" + node.address());
        settings.put("ctuner.advisor.campaigns.node-facts.heap-mib", "512");
        settings.put("ctuner.advisor.campaigns.node-facts.cores", "2");
        settings.put("ctuner.advisor.campaigns.tick", "2s");
        settings.put("ctuner.advisor.learning.train-at-startup", "false");
        // no file: the model is trained on the campaign's stored measurements alone
        settings.put("ctuner.advisor.learning.datasets[0]", work.resolve("no-such-file.csv").toString());
        Path advisorDir = work.resolve("advisor");
        Path jar = AdvisorProcess.jar(Path.of("..").toAbsolutePath().normalize());
        AdvisorProcess advisor = AdvisorProcess.start(Servers.RUNTIME, jar, advisorDir, PORT, settings);
        SidecarApp sidecar = null;
        try (TopicRecorder recorder = new TopicRecorder(broker, List.of(topics.commands(), topics.results()))) {
            advisor.awaitServing(Duration.ofSeconds(120));
            node.awaitReady(Duration.ofSeconds(120));
            Map<String, String> props = new TreeMap<>(SidecarObservesIT.FAST_WINDOWS);
            props.putAll(SidecarSettings.experiment(node, broker, topics.prefix(), advisor.publicKeyFile(),
                    work.resolve("sidecar").resolve("state")));
            props.put("ctuner.sidecar.cluster-id", "lab");
            props.put("ctuner.sidecar.experiment.warm-up-min", "2s");
            props.put("ctuner.sidecar.experiment.warm-up-max", "4s");
            props.put("ctuner.sidecar.experiment.timeout", "5m");
            // the shared ring and a build may run beside the test: other CPU use is not what this test is about
            props.put("ctuner.sidecar.experiment.max-foreign-cores", "2.0");
            sidecar = SidecarApp.start(node, broker, topics.prefix(), props);

            String created = advisor.post("/api/v1/campaigns", """
                    {"name":"it-campaign","knobs":["concurrent_writes","memtable_flush_writers"],"configurations":3,
                     "readRatios":[0.5],"repetitions":2,"anchorEvery":3,"rows":1000,"operations":3000,"threads":8,"seed":11}""");
            assertThat(JSON.readTree(created).path("state").asString()).isEqualTo("RUNNING");

            // SIGKILL the advisor while its fourth experiment runs
            JsonNode midway = await(advisor, c -> c.path("progress").path("experimentsSent").asInt() >= 4
                    && !c.path("progress").path("running").isNull(), Duration.ofMinutes(6));
            String cutOff = midway.path("progress").path("running").asString();
            advisor.kill();
            System.out.println("advisor killed while " + cutOff + " ran");
            Thread.sleep(5_000);
            advisor = AdvisorProcess.start(Servers.RUNTIME, jar, advisorDir, PORT, settings);
            advisor.awaitServing(Duration.ofSeconds(120));

            JsonNode done = await(advisor, c -> !c.path("state").asString().equals("RUNNING"), Duration.ofMinutes(10));
            assertThat(done.path("state").asString()).as("detail: %s", done.path("detail")).isEqualTo("DONE");
            JsonNode progress = done.path("progress");
            assertThat(progress.path("ok").asInt()).isEqualTo(6);
            assertThat(progress.path("anchors").asInt()).isEqualTo(3);
            assertThat(progress.path("experimentsSent").asInt()).isEqualTo(9);
            for (JsonNode e : done.path("experiments")) {
                assertThat(e.path("outcome").asString()).as("%s", e).isEqualTo("OK");
                assertThat(e.path("commandsSent").asInt()).as("%s carried by one command", e.path("experimentId")).isEqualTo(1);
                assertThat(e.path("throughput").asDouble()).as("%s stored", e.path("experimentId")).isPositive();
                assertThat(e.path("machine").asString()).isNotBlank();
            }
            List<String> ids = new java.util.ArrayList<>();
            done.path("experiments").forEach(e -> ids.add(e.path("experimentId").asString()));
            assertThat(ids).contains(cutOff);

            // on the wire: one RunExperiment per experiment, and each measured once (a result published again
            // after a restart is the same measurement)
            List<RunExperiment> commands = recorder.received.stream().map(Envelope::payload)
                    .filter(RunExperiment.class::isInstance).map(RunExperiment.class::cast).toList();
            assertThat(commands).extracting(RunExperiment::experimentId).doesNotHaveDuplicates().hasSize(9);
            Map<String, List<Instant>> measured = recorder.received.stream().map(Envelope::payload)
                    .filter(ExperimentResult.class::isInstance).map(ExperimentResult.class::cast)
                    .collect(Collectors.groupingBy(ExperimentResult::experimentId,
                            Collectors.mapping(ExperimentResult::startedAt, Collectors.toList())));
            assertThat(measured).hasSize(9);
            measured.forEach((id, starts) -> assertThat(starts.stream().distinct()).as("%s measured once", id).hasSize(1));

            // retrained on the stored measurements once the campaign was done
            JsonNode model = awaitModel(advisor, Duration.ofMinutes(3));
            JsonNode stored = null;
            for (JsonNode f : model.path("model").path("files")) {
                if (f.path("path").asString().equals("store:experiments")) {
                    stored = f;
                }
            }
            assertThat(stored).as("files %s", model.path("model").path("files")).isNotNull();
            assertThat(stored.path("samples").asInt()).isEqualTo(9);
            assertThat(model.path("lastAttempt").path("requestedBy").asString()).isEqualTo("campaign it-campaign");

            // a race on the same node vets a pick against a cluster's configuration; its outcome is kept with it
            String race = advisor.post("/api/v1/races", """
                    {"name":"it-race","clusterId":"it-ring","current":{"concurrent_writes":"32"},
                     "picks":[{"concurrent_writes":"128"}],"readRatios":[0.5],"budget":4,"firstTest":2,
                     "rows":1000,"operations":3000,"threads":8,"seed":5}""");
            assertThat(JSON.readTree(race).path("kind").asString()).isEqualTo("RACE");
            JsonNode raced = await(advisor, "it-race", c -> !c.path("state").asString().equals("RUNNING"), Duration.ofMinutes(5));
            assertThat(raced.path("state").asString()).as("detail: %s", raced.path("detail")).isEqualTo("DONE");
            assertThat(raced.path("race").path("experiments").asInt()).isEqualTo(4);
            assertThat(raced.path("race").path("instances").asInt()).isEqualTo(2);
            assertThat(raced.path("race").path("summary").asString()).contains("the current configuration");
            assertThat(raced.path("progress").path("ok").asInt()).as("every measured value came from an OK run").isEqualTo(4);
        } catch (Exception | AssertionError e) {
            System.out.println("advisor log: " + advisor.output());
            throw e;
        } finally {
            if (sidecar != null) {
                sidecar.close();
            }
            advisor.close();
            node.stop();
        }
    }

    private static JsonNode await(AdvisorProcess advisor, java.util.function.Predicate<JsonNode> until, Duration timeout)
            throws Exception {
        return await(advisor, "it-campaign", until, timeout);
    }

    private static JsonNode await(AdvisorProcess advisor, String campaign, java.util.function.Predicate<JsonNode> until,
            Duration timeout) throws Exception {
        Instant end = Instant.now().plus(timeout);
        JsonNode last = null;
        while (Instant.now().isBefore(end)) {
            last = JSON.readTree(advisor.get("/api/v1/campaigns/" + campaign));
            if (until.test(last)) {
                return last;
            }
            Thread.sleep(1_000);
        }
        throw new AssertionError("campaign not there within " + timeout + ": " + last);
    }

    private static JsonNode awaitModel(AdvisorProcess advisor, Duration timeout) throws Exception {
        Instant end = Instant.now().plus(timeout);
        JsonNode last = null;
        while (Instant.now().isBefore(end)) {
            last = JSON.readTree(advisor.get("/api/v1/models/current"));
            if (last.path("trained").asBoolean() && last.path("lastAttempt").path("outcome").asString().equals("SUCCEEDED")) {
                return last;
            }
            Thread.sleep(2_000);
        }
        throw new AssertionError("no model trained within " + timeout + ": " + last);
    }
}
