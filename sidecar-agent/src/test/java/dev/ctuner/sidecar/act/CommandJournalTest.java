package dev.ctuner.sidecar.act;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandJournalTest {

    @TempDir
    Path dir;

    private static Envelope result(UUID id) {
        return Envelope.of(new ClusterId("c"), new NodeId("n"), UUID.randomUUID(), Instant.parse("2026-11-22T10:00:00Z"),
                new CommandResult(id, CommandStatus.DONE, CommandPhase.DONE, null, null, Map.of(), Instant.parse("2026-11-22T10:00:00Z"),
                        Map.of("concurrent_reads", "64"), Map.of("concurrent_reads", "32")));
    }

    @Test
    void remembersAnsweredCommandsAcrossRestarts() throws Exception {
        UUID id = UUID.randomUUID();
        new CommandJournal(dir.resolve("j"), 100).record(id, result(id));
        CommandJournal reopened = new CommandJournal(dir.resolve("j"), 100);
        assertThat(reopened.seen(id)).isTrue();
        assertThat(((CommandResult) reopened.resultOf(id).orElseThrow().payload()).appliedValues()).containsEntry("concurrent_reads", "64");
        assertThat(reopened.seen(UUID.randomUUID())).isFalse();
    }

    @Test
    void forgetsTheOldestBeyondItsCapacity() throws Exception {
        CommandJournal journal = new CommandJournal(dir.resolve("j"), 3);
        UUID first = UUID.randomUUID();
        journal.record(first, result(first));
        for (int i = 0; i < 3; i++) {
            UUID id = UUID.randomUUID();
            journal.record(id, result(id));
        }
        assertThat(journal.seen(first)).isFalse();
        assertThat(new CommandJournal(dir.resolve("j"), 3).results()).hasSize(3);
    }
}
