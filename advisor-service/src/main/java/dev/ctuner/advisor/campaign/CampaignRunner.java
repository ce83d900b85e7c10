package dev.ctuner.advisor.campaign;

import dev.ctuner.advisor.core.campaign.CampaignPlan;
import dev.ctuner.advisor.core.campaign.CampaignSchedule;
import dev.ctuner.advisor.core.campaign.CampaignSchedule.Step;
import dev.ctuner.advisor.core.campaign.PlannedRun;
import dev.ctuner.advisor.core.campaign.RaceSchedule;
import dev.ctuner.advisor.core.campaign.RunAttempt;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.leadership.LeaderGate;
import dev.ctuner.advisor.rollout.CommandFactory;
import dev.ctuner.advisor.rollout.CommandSender;
import dev.ctuner.advisor.store.Campaign;
import dev.ctuner.advisor.store.CampaignRun;
import dev.ctuner.advisor.store.CampaignStore;
import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.ExperimentSampleStore;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.advisor.store.SentCommand;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.RejectionCode;
import dev.ctuner.common.protocol.message.RunExperiment;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives the running campaigns on the leading replica, one experiment at a time per campaign: sends
 * what {@link CampaignSchedule} says is next to an experiment node, and watches the experiment
 * running until its result arrives ({@link ExperimentResults} ends it) or its command's answers end
 * it. Everything it knows is in the database, so a restarted or newly elected leader goes on where
 * the last one stopped, waiting for the experiment that was running rather than sending it again.
 *
 * <p>An experiment is carried by a new command only when the node refused the last one as BUSY,
 * EXPIRED or STALE_LEADER, or when the last one went unanswered past its expiry (a sidecar that
 * reads it later refuses it): never while the node might still run it, since a sidecar tells commands
 * apart by their id, not by the experiment they carry.
 */
public final class CampaignRunner implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CampaignRunner.class);
    /** How long a node's last heartbeat may be old for the node to take an experiment. */
    static final Duration FRESH = Duration.ofMinutes(2);
    /** How long a FAILED command waits for its experiment's result before the experiment counts as FAULTED. */
    static final Duration RESULT_AFTER_FAILURE = Duration.ofMinutes(2);
    /** Margin on a command's expiry for the sidecar's clock. */
    static final Duration SKEW = Duration.ofSeconds(30);

    private final CampaignStore store;
    private final CommandResultStore results;
    private final ClusterRegistry registry;
    private final CommandFactory commands;
    private final CommandSender sender;
    private final LeaderGate leadership;
    private final CampaignProperties properties;
    private final Clock clock;
    private final Consumer<Campaign> onDone;
    private final ExperimentSampleStore samples;
    private final MessageCodec codec = new MessageCodec();
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "campaigns");
        t.setDaemon(true);
        return t;
    });

    public CampaignRunner(CampaignStore store, CommandResultStore results, ExperimentSampleStore samples, ClusterRegistry registry,
                          CommandFactory commands, CommandSender sender, LeaderGate leadership, CampaignProperties properties,
                          Clock clock, Consumer<Campaign> onDone) {
        this.store = store;
        this.samples = samples;
        this.results = results;
        this.registry = registry;
        this.commands = commands;
        this.sender = sender;
        this.leadership = leadership;
        this.properties = properties;
        this.clock = clock;
        this.onDone = onDone;
    }

    public void start() {
        long period = properties.tick().toMillis();
        thread.scheduleWithFixedDelay(this::tickSafely, period, period, TimeUnit.MILLISECONDS);
    }

    /** Looks at the campaigns now (a result arrived, a campaign started). */
    public void wake() {
        thread.execute(this::tickSafely);
    }

    private void tickSafely() {
        try {
            tick();
        } catch (RuntimeException e) {
            log.warn("campaigns: {}; trying again at the next tick", e.toString(), e);
        }
    }

    /** One look at every campaign that is running or has an experiment running. */
    synchronized void tick() {
        if (!leadership.isLeader()) {
            return;
        }
        Map<UUID, Campaign> campaigns = new LinkedHashMap<>();
        store.running().forEach(c -> campaigns.put(c.id(), c));
        store.withRunningExperiments().forEach(id -> store.find(id).ifPresent(c -> campaigns.putIfAbsent(id, c)));
        for (Campaign c : campaigns.values()) {
            try {
                advance(c);
            } catch (RuntimeException e) {
                log.warn("campaign {}: {}; trying again at the next tick", c.name(), e.toString(), e);
            }
        }
    }

    private void advance(Campaign c) {
        Instant now = clock.instant();
        List<CampaignRun> runs = store.runs(c.id());
        Optional<CampaignRun> running = runs.stream().filter(r -> !r.outcome().ended()).findFirst();
        if (running.isPresent()) {
            watch(c, running.get(), now);
            return;
        }
        if (c.state() != Campaign.State.RUNNING) {
            return;
        }
        List<RunAttempt> attempts = runs.stream().map(CampaignRun::attemptRecord).toList();
        int seq = runs.size() + 1;
        if (c.settings().kind() == CampaignSettings.Kind.RACE) {
            Step step = RaceSchedule.next(c.settings().race(c.design()), attempts, measured(c.name(), runs, samples), c.settings().maxAttempts());
            if (step instanceof Step.Measure m) {
                send(c, seq, m.run(), m.run().key(), m.attempt(), experimentId(c, m.run().designPoint(), 0, m.attempt()), now);
            } else if (step instanceof RaceSchedule.Raced raced) {
                Campaign done = store.transition(c, Campaign.State.DONE, raced.summary(), now);
                log.info("race {} done: {}", c.name(), raced.summary());
                onDone.accept(done);
            } else if (step instanceof Step.Stop s) {
                store.transition(c, Campaign.State.STOPPED, s.reason(), now);
            }
            return;
        }
        CampaignPlan plan = c.settings().plan(c.design());
        Step step = CampaignSchedule.next(plan, attempts, c.settings().anchorEvery(), c.settings().maxAttempts());
        if (step instanceof Step.Measure m) {
            send(c, seq, m.run(), m.run().key(), m.attempt(), experimentId(c, m.run().designPoint(), m.run().repetition(),
                    m.attempt()), now);
        } else if (step instanceof Step.Anchor a) {
            send(c, seq, plan.anchor(), RunAttempt.ANCHOR_KEY, a.number(), experimentId(c, plan.anchor().designPoint(), 0,
                    a.number()), now);
        } else if (step instanceof Step.Done d) {
            Campaign done = store.transition(c, Campaign.State.DONE, d.ok() + " of " + plan.runs().size()
                    + " planned measurements ran OK" + (d.givenUp() == 0 ? "" : ", " + d.givenUp() + " given up"), now);
            log.info("campaign {} done: {}", c.name(), done.detail().orElse(""));
            onDone.accept(done);
        } else if (step instanceof Step.Stop s) {
            store.transition(c, Campaign.State.STOPPED, s.reason(), now);
            log.warn("campaign {} stopped: {}", c.name(), s.reason());
        }
    }

    /** {@code campaign/designPoint/rN/aM}, as the lab's experiment CSV names its runs. */
    static String experimentId(Campaign c, String designPoint, int repetition, int attempt) {
        return c.name() + "/" + designPoint + "/r" + repetition + "/a" + attempt;
    }

    private void send(Campaign c, int seq, PlannedRun run, String key, int attempt, String experimentId, Instant now) {
        Optional<String> node = c.settings().nodes().stream().filter(n -> fresh(n, now)).findFirst();
        if (node.isEmpty()) {
            log.info("campaign {}: none of its experiment nodes {} has reported in the last {}; waiting", c.name(),
                    c.settings().nodes(), FRESH);
            return;
        }
        ClusterId cluster = CampaignProperties.clusterOf(node.get());
        NodeId nodeId = CampaignProperties.nodeOf(node.get());
        SentCommand command = commands.experiment(cluster, nodeId, experimentId, run.configuration(), run.workload(),
                properties.commandValidity(), now);
        store.addRun(new CampaignRun(experimentId, c.id(), seq, key, attempt, cluster, nodeId, command.id(),
                command.envelopeJson(), now.plus(properties.commandValidity()), 1, now, RunAttempt.Outcome.RUNNING,
                Optional.empty(), Optional.empty()));
        log.info("campaign {}: experiment {} sent to {}", c.name(), experimentId, node.get());
        sender.send(nodeId, command.envelopeJson().getBytes(StandardCharsets.UTF_8));
    }

    /** Follows a running experiment by its command's answers. */
    private void watch(Campaign c, CampaignRun run, Instant now) {
        List<ReportedResult> answers = results.forCommand(run.commandId());
        // Once the node took the command, a later refusal of it (BUSY or REPLAYED for a copy delivered again
        // while it runs) says nothing about the experiment: only its result or the time limit ends it.
        boolean taken = answers.stream().anyMatch(a -> a.status() != CommandStatus.REJECTED);
        Optional<ReportedResult> refusal = answers.stream().filter(a -> a.status() == CommandStatus.REJECTED).findFirst();
        if (!taken && refusal.isPresent()) {
            RejectionCode code = refusal.get().rejectionCode().orElse(RejectionCode.NOT_ALLOWED);
            String reason = refusal.get().reason().orElse(code.name());
            switch (code) {
                case BUSY -> {
                    if (!now.isBefore(run.sentAt().plus(properties.busyRetry()))) {
                        resend(c, run, "its node was busy", now);
                    }
                }
                case EXPIRED, STALE_LEADER -> resend(c, run, "its node refused the last command as " + code + ", unrun", now);
                case REPLAYED -> timeOutIfDue(c, run, now);
                default -> {
                    store.endRun(run.experimentId(), RunAttempt.Outcome.REFUSED, now, code + ": " + reason);
                    log.warn("campaign {}: experiment {} refused by {}: {} {}", c.name(), run.experimentId(), run.node(), code, reason);
                    if (run.attemptRecord().anchor() && c.state() == Campaign.State.RUNNING) {
                        store.transition(c, Campaign.State.STOPPED, "the experiment node " + run.cluster() + "/" + run.node()
                                + " refused the anchor run (" + code + "): " + reason, now);
                    }
                }
            }
            return;
        }
        if (!taken) {
            if (now.isAfter(run.commandExpiresAt().plus(SKEW))) {
                resend(c, run, "its last command went unanswered until it expired", now);
            }
            return;
        }
        Optional<ReportedResult> failed = answers.stream().filter(a -> a.status() == CommandStatus.FAILED).findFirst();
        if (failed.isPresent() && now.isAfter(failed.get().reportedAt().plus(RESULT_AFTER_FAILURE))) {
            store.endRun(run.experimentId(), RunAttempt.Outcome.FAULTED, now,
                    "the experiment failed without a result: " + failed.get().reason().orElse("no reason given"));
            return;
        }
        timeOutIfDue(c, run, now);
    }

    private void timeOutIfDue(Campaign c, CampaignRun run, Instant now) {
        if (now.isAfter(run.sentAt().plus(properties.resultTimeout()))) {
            store.endRun(run.experimentId(), RunAttempt.Outcome.FAULTED, now, "no result within "
                    + properties.resultTimeout() + " (ctuner.advisor.campaigns.result-timeout)");
            log.warn("campaign {}: experiment {} gave no result within {}", c.name(), run.experimentId(), properties.resultTimeout());
        }
    }

    private void resend(Campaign c, CampaignRun run, String why, Instant now) {
        RunExperiment carried = carried(run);
        SentCommand command = commands.experiment(run.cluster(), run.node(), run.experimentId(), carried.configuration(),
                carried.workload(), properties.commandValidity(), now);
        store.resend(run.experimentId(), command.id(), command.envelopeJson(), now.plus(properties.commandValidity()), now);
        log.info("campaign {}: experiment {} sent again ({}), as command {}", c.name(), run.experimentId(), why, command.id());
        sender.send(run.node(), command.envelopeJson().getBytes(StandardCharsets.UTF_8));
    }

    /** The experiment a stored command carries: what to send again. */
    private RunExperiment carried(CampaignRun run) {
        if (codec.decode(run.command().getBytes(StandardCharsets.UTF_8)) instanceof DecodeResult.Decoded d
                && d.envelope().payload() instanceof RunExperiment e) {
            return e;
        }
        throw new IllegalStateException("the stored command of experiment " + run.experimentId() + " does not decode");
    }

    /** The throughput each planned run of the campaign measured OK, by run key (its stored samples read in one query). */
    static Map<String, Double> measured(String campaign, List<CampaignRun> runs, ExperimentSampleStore samples) {
        Map<String, Double> byExperiment = new HashMap<>();
        samples.ofCampaign(campaign).forEach(s -> byExperiment.put(s.experimentId(), s.throughput()));
        Map<String, Double> measured = new HashMap<>();
        for (CampaignRun r : runs) {
            Double throughput = byExperiment.get(r.experimentId());
            if (r.outcome() == RunAttempt.Outcome.OK && throughput != null) {
                measured.put(r.runKey(), throughput);
            }
        }
        return measured;
    }

    private boolean fresh(String node, Instant now) {
        return registry.node(CampaignProperties.clusterOf(node), CampaignProperties.nodeOf(node))
                .filter(v -> v.isFresh(now, FRESH)).isPresent();
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
