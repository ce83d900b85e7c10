package dev.ctuner.sidecar.act;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.RejectionCode;
import dev.ctuner.sidecar.experiment.ExperimentConductor;
import dev.ctuner.sidecar.publish.BacklogPublisher;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes messages from the commands topic through the intake and carries out accepted commands,
 * one at a time: a command arriving while another runs (an experiment included) is refused as BUSY.
 * Experiments are handed to the {@link ExperimentConductor} (present in the experiment role only). Every answer (a
 * rejection, progress, the final result) goes to the results topic; final answers go to the
 * journal first, so a command delivered again gets the same answer and is never applied twice.
 */
public final class CommandExecutor implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CommandExecutor.class);

    private final CommandIntake intake;
    private final CommandJournal journal;
    private final ConfigurationApplier applier;
    private final TableAlterer alterer;
    private final Supplier<Optional<NodeFacts>> facts;
    private final Supplier<Configuration> currentYaml;
    private final BacklogPublisher publisher;
    private final Topics topics;
    private final ClusterId clusterId;
    private final NodeId nodeId;
    private final Clock clock;
    private final CommandMeters meters;
    private final MessageCodec codec = new MessageCodec();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> new Thread(r, "command-executor"));
    private final AtomicBoolean busy = new AtomicBoolean();
    private final ExperimentConductor experiments;
    /** Told when a configuration command has ended (its final answer published): the node is back, changed or not. */
    private volatile Runnable afterChange = () -> { };

    public CommandExecutor(CommandIntake intake, CommandJournal journal, ConfigurationApplier applier, TableAlterer alterer,
                           Supplier<Optional<NodeFacts>> facts, Supplier<Configuration> currentYaml, BacklogPublisher publisher,
                           Topics topics, ClusterId clusterId, NodeId nodeId, Clock clock, CommandMeters meters) {
        this(intake, journal, applier, alterer, facts, currentYaml, publisher, topics, clusterId, nodeId, clock, meters, null);
    }

    /** @param experiments carries out RunExperiment; null in the serving role (the intake refuses experiments there) */
    public CommandExecutor(CommandIntake intake, CommandJournal journal, ConfigurationApplier applier, TableAlterer alterer,
                           Supplier<Optional<NodeFacts>> facts, Supplier<Configuration> currentYaml, BacklogPublisher publisher,
                           Topics topics, ClusterId clusterId, NodeId nodeId, Clock clock, CommandMeters meters,
                           ExperimentConductor experiments) {
        this.experiments = experiments;
        this.intake = intake;
        this.journal = journal;
        this.applier = applier;
        this.alterer = alterer;
        this.facts = facts;
        this.currentYaml = currentYaml;
        this.publisher = publisher;
        this.topics = topics;
        this.clusterId = clusterId;
        this.nodeId = nodeId;
        this.clock = clock;
        this.meters = meters;
    }

    /** Runs {@code listener} after each configuration command's final answer is published (e.g. a heartbeat at once). */
    public CommandExecutor afterChange(Runnable listener) {
        this.afterChange = listener;
        return this;
    }

    /** Handles one message from the commands topic; never throws. */
    public void handle(byte[] message) {
        try {
            IntakeDecision decision = intake.decide(message, clock.instant(), facts.get(), currentYaml.get());
            if (!(decision instanceof IntakeDecision.NotForThisNode)) {
                meters.received();
            }
            if (decision instanceof IntakeDecision.Accept accept) {
                start(accept);
            } else if (decision instanceof IntakeDecision.AcceptAlter alter) {
                startAlter(alter);
            } else if (decision instanceof IntakeDecision.AcceptExperiment experiment && experiments != null) {
                startExperiment(experiment);
            } else if (decision instanceof IntakeDecision.AcceptExperiment experiment) {
                respond(new IntakeDecision.Reject(experiment.command().id(), RejectionCode.NOT_ALLOWED,
                        RolePolicy.SERVING_REFUSES_EXPERIMENTS, true));
            } else {
                respond(decision);
            }
        } catch (RuntimeException e) {
            log.warn("could not handle a command message", e);
        }
    }

    private void respond(IntakeDecision decision) {
        if (decision instanceof IntakeDecision.Reject reject) {
            log.warn("rejected command {}: {} {}", reject.commandId(), reject.code(), reject.reason());
            meters.refused(reject.code());
            if (reject.commandId() != null && reject.verified()) {
                finish(reject.commandId(), rejected(reject.commandId(), reject.code(), reject.reason()));
            } else if (reject.commandId() != null) {
                send(rejected(reject.commandId(), reject.code(), reject.reason()));
            }
        } else if (decision instanceof IntakeDecision.Replay replay) {
            log.info("command {} was answered before; sending the same answer again", replay.commandId());
            publisher.publish(topics.results(), nodeId.value(), codec.encode(replay.earlierResult()));
        }
    }

    private void start(IntakeDecision.Accept accept) {
        UUID id = accept.command().id();
        if (!acquire(id)) {
            return;
        }
        ApplyConfiguration apply = (ApplyConfiguration) accept.command().payload();
        send(result(id, CommandStatus.ACCEPTED, CommandPhase.ACCEPTED, null, Map.of(), Map.of(), Map.of()));
        worker.submit(() -> {
            try {
                ConfigurationApplier.Outcome outcome = applier.apply(id, accept.changes(), accept.restart(),
                        Duration.ofSeconds(apply.healthTimeoutSeconds()),
                        (phase, durations) -> send(result(id, CommandStatus.IN_PROGRESS, phase, null, durations, Map.of(), Map.of())));
                CommandResult last = outcome.done()
                        ? result(id, CommandStatus.DONE, CommandPhase.DONE, null, outcome.durations(), outcome.applied(), outcome.previous())
                        : result(id, CommandStatus.FAILED, outcome.rolledBack() ? CommandPhase.ROLLED_BACK : CommandPhase.FAILED,
                        outcome.reason(), outcome.durations(), Map.of(), outcome.previous());
                finish(id, last);
            } catch (RuntimeException e) {
                log.error("command {} failed unexpectedly", id, e);
                finish(id, result(id, CommandStatus.FAILED, CommandPhase.FAILED, e.toString(), Map.of(), Map.of(), Map.of()));
            } finally {
                busy.set(false);
                afterChange.run(); // WorkloadObserver.afterChange only queues work on its own thread
            }
        });
    }

    private void startAlter(IntakeDecision.AcceptAlter alter) {
        UUID id = alter.command().id();
        if (!acquire(id)) {
            return;
        }
        send(result(id, CommandStatus.ACCEPTED, CommandPhase.ACCEPTED, null, Map.of(), Map.of(), Map.of()));
        worker.submit(() -> {
            try {
                finish(id, alterResult(id, alterer.alter(alter.keyspace(), alter.table(), alter.options())));
            } catch (RuntimeException e) {
                log.error("command {} failed unexpectedly", id, e);
                finish(id, result(id, CommandStatus.FAILED, CommandPhase.FAILED, e.toString(), Map.of(), Map.of(), Map.of()));
            } finally {
                busy.set(false);
            }
        });
    }

    private void startExperiment(IntakeDecision.AcceptExperiment accepted) {
        UUID id = accepted.command().id();
        if (!acquire(id)) {
            return;
        }
        send(result(id, CommandStatus.ACCEPTED, CommandPhase.ACCEPTED, null, Map.of(), Map.of(), Map.of()));
        worker.submit(() -> {
            try {
                conclude(experiments.conduct(accepted.command()));
            } catch (Exception e) {
                log.error("experiment command {} failed unexpectedly", id, e);
                finish(id, result(id, CommandStatus.FAILED, CommandPhase.FAILED, e.toString(), Map.of(), Map.of(), Map.of()));
            } finally {
                busy.set(false);
            }
        });
    }

    /**
     * At start, in the experiment role: reports an experiment that the sidecar's last stop cut off
     * (FAULTED, never run again) or that it had measured but not finished reporting. Holds the node
     * meanwhile, so that no new command runs before the baseline is back.
     */
    public void recoverExperiment() {
        if (experiments == null || !busy.compareAndSet(false, true)) {
            return;
        }
        worker.submit(() -> {
            try {
                Optional<ExperimentConductor.Outcome> cutOff = experiments.recover(journal::seen);
                if (cutOff.isPresent()) {
                    conclude(cutOff.get());
                }
            } catch (Exception e) {
                log.error("could not recover the experiment the sidecar's last stop cut off", e);
            } finally {
                busy.set(false);
            }
        });
    }

    /** Journals and publishes an experiment command's final answer, then lets the ledger forget it. */
    private void conclude(ExperimentConductor.Outcome outcome) throws IOException {
        UUID id = outcome.commandId();
        finish(id, outcome.completed()
                ? result(id, CommandStatus.DONE, CommandPhase.DONE, null, Map.of(), outcome.result().configuration(), Map.of())
                : result(id, CommandStatus.FAILED, CommandPhase.FAILED, outcome.reason(), Map.of(), Map.of(), Map.of()));
        experiments.settled();
    }

    /**
     * Takes the node for a command, or answers BUSY. The journal is read again once the node is
     * taken: the same command, delivered again, may have finished between the intake's look at the
     * journal and now, and must get its earlier answer rather than be carried out twice.
     */
    private boolean acquire(UUID id) {
        if (!busy.compareAndSet(false, true)) {
            meters.refused(RejectionCode.BUSY);
            send(rejected(id, RejectionCode.BUSY, "another command is running on this node (commands and experiments run one at"
                    + " a time); send it again later"));
            return false;
        }
        var earlier = journal.resultOf(id);
        if (earlier.isPresent()) {
            busy.set(false);
            respond(new IntakeDecision.Replay(id, earlier.get()));
            return false;
        }
        return true;
    }

    private CommandResult alterResult(UUID id, TableAlterer.Outcome outcome) {
        if (outcome instanceof TableAlterer.Outcome.Applied applied) {
            log.info("command {}: table options {} {} (previously {}){}", id, applied.applied(),
                    applied.altered() ? "applied" : "already set, no ALTER needed", applied.previous(),
                    applied.rewriteMillis() < 0 ? "" : "; this node's SSTables rewritten in " + applied.rewriteMillis() + " ms");
            // durations: SYNCED the schema agreement, DONE the rewrite of this node's SSTables when one ran
            Map<CommandPhase, Long> durations = applied.rewriteMillis() < 0 ? Map.of(CommandPhase.SYNCED, applied.agreementMillis())
                    : Map.of(CommandPhase.SYNCED, applied.agreementMillis(), CommandPhase.DONE, applied.rewriteMillis());
            return result(id, CommandStatus.DONE, CommandPhase.DONE, null, durations, applied.applied(), applied.previous());
        }
        if (outcome instanceof TableAlterer.Outcome.UnknownTable unknown) {
            log.warn("command {} rejected: {}", id, unknown.reason());
            meters.refused(RejectionCode.INVALID_FIELD);
            return rejected(id, RejectionCode.INVALID_FIELD, unknown.reason());
        }
        TableAlterer.Outcome.Failed failed = (TableAlterer.Outcome.Failed) outcome;
        log.warn("command {} failed: {}", id, failed.reason());
        return result(id, CommandStatus.FAILED, CommandPhase.FAILED, failed.reason(), Map.of(), Map.of(), failed.previous());
    }

    public boolean isBusy() {
        return busy.get();
    }

    private void finish(UUID id, CommandResult result) {
        count(result);
        Envelope envelope = envelope(result);
        try {
            journal.record(id, envelope);
        } catch (IOException e) {
            log.error("could not journal the result of {}; a redelivery may be answered again", id, e);
        }
        publisher.publish(topics.results(), nodeId.value(), codec.encode(envelope));
    }

    /** A final answer of a command this node carried out (refusals are counted where they are decided). */
    private void count(CommandResult result) {
        if (result.status() == CommandStatus.DONE) {
            meters.applied();
        } else if (result.status() == CommandStatus.FAILED) {
            if (result.phase() == CommandPhase.ROLLED_BACK) {
                meters.rolledBack();
            } else {
                meters.failed();
            }
        }
    }

    private void send(CommandResult result) {
        publisher.publish(topics.results(), nodeId.value(), codec.encode(envelope(result)));
    }

    private Envelope envelope(CommandResult result) {
        return Envelope.of(clusterId, nodeId, UUID.randomUUID(), clock.instant(), result);
    }

    private CommandResult rejected(UUID id, RejectionCode code, String reason) {
        return new CommandResult(id, CommandStatus.REJECTED, CommandPhase.RECEIVED, reason, code, Map.of(), clock.instant(), Map.of(), Map.of());
    }

    private CommandResult result(UUID id, CommandStatus status, CommandPhase phase, String reason, Map<CommandPhase, Long> durations,
                                 Map<String, String> applied, Map<String, String> previous) {
        return new CommandResult(id, status, phase, reason, null, durations, clock.instant(), applied, previous);
    }

    @Override
    public void close() {
        worker.shutdown();
    }
}
