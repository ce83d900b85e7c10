package dev.ctuner.sidecar.experiment;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out one {@code RunExperiment} at a time on this sidecar's node: notes it in the
 * {@link ExperimentLedger} before touching anything, runs it with the campaign's method (a
 * {@link Runner}) within the time limit, keeps the result in the ledger and publishes it. A run past
 * the limit is stopped (the node is stopped under it), the node is put back on its baseline
 * configuration, and the experiment is reported FAULTED; so is one that the sidecar's own stop cut
 * off, at the next start ({@link #recover}). Its caller journals the command's final answer and then
 * {@link #settled settles} the ledger.
 */
public final class ExperimentConductor {

    private static final Logger log = LoggerFactory.getLogger(ExperimentConductor.class);

    /** Runs one experiment by the campaign's method and returns its result. */
    @FunctionalInterface
    public interface Runner {
        ExperimentResult run(String experimentId, Map<String, String> configuration, WorkloadSpec workload) throws Exception;
    }

    /** The node, as far as stopping a run and putting the baseline back go. */
    public interface Node {
        /** Stops the node under a running experiment; the run's further calls on the node fail. */
        void abort();

        /** Resets the node to its pristine data and baseline configuration and starts it. */
        void restoreBaseline() throws Exception;

        HardwareFacts hardware();
    }

    /**
     * How an experiment ended for its command: {@code completed} when it ran to a result of its own
     * (of any quality), else {@code reason} says why not (timed out, interrupted).
     */
    /** @param result null when the experiment was not run (its id was begun before under another command) */
    public record Outcome(UUID commandId, ExperimentResult result, boolean completed, String reason) {
    }

    private final Runner runner;
    private final Node node;
    private final ExperimentLedger ledger;
    private final Duration timeout;
    private final Duration abortGrace;
    private final Consumer<Envelope> publish;
    private final ClusterId clusterId;
    private final NodeId nodeId;
    private final String sidecarVersion;
    private final Optional<String> machine;
    private final Clock clock;

    /**
     * @param abortGrace how long a stopped run may take to notice its node is gone before the baseline is restored anyway
     * @param publish    sends a message to the results topic
     */
    public ExperimentConductor(Runner runner, Node node, ExperimentLedger ledger, Duration timeout, Duration abortGrace,
            Consumer<Envelope> publish, ClusterId clusterId, NodeId nodeId, String sidecarVersion, Optional<String> machine,
            Clock clock) {
        this.runner = runner;
        this.node = node;
        this.ledger = ledger;
        this.timeout = timeout;
        this.abortGrace = abortGrace;
        this.publish = publish;
        this.clusterId = clusterId;
        this.nodeId = nodeId;
        this.sidecarVersion = sidecarVersion;
        this.machine = machine;
        this.clock = clock;
    }

    /** Carries out {@code command} (a verified RunExperiment) and publishes its ExperimentResult. */
    public Outcome conduct(Envelope command) throws IOException, InterruptedException {
        RunExperiment experiment = (RunExperiment) command.payload();
        if (ledger.taken(experiment.experimentId())) {
            String reason = "experiment " + experiment.experimentId() + " was begun before under another command; an experiment"
                    + " is never run twice";
            log.warn("command {}: {}", command.id(), reason);
            return new Outcome(command.id(), null, false, reason);
        }
        ledger.begin(command);
        log.info("experiment {} (command {}): {} on {}", experiment.experimentId(), command.id(), experiment.configuration(),
                experiment.workload());
        // A thread of its own per run: a stopped run that never ends must not hold up the next one.
        FutureTask<ExperimentResult> run = new FutureTask<>(() -> runner.run(experiment.experimentId(), experiment.configuration(),
                experiment.workload()));
        Thread thread = new Thread(run, "experiment-run-" + experiment.experimentId());
        thread.setDaemon(true);
        thread.start();
        ExperimentResult result;
        boolean completed = true;
        String reason = null;
        try {
            result = run.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException late) {
            log.warn("experiment {} still running after {}; stopping it", experiment.experimentId(), timeout);
            node.abort();
            awaitEnd(run);
            reason = ExperimentFaults.timedOut(timeout, restoreBaseline());
            result = ExperimentFaults.faulted(experiment, reason, sidecarVersion, node.hardware(), clock.instant(), machine);
            completed = false;
        } catch (ExecutionException e) {
            reason = "the experiment failed unexpectedly: " + e.getCause();
            log.error("experiment {} failed", experiment.experimentId(), e.getCause());
            result = ExperimentFaults.faulted(experiment, reason, sidecarVersion, node.hardware(), clock.instant(), machine);
            completed = false;
        }
        Envelope envelope = Envelope.of(clusterId, nodeId, UUID.randomUUID(), clock.instant(), result);
        ledger.measured(envelope);
        publish.accept(envelope);
        log.info("experiment {}: {} ops/s, {} {}", experiment.experimentId(), Math.round(result.throughputOpsPerSecond()),
                result.quality(), result.qualityNotes());
        return new Outcome(command.id(), result, completed, reason);
    }

    /**
     * At start: what the ledger says about an experiment the sidecar's stop cut off, reported now. An
     * experiment whose final answer is already journaled ({@code answered}) is only forgotten; one that
     * was measured has its stored result published again; one that was running is reported FAULTED
     * (never run again) after the node is put back on its baseline.
     */
    public Optional<Outcome> recover(java.util.function.Predicate<UUID> answered) throws IOException {
        Optional<ExperimentLedger.InFlight> left = ledger.inFlight();
        if (left.isEmpty()) {
            return Optional.empty();
        }
        ExperimentLedger.InFlight in = left.get();
        if (answered.test(in.command().id())) {
            ledger.clear();
            return Optional.empty();
        }
        if (in.result().isPresent()) {
            log.info("experiment {} was measured before the sidecar stopped; publishing its result again", in.experiment().experimentId());
            publish.accept(in.result().get());
            return Optional.of(new Outcome(in.command().id(), (ExperimentResult) in.result().get().payload(), true, null));
        }
        log.warn("experiment {} was running when the sidecar stopped; reporting it FAULTED", in.experiment().experimentId());
        String reason = ExperimentFaults.interrupted(restoreBaseline());
        ExperimentResult result = ExperimentFaults.faulted(in.experiment(), reason, sidecarVersion, node.hardware(), clock.instant(),
                machine);
        Envelope envelope = Envelope.of(clusterId, nodeId, UUID.randomUUID(), clock.instant(), result);
        ledger.measured(envelope);
        publish.accept(envelope);
        return Optional.of(new Outcome(in.command().id(), result, false, reason));
    }

    /** The command's final answer is journaled: the experiment needs no recovery any more. */
    public void settled() throws IOException {
        ledger.clear();
    }

    private void awaitEnd(Future<ExperimentResult> run) throws InterruptedException {
        try {
            run.get(abortGrace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | java.util.concurrent.CancellationException ended) {
            // it ended, one way or another
        } catch (TimeoutException stillGoing) {
            log.warn("the stopped experiment has not ended {} after its node was stopped; restoring the baseline anyway", abortGrace);
            run.cancel(true);
        }
    }

    /** Empty when the baseline is back, else why not. */
    private Optional<String> restoreBaseline() {
        try {
            node.restoreBaseline();
            return Optional.empty();
        } catch (Exception e) {
            log.error("could not restore the experiment node's baseline", e);
            return Optional.of(e.getMessage() == null ? e.toString() : e.getMessage());
        }
    }
}
