package dev.ctuner.sidecar.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.ExperimentQuality;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.common.protocol.message.OperationStats;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.common.protocol.message.Versions;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The conductor's bookkeeping with an in-memory runner and node: time limit, ledger, recovery. */
class ExperimentConductorTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
    private static final HardwareFacts HARDWARE = new HardwareFacts(2, 8_192, 512);
    private static final WorkloadSpec WORKLOAD = new WorkloadSpec(0.5, 0.5, 0, 0, 0, RequestDistribution.ZIPFIAN, 1_000, 2_000, 4, 7);

    @TempDir
    Path dir;

    private final List<Envelope> published = new ArrayList<>();
    private final RecordingNode node = new RecordingNode();
    private ExperimentLedger ledger;

    @BeforeEach
    void setUp() throws Exception {
        ledger = new ExperimentLedger(dir.resolve("experiment"));
    }

    private ExperimentConductor conductor(ExperimentConductor.Runner runner, Duration timeout) {
        return new ExperimentConductor(runner, node, ledger, timeout, Duration.ofMillis(300), published::add, new ClusterId("lab"),
                new NodeId("127.0.0.7"), "0.1.0", Optional.of("boot-test"), Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static Envelope command(String experimentId) {
        return Envelope.of(new ClusterId("lab"), new NodeId("127.0.0.7"), UUID.randomUUID(), NOW,
                new RunExperiment(experimentId, Map.of("concurrent_writes", "16"), WORKLOAD, NOW.plusSeconds(600), Optional.empty()));
    }

    private static ExperimentResult measured(String id, Map<String, String> configuration, WorkloadSpec workload) {
        return new ExperimentResult(id, configuration, workload, new PhysicalDesign(1, 1), new Versions("5.0.9", "0.1.0"), HARDWARE,
                NOW, NOW.plusSeconds(3), 2_000, 666.7, Map.of("READ", new OperationStats(1_000, 400.0, 2_000.0, 0)),
                ExperimentQuality.OK, List.of(), Optional.of("boot-test"));
    }

    @Test
    void aRunWithinItsLimitIsPublishedAndKeptInTheLedgerUntilSettled() throws Exception {
        ExperimentConductor conductor = conductor(ExperimentConductorTest::measured, Duration.ofSeconds(30));
        Envelope command = command("exp-ok");

        ExperimentConductor.Outcome outcome = conductor.conduct(command);

        assertThat(outcome.completed()).isTrue();
        assertThat(outcome.result().quality()).isEqualTo(ExperimentQuality.OK);
        assertThat(published).singleElement().satisfies(e -> assertThat(e.payload()).isEqualTo(outcome.result()));
        assertThat(ledger.inFlight()).hasValueSatisfying(in -> assertThat(in.result()).contains(published.get(0)));
        assertThat(node.restores).as("a finished run leaves the node as it is").isZero();
        conductor.settled();
        assertThat(ledger.inFlight()).isEmpty();
    }

    @Test
    void anExperimentIdBegunUnderOneCommandIsNotRunUnderAnotherAlsoAfterARestart() throws Exception {
        java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();
        ExperimentConductor.Runner counting = (id, c, w) -> {
            runs.incrementAndGet();
            return measured(id, c, w);
        };
        conductor(counting, Duration.ofSeconds(30)).conduct(command("exp-once"));
        conductor(counting, Duration.ofSeconds(30)).settled();

        Envelope again = command("exp-once");   // the same experiment, carried by a new command
        ExperimentConductor.Outcome second = conductor(counting, Duration.ofSeconds(30)).conduct(again);
        assertThat(second.completed()).isFalse();
        assertThat(second.reason()).contains("exp-once", "never run twice");
        assertThat(second.commandId()).isEqualTo(again.id());

        ledger = new ExperimentLedger(dir.resolve("experiment"));   // a restarted sidecar remembers it too
        assertThat(conductor(counting, Duration.ofSeconds(30)).conduct(command("exp-once")).completed()).isFalse();
        assertThat(runs).hasValue(1);
        assertThat(published).hasSize(1);
        assertThat(conductor(counting, Duration.ofSeconds(30)).conduct(command("exp-other")).completed()).isTrue();
        assertThat(runs).hasValue(2);
    }

    @Test
    void aRunPastItsLimitIsStoppedReportedFaultedAndTheBaselineRestored() throws Exception {
        CountDownLatch stopped = new CountDownLatch(1);
        node.onAbort = stopped::countDown;
        ExperimentConductor conductor = conductor((id, configuration, workload) -> {
            stopped.await(); // runs until its node is stopped under it
            throw new IllegalStateException("the experiment was stopped at its time limit");
        }, Duration.ofMillis(200));

        ExperimentConductor.Outcome outcome = conductor.conduct(command("exp-slow"));

        assertThat(node.aborts).isEqualTo(1);
        assertThat(node.restores).isEqualTo(1);
        assertThat(outcome.completed()).isFalse();
        assertThat(outcome.reason()).startsWith("timed out").contains("PT0.2S", "restored to its baseline");
        assertThat(outcome.result().quality()).isEqualTo(ExperimentQuality.FAULTED);
        assertThat(outcome.result().qualityNotes()).containsExactly(outcome.reason());
        assertThat(outcome.result().operations()).isZero();
        assertThat(outcome.result().machine()).contains("boot-test");
        assertThat(published).singleElement().satisfies(e -> assertThat(e.payload()).isEqualTo(outcome.result()));
    }

    @Test
    void aBaselineThatCannotBeRestoredIsSaid() throws Exception {
        node.restoreFailure = new IllegalStateException("node did not start: disk full");
        ExperimentConductor conductor = conductor((id, c, w) -> {
            Thread.sleep(60_000);
            return measured(id, c, w);
        }, Duration.ofMillis(100));
        ExperimentConductor.Outcome outcome = conductor.conduct(command("exp-stuck"));
        assertThat(outcome.reason()).contains("restoring the node's baseline configuration failed: node did not start: disk full");
    }

    @Test
    void anExperimentCutOffByTheSidecarsStopIsReportedFaultedOnceAndNeverRunAgain() throws Exception {
        Envelope command = command("exp-cut");
        ledger.begin(command); // the sidecar stopped here, during the run

        ExperimentConductor afterRestart = conductor((id, c, w) -> {
            throw new AssertionError("an interrupted experiment must not run again");
        }, Duration.ofSeconds(30));
        ExperimentConductor.Outcome outcome = afterRestart.recover(id -> false).orElseThrow();

        assertThat(outcome.commandId()).isEqualTo(command.id());
        assertThat(outcome.completed()).isFalse();
        assertThat(outcome.reason()).startsWith("interrupted").contains("not run again");
        assertThat(outcome.result().quality()).isEqualTo(ExperimentQuality.FAULTED);
        assertThat(outcome.result().experimentId()).isEqualTo("exp-cut");
        assertThat(node.restores).isEqualTo(1);
        assertThat(published).hasSize(1);
        afterRestart.settled();
        assertThat(afterRestart.recover(id -> false)).isEmpty();
    }

    @Test
    void aMeasuredResultNotYetAnsweredIsPublishedAgainAsItWasAndAnAnsweredOneIsOnlyForgotten() throws Exception {
        Envelope command = command("exp-measured");
        ledger.begin(command);
        Envelope result = Envelope.of(new ClusterId("lab"), new NodeId("127.0.0.7"), UUID.randomUUID(), NOW,
                measured("exp-measured", Map.of("concurrent_writes", "16"), WORKLOAD));
        ledger.measured(result);

        ExperimentConductor conductor = conductor((id, c, w) -> {
            throw new AssertionError("not run again");
        }, Duration.ofSeconds(30));
        ExperimentConductor.Outcome outcome = conductor.recover(id -> false).orElseThrow();
        assertThat(outcome.completed()).isTrue();
        assertThat(published).containsExactly(result);
        assertThat(node.restores).isZero();

        assertThat(conductor.recover(command.id()::equals)).as("its answer is journaled").isEmpty();
        assertThat(ledger.inFlight()).isEmpty();
        assertThat(published).hasSize(1);
    }

    /** Counts what the conductor asks of the node. */
    private static final class RecordingNode implements ExperimentConductor.Node {
        int aborts;
        int restores;
        Runnable onAbort = () -> { };
        RuntimeException restoreFailure;

        @Override
        public void abort() {
            aborts++;
            onAbort.run();
        }

        @Override
        public void restoreBaseline() {
            restores++;
            if (restoreFailure != null) {
                throw restoreFailure;
            }
        }

        @Override
        public HardwareFacts hardware() {
            return HARDWARE;
        }
    }
}
