package dev.ctuner.sidecar.experiment;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.RunExperiment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The experiment this node is carrying out, on disk, so that a sidecar that stops in the middle of
 * one knows at its next start: the command (written before anything is touched) and, once measured,
 * its result (written before it is published). One experiment at a time, so one of each.
 * <ul>
 * <li>no files: nothing was running;</li>
 * <li>a command without a result: the sidecar stopped during the run, which is then reported FAULTED
 *     and never run again;</li>
 * <li>a command with its result: the sidecar stopped after measuring, before it was done reporting;
 *     the stored result is published again (with the same envelope id, so a reader can tell).</li>
 * </ul>
 */
public final class ExperimentLedger {

    /** What the ledger holds after a stop. */
    public record InFlight(Envelope command, Optional<Envelope> result) {
        public RunExperiment experiment() {
            return (RunExperiment) command.payload();
        }
    }

    /** Experiment ids remembered at most (about 100 bytes each). */
    static final int TAKEN_CAPACITY = 10_000;

    private final Path commandFile;
    private final Path resultFile;
    private final Path takenFile;
    private final java.util.LinkedHashSet<String> taken = new java.util.LinkedHashSet<>();
    private final MessageCodec codec = new MessageCodec();

    public ExperimentLedger(Path dir) throws IOException {
        Files.createDirectories(dir);
        this.commandFile = dir.resolve("experiment-running");
        this.resultFile = dir.resolve("experiment-result");
        this.takenFile = dir.resolve("experiment-ids");
        if (Files.exists(takenFile)) {
            List<String> lines = Files.readAllLines(takenFile, StandardCharsets.UTF_8);
            lines.subList(Math.max(0, lines.size() - TAKEN_CAPACITY), lines.size()).stream().filter(l -> !l.isBlank())
                    .forEach(taken::add);
            if (lines.size() > TAKEN_CAPACITY) {
                Files.write(takenFile, taken, StandardCharsets.UTF_8);
            }
        }
    }

    /**
     * Whether an experiment with this id was begun before, under any command: the advisor may carry one
     * experiment by several commands (one refused as busy, then another), and it must run once.
     */
    public synchronized boolean taken(String experimentId) {
        return taken.contains(experimentId);
    }

    /** Records that {@code command} (a RunExperiment) starts now; durable before it returns. */
    public synchronized void begin(Envelope command) throws IOException {
        if (!(command.payload() instanceof RunExperiment)) {
            throw new IllegalArgumentException("the ledger keeps RunExperiment commands, not " + command.type());
        }
        Files.deleteIfExists(resultFile);
        write(commandFile, command);
        String id = ((RunExperiment) command.payload()).experimentId();
        if (taken.add(id)) {
            Files.writeString(takenFile, id + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND, java.nio.file.StandardOpenOption.SYNC);
        }
    }

    /** Records the measured result of the running experiment before it is published. */
    public synchronized void measured(Envelope result) throws IOException {
        if (!(result.payload() instanceof ExperimentResult)) {
            throw new IllegalArgumentException("the ledger keeps ExperimentResult envelopes, not " + result.type());
        }
        write(resultFile, result);
    }

    /** The experiment is fully reported (its final answer journaled): forget it. */
    public synchronized void clear() throws IOException {
        Files.deleteIfExists(resultFile);
        Files.deleteIfExists(commandFile);
    }

    /** What was running when the sidecar stopped, if anything. */
    public synchronized Optional<InFlight> inFlight() throws IOException {
        Optional<Envelope> command = read(commandFile);
        if (command.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new InFlight(command.get(), read(resultFile)));
    }

    private void write(Path file, Envelope envelope) throws IOException {
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temp, Base64.getEncoder().encodeToString(codec.encode(envelope)), StandardCharsets.US_ASCII,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING,
                java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.SYNC);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private Optional<Envelope> read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            DecodeResult decoded = codec.decode(Base64.getDecoder().decode(Files.readString(file, StandardCharsets.US_ASCII).trim()));
            if (decoded instanceof DecodeResult.Decoded d) {
                return Optional.of(d.envelope());
            }
            throw new IOException(file + " does not hold a readable message: " + decoded);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + " is not base64: " + e.getMessage(), e);
        }
    }
}
