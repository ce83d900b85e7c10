package dev.ctuner.sidecar.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentLedgerTest {

    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    @TempDir
    Path dir;

    private static Envelope command() {
        return Envelope.of(new ClusterId("lab"), new NodeId("n"), UUID.randomUUID(), NOW, new RunExperiment("e", Map.of(),
                new WorkloadSpec(1, 0, 0, 0, 0, RequestDistribution.UNIFORM, 10, 10, 1, 1), NOW.plusSeconds(60), Optional.empty()));
    }

    @Test
    void whatWasRunningSurvivesANewLedgerOnTheSameDirectory() throws Exception {
        Envelope command = command();
        new ExperimentLedger(dir).begin(command);
        ExperimentLedger.InFlight in = new ExperimentLedger(dir).inFlight().orElseThrow();
        assertThat(in.command()).isEqualTo(command);
        assertThat(in.result()).isEmpty();

        Envelope result = Envelope.of(new ClusterId("lab"), new NodeId("n"), UUID.randomUUID(), NOW,
                ExperimentFaults.faulted(in.experiment(), "interrupted", "dev", new HardwareFacts(1, 1, 1), NOW, Optional.empty()));
        new ExperimentLedger(dir).measured(result);
        assertThat(new ExperimentLedger(dir).inFlight().orElseThrow().result()).contains(result);

        new ExperimentLedger(dir).clear();
        assertThat(new ExperimentLedger(dir).inFlight()).isEmpty();
    }

    @Test
    void aNewExperimentForgetsTheResultOfTheLastAndOnlyExperimentsAreKept() throws Exception {
        ExperimentLedger ledger = new ExperimentLedger(dir);
        ledger.begin(command());
        ledger.measured(Envelope.of(new ClusterId("lab"), new NodeId("n"), UUID.randomUUID(), NOW,
                ExperimentFaults.faulted((RunExperiment) command().payload(), "x", "dev", new HardwareFacts(1, 1, 1), NOW, Optional.empty())));
        ledger.begin(command());
        assertThat(ledger.inFlight().orElseThrow().result()).isEmpty();
        Envelope notAnExperiment = Envelope.of(new ClusterId("lab"), new NodeId("n"), UUID.randomUUID(), NOW,
                new CommandResult(UUID.randomUUID(), CommandStatus.DONE, CommandPhase.DONE, null, null, Map.of(), NOW, Map.of(), Map.of()));
        assertThatThrownBy(() -> ledger.begin(notAnExperiment)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ledger.measured(notAnExperiment)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anUnreadableLedgerIsAnErrorNotSilence() throws Exception {
        Files.writeString(dir.resolve("experiment-running"), "not base64 !!");
        assertThatThrownBy(() -> new ExperimentLedger(dir).inFlight()).hasMessageContaining("experiment-running");
    }
}
