package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.lifecycle.Transition;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.ingest.NodeView;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.advisor.store.SentCommand;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.ExpectedMode;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.support.TransactionOperations;

/**
 * Moves one RUNNING rollout forward by at most one step of its state machine per call, reading
 * everything from the store and the registry and persisting every move before acting on it, so
 * that any call may be the first after an advisor restart:
 *
 * <ol>
 * <li>a node whose command was sent (APPLYING) waits for that command's result, looked up by
 *     command id; it is never sent a new command (the same signed command may be sent again when
 *     no answer at all came: the sidecar answers an id it has seen with its earlier result);</li>
 * <li>a changed node (APPLIED) is verified: UP_NORMAL by a heartbeat after the change, and for the
 *     canary a measured comparison window against the other nodes, failed only when
 *     {@code canary-looks} looks in a row, each on windows the earlier ones did not see, find it worse;</li>
 * <li>the next round's pre-checks pass, then its nodes are commanded;</li>
 * <li>a failed node halts the rollout: pending nodes are skipped, changed nodes rolled back by
 *     policy one at a time ({@link RolloutRecovery}), and the rollout ends FAILED.</li>
 * </ol>
 *
 * A ROLLING_BACK rollout (an operator asked for it) goes through the same steps backwards: commands
 * in flight are collected as above, then the changed nodes are rolled back round by round, last
 * round first, each round behind the same pre-checks ({@link RolloutRecovery#rollBackOnRequest}).
 */
public final class RolloutDriver {

    private static final Logger log = LoggerFactory.getLogger(RolloutDriver.class);
    static final String ACTOR = dev.ctuner.advisor.store.Actors.ORCHESTRATOR;

    private final RolloutStore store;
    private final RecommendationService recommendations;
    private final CommandResultStore results;
    private final ClusterRegistry registry;
    private final CommandFactory commands;
    private final CommandSender sender;
    private final RolloutRecovery recovery;
    private final RolloutProperties properties;
    private final Clock clock;
    /** Runs a rollout's last move and its recommendation's together, so that neither is kept without the other. */
    private final TransactionOperations transactions;
    private final RolloutMeters meters;
    private final Map<String, Instant> gateFailingSince = new ConcurrentHashMap<>();
    private final Map<UUID, Instant> lastSent = new ConcurrentHashMap<>();
    /** Canaries found worse by fewer looks than it takes to fail them; kept in memory: after a restart they are looked at afresh. */
    private final Map<String, WorseLooks> worseLooks = new ConcurrentHashMap<>();
    private final AwaitedHeartbeats heartbeats = new AwaitedHeartbeats();

    public RolloutDriver(RolloutStore store, RecommendationService recommendations, CommandResultStore results,
                         ClusterRegistry registry, CommandFactory commands, CommandSender sender, RolloutProperties properties,
                         Clock clock, TransactionOperations transactions, RolloutMeters meters) {
        this.store = store;
        this.meters = meters;
        this.recommendations = recommendations;
        this.results = results;
        this.registry = registry;
        this.commands = commands;
        this.sender = sender;
        this.properties = properties;
        this.clock = clock;
        this.transactions = transactions;
        this.recovery = new RolloutRecovery(store, results, commands, this, properties, clock);
    }

    /** Whether a heartbeat from this node may move a rollout on: one of its changed nodes waits for it to be verified. */
    public boolean awaitsHeartbeat(dev.ctuner.common.protocol.ClusterId cluster, NodeId node) {
        return heartbeats.awaits(cluster, node);
    }

    /** The earliest time a rollout asked to be looked at again (a canary's window end), if any is still ahead of {@code now}. */
    public Optional<Instant> nextLook(Instant now) {
        return heartbeats.nextLook(now);
    }

    /** One look at a rollout; does nothing unless it is RUNNING or ROLLING_BACK. */
    public void advance(UUID rolloutId) {
        Rollout rollout = store.find(rolloutId).orElseThrow();
        if (rollout.state() != RolloutState.RUNNING && rollout.state() != RolloutState.ROLLING_BACK) {
            return;
        }
        Recommendation rec = recommendations.get(rollout.recommendationId());
        for (NodeStep step : rollout.steps()) {
            if (step.status() == NodeStepStatus.APPLYING) {
                collect(rollout, step);
            }
        }
        rollout = store.find(rolloutId).orElseThrow();
        if (rollout.state() == RolloutState.ROLLING_BACK) {
            recovery.rollBackOnRequest(rollout, rec);
            return;
        }
        if (RolloutRecovery.isHalted(rollout)) {
            recovery.recover(rollout, rec);
            return;
        }
        for (NodeStep step : rollout.steps()) {
            if (step.status() == NodeStepStatus.APPLIED) {
                verify(rollout, rec, step);
            }
        }
        rollout = store.find(rolloutId).orElseThrow();
        if (RolloutRecovery.isHalted(rollout)) {
            recovery.recover(rollout, rec);
            return;
        }
        Optional<Integer> round = rollout.steps().stream().filter(s -> s.status() != NodeStepStatus.VERIFIED)
                .map(NodeStep::round).min(Integer::compare);
        if (round.isEmpty()) {
            succeed(rollout, rec);
            return;
        }
        startRound(rollout, rec, round.get());
    }

    /** Moves an APPLYING step on by the result of its command; sends the same command again if nothing came back. */
    private void collect(Rollout rollout, NodeStep step) {
        SentCommand command = step.command().orElseThrow();
        Optional<ReportedResult> result = results.latest(command.id());
        Instant now = clock.instant();
        if (result.isPresent() && result.get().isFinal() && !result.get().isBusy()) {
            ReportedResult r = result.get();
            if (r.status() == dev.ctuner.common.protocol.message.CommandStatus.DONE) {
                move(rollout, step, NodeStepStatus.APPLIED, "applied by command " + command.id() + "; " + timing(r));
            } else {
                String why = "command " + command.id() + " " + r.status() + " at " + r.phase() + ": " + r.reason().orElse("no reason given");
                move(rollout, step, NodeStepStatus.FAILED, why);
                if (r.phase() == CommandPhase.ROLLED_BACK) {
                    NodeStep failed = step(rollout.id(), step.nodeId());
                    move(rollout, failed, NodeStepStatus.ROLLED_BACK, "the sidecar restored the previous configuration and the node is healthy"
                            + RolloutRecovery.failure(failed));
                }
            }
            return;
        }
        Instant started = step.startedAt().orElse(step.updatedAt());
        if (Duration.between(started, now).compareTo(properties.commandTimeout()) > 0) {
            move(rollout, step, NodeStepStatus.FAILED, "no final answer to command " + command.id() + " within "
                    + properties.commandTimeout().toSeconds() + " s; check the sidecar of " + step.nodeId());
            return;
        }
        resendIfSilent(step.nodeId(), command, result, started, now);
    }

    /**
     * Sends a command again, the same signed bytes, when nothing came back for {@code resend-after}
     * since it was last sent (or 5 s after a BUSY answer). The sidecar answers an id it has seen
     * with its earlier result, so this never applies a change twice.
     */
    void resendIfSilent(NodeId node, SentCommand command, Optional<ReportedResult> result, Instant sentAt, Instant now) {
        boolean busy = result.isPresent() && result.get().isBusy();
        if (result.isPresent() && !busy) {
            return; // an answer came: wait for the final one
        }
        Duration wait = busy ? Duration.ofSeconds(5) : properties.resendAfter();
        Instant last = lastSent.getOrDefault(command.id(), sentAt);
        if (Duration.between(last, now).compareTo(wait) > 0) {
            log.info("no answer to command {} for {} yet ({}); sending the same signed command again", command.id(),
                    node, busy ? "node busy" : "nothing heard");
            send(node, command);
        }
    }

    private void verify(Rollout rollout, Recommendation rec, NodeStep step) {
        if (SchemaSteps.isSchema(rec)) {
            verifySchema(rollout, rec, step);
            return;
        }
        Instant now = clock.instant();
        Instant appliedAt = step.updatedAt();
        Optional<ReportedResult> result = step.command().flatMap(c -> results.latest(c.id()));
        Instant changedAt = AwaitedHeartbeats.changedAt(appliedAt, result);
        Optional<NodeView> view = registry.node(rec.clusterId(), step.nodeId());
        boolean upSince = view.filter(v -> v.isUpNormal(now, properties.maxStatusAge()))
                .flatMap(NodeView::statusAt).filter(at -> at.isAfter(changedAt)).isPresent();
        if (upSince) {
            heartbeats.received(rec.clusterId(), step.nodeId());
        } else {
            heartbeats.await(rec.clusterId(), step.nodeId());
        }
        Duration waited = Duration.between(appliedAt, now);
        Duration window = step.canary() ? properties.canaryWindow() : Duration.ZERO;
        if (!upSince || waited.compareTo(window) < 0) {
            if (waited.compareTo(window) < 0) {
                heartbeats.lookAt(rollout.id() + "/" + step.nodeId().value(), appliedAt.plus(window));
            }
            if (waited.compareTo(window.plus(properties.gateTimeout())) > 0) {
                heartbeats.received(rec.clusterId(), step.nodeId());
                move(rollout, step, NodeStepStatus.FAILED, step.nodeId() + " not UP_NORMAL by a heartbeat within "
                        + waited.toSeconds() + " s of its change");
            }
            return;
        }
        // Keep the measured T_r in the final message of the step: it is what the rollout view shows.
        String timing = result.map(RolloutDriver::timing).orElse("");
        if (!step.canary()) {
            move(rollout, step, NodeStepStatus.VERIFIED, "UP_NORMAL after the change; " + timing);
            return;
        }
        Map<String, List<WorkloadSample>> others = new LinkedHashMap<>();
        for (NodeStep other : rollout.steps()) {
            if (!other.nodeId().equals(step.nodeId())) {
                registry.node(rec.clusterId(), other.nodeId()).ifPresent(v -> others.put(other.nodeId().value(), v.samples()));
            }
        }
        String key = rollout.id() + "/" + step.nodeId().value() + "/" + step.version();
        Optional<WorseLooks> worse = Optional.ofNullable(worseLooks.get(key));
        CanaryComparison.Verdict verdict = worse.isEmpty()
                ? CanaryComparison.compare(view.get().samples(), others, changedAt, properties.canaryCriteria())
                : CanaryComparison.compareFrom(view.get().samples(), others, worse.get().lastSeen().plusNanos(1),
                        properties.canaryCriteria(), "after those of look " + worse.get().summaries().size());
        String earlier = worse.map(w -> "; worse at " + w.summaries().size() + " earlier look(s): " + String.join(" | ", w.summaries()))
                .orElse("");
        if (verdict.outcome() == CanaryComparison.Outcome.NO_CANARY_DATA) {
            // Never pass a canary that was not measured: wait for its first sampling window after the change and warm-up.
            if (waited.compareTo(window.plus(properties.gateTimeout())) > 0) {
                worseLooks.remove(key);
                meters.canary(rec.clusterId().value(), RolloutMeters.CanaryVerdict.NOT_MEASURED);
                move(rollout, step, NodeStepStatus.FAILED, verdict.summary() + " within " + waited.toSeconds() + " s" + earlier);
            }
            return;
        }
        log.info("rollout {}: canary {} after {} s: {}", rollout.id(), step.nodeId(), waited.toSeconds(), verdict.summary());
        if (verdict.passed()) {
            worseLooks.remove(key);
            meters.canary(rec.clusterId().value(), RolloutMeters.CanaryVerdict.PASSED);
            move(rollout, step, NodeStepStatus.VERIFIED, verdict.summary() + (earlier.isEmpty() ? "" : earlier + ", not confirmed")
                    + "; " + timing);
            return;
        }
        List<String> summaries = new ArrayList<>(worse.map(WorseLooks::summaries).orElse(List.of()));
        summaries.add(verdict.summary());
        if (summaries.size() < properties.canaryLooks()) {
            Instant lastSeen = view.get().samples().stream().map(WorkloadSample::windowStart).max(Instant::compareTo).orElse(now);
            worseLooks.put(key, new WorseLooks(lastSeen, summaries));
            log.warn("rollout {}: canary {} looks worse ({}); measuring it again on fresh windows before failing it", rollout.id(),
                    step.nodeId(), verdict.summary());
            return;
        }
        worseLooks.remove(key);
        meters.canary(rec.clusterId().value(), RolloutMeters.CanaryVerdict.FAILED);
        String looks = summaries.size() == 1 ? verdict.summary()
                : "worse at " + summaries.size() + " looks in a row: " + String.join(" | ", summaries);
        move(rollout, step, NodeStepStatus.FAILED, looks + "; " + timing);
    }

    /** A canary found worse by {@code summaries.size()} looks in a row, the last of which saw its windows up to one starting at {@code lastSeen}. */
    private record WorseLooks(Instant lastSeen, List<String> summaries) {
    }

    /** A table altered: verified once every node reports UP_NORMAL after the change with one schema version. */
    private void verifySchema(Rollout rollout, Recommendation rec, NodeStep step) {
        Instant now = clock.instant();
        Map<NodeId, NodeView> views = views(rec);
        List<NodeId> nodes = SchemaSteps.allNodes(rollout, views);
        Optional<String> problem = SchemaSteps.agreementAfter(nodes, views, step.updatedAt(), now, properties.maxStatusAge());
        Duration waited = Duration.between(step.updatedAt(), now);
        if (problem.isEmpty()) {
            String version = views.get(step.nodeId()).status().orElseThrow().schemaVersion();
            String rewrite = step.command().flatMap(c -> results.latest(c.id())).flatMap(r -> r.millis(CommandPhase.DONE))
                    .map(ms -> "; this node's SSTables of it rewritten in " + ms + " ms").orElse("");
            String what = SchemaSteps.rewrites(rec) && step.round() > 0
                    ? "options of " + SchemaSteps.table(rec, step) + " (altered from the first node) read back by "
                    : "ALTER TABLE " + SchemaSteps.table(rec, step) + " read back by ";
            move(rollout, step, NodeStepStatus.VERIFIED, what + step.nodeId() + rewrite + "; all " + nodes.size()
                    + " nodes UP_NORMAL on schema " + version);
        } else if (waited.compareTo(properties.gateTimeout()) > 0) {
            move(rollout, step, NodeStepStatus.FAILED, "no schema agreement within " + waited.toSeconds() + " s of ALTER TABLE "
                    + SchemaSteps.table(rec, step) + ": " + problem.get());
        }
    }

    private Map<NodeId, NodeView> views(Recommendation rec) {
        Map<NodeId, NodeView> views = new LinkedHashMap<>();
        registry.nodes(rec.clusterId()).forEach(v -> views.put(v.nodeId(), v));
        return views;
    }

    /** The command that carries the recommendation to a step's node: its settings, or its table's options. */
    SentCommand forward(Rollout rollout, Recommendation rec, NodeStep step, Map<String, String> values, String reason, Instant now) {
        if (SchemaSteps.isSchema(rec)) {
            return commands.alterTable(rec.clusterId(), step.nodeId(), SchemaSteps.table(rec, step), values, rollout.id(), reason, now);
        }
        ExpectedMode mode = rec.costTier() == dev.ctuner.common.catalog.ApplyMode.LIVE ? ExpectedMode.LIVE : ExpectedMode.RESTART;
        return commands.apply(rec.clusterId(), step.nodeId(), values, mode, rollout.id(), reason, now);
    }

    private void startRound(Rollout rollout, Recommendation rec, int round) {
        List<NodeStep> pending = rollout.steps().stream().filter(s -> s.round() == round && s.status() == NodeStepStatus.PENDING).toList();
        if (pending.isEmpty()) {
            return; // the round's commands are out: wait for their results
        }
        Instant now = clock.instant();
        Set<NodeId> inRound = rollout.steps().stream().filter(s -> s.round() == round).map(NodeStep::nodeId).collect(Collectors.toSet());
        Gate gate = gate(rollout, rec, inRound, round);
        if (gate.state() == GateState.WAITING) {
            return;
        }
        if (gate.state() == GateState.TIMED_OUT) {
            store.move(rollout, RolloutState.TABLE.move(RolloutState.RUNNING, RolloutState.PAUSED, ACTOR, now,
                    "halted before round " + round + ": pre-checks failed for " + properties.gateTimeout().toSeconds()
                            + " s: " + String.join("; ", gate.failures()) + ". Resume when fixed, or abort."));
            log.warn("rollout {} halted before round {}: {}", rollout.id(), round, gate.failures());
            return;
        }
        store.setCurrentRound(rollout.id(), round);
        for (NodeStep step : pending) {
            SentCommand command = forward(rollout, rec, step, rec.settings(),
                    "recommendation " + rec.id() + ", rollout " + rollout.id() + ", round " + round, now);
            // Persisted before it is sent: after a crash in between, the same command is sent again, never a new one.
            store.recordCommand(rollout.id(), step, NodeStepStatus.TABLE.move(step.status(), NodeStepStatus.APPLYING, ACTOR, now,
                    "pre-checks passed; sent command " + command.id() + (step.canary() ? " (canary)" : "")), command);
            send(step.nodeId(), command);
            log.info("rollout {} round {}: sent {} to {}", rollout.id(), round, command.id(), step.nodeId());
        }
    }

    enum GateState { PASSED, WAITING, TIMED_OUT }

    /** What the pre-checks say before the nodes of a round go down, and why not when they keep failing. */
    record Gate(GateState state, List<String> failures) {
    }

    /**
     * The pre-checks before {@code inRound} is changed (or rolled back): every other node of the
     * rollout up and the cluster calm. For a SCHEMA change no node goes down, but every node of the
     * cluster must be UP_NORMAL with one schema version. Failures wait; failing for {@code gate-timeout}
     * in a row (counted per rollout state move and round, so a stale count never carries over) times out.
     */
    Gate gate(Rollout rollout, Recommendation rec, Set<NodeId> inRound, int round) {
        Instant now = clock.instant();
        Map<NodeId, NodeView> views = views(rec);
        boolean schema = SchemaSteps.isSchema(rec);
        List<NodeId> nodes = schema ? SchemaSteps.allNodes(rollout, views) : rollout.steps().stream().map(NodeStep::nodeId).toList();
        List<String> failures = PreChecks.check(nodes, schema ? Set.of() : inRound, views, now, limits(), observedTr(rollout));
        String key = rollout.id() + "/" + rollout.version() + "/" + round;
        if (failures.isEmpty()) {
            gateFailingSince.remove(key);
            return new Gate(GateState.PASSED, List.of());
        }
        Instant since = gateFailingSince.computeIfAbsent(key, k -> now);
        if (Duration.between(since, now).compareTo(properties.gateTimeout()) > 0) {
            gateFailingSince.remove(key);
            return new Gate(GateState.TIMED_OUT, failures);
        }
        return new Gate(GateState.WAITING, failures);
    }

    private void succeed(Rollout rollout, Recommendation rec) {
        end(rollout, rec, RolloutState.TABLE.move(RolloutState.RUNNING, RolloutState.SUCCEEDED, ACTOR, clock.instant(),
                "succeeded: every node changed and verified"), RecommendationState.VERIFIED);
        log.info("rollout {} succeeded", rollout.id());
    }

    /**
     * Ends a rollout with {@code move} and, in the same transaction, moves its recommendation to {@code recommendationTo}
     * when the recommendation is still where this rollout's run or rollback put it (ROLLING_OUT or ROLLING_BACK), so that
     * neither move is kept without the other.
     */
    void end(Rollout rollout, Recommendation rec, Transition<RolloutState> move, RecommendationState recommendationTo) {
        RecommendationState expected = move.from() == RolloutState.ROLLING_BACK
                ? RecommendationState.ROLLING_BACK : RecommendationState.ROLLING_OUT;
        transactions.executeWithoutResult(status -> {
            store.move(rollout, move);
            if (rec.state() == expected) {
                recommendations.move(rec.id(), recommendationTo, ACTOR, "rollout " + rollout.id() + " " + move.reason());
            }
        });
        meters.ended(rec.clusterId().value(), move.to(), Duration.between(rollout.createdAt(), move.at()));
    }

    void send(NodeId node, SentCommand command) {
        lastSent.put(command.id(), clock.instant());
        try {
            sender.send(node, command.envelopeJson().getBytes(StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            log.warn("could not send command {} to {}: {}; it is sent again later", command.id(), node, e.getMessage());
        }
    }

    private PreChecks.Limits limits() {
        return new PreChecks.Limits(properties.maxStatusAge(), properties.maxPendingCompactions(), properties.maxPendingHints(),
                properties.maxHintWindow(), properties.hintWindowFactor(), properties.healthTimeout().plusSeconds(60));
    }

    /** The longest T_r (drain + stop + start + sync) of nodes done so far in this rollout. */
    private Optional<Duration> observedTr(Rollout rollout) {
        return rollout.steps().stream().map(NodeStep::command).flatMap(Optional::stream).map(c -> results.latest(c.id()))
                .flatMap(Optional::stream).map(RolloutDriver::tr).flatMap(Optional::stream).max(Duration::compareTo);
    }

    static Optional<Duration> tr(ReportedResult r) {
        long total = 0;
        boolean any = false;
        for (CommandPhase p : List.of(CommandPhase.DRAINED, CommandPhase.STOPPED, CommandPhase.STARTED, CommandPhase.SYNCED)) {
            Optional<Long> ms = r.millis(p);
            if (ms.isPresent()) {
                total += ms.get();
                any = true;
            }
        }
        return any ? Optional.of(Duration.ofMillis(total)) : Optional.empty();
    }

    static String timing(ReportedResult r) {
        return tr(r).map(t -> "T_r " + t.toMillis() + " ms " + r.durationsMillis()).orElse("live, no restart");
    }

    private void move(Rollout rollout, NodeStep step, NodeStepStatus to, String why) {
        store.moveStep(rollout.id(), step, NodeStepStatus.TABLE.move(step.status(), to, ACTOR, clock.instant(), why));
        log.info("rollout {}: {} {} -> {}: {}", rollout.id(), step.nodeId(), step.status(), to, why);
    }

    private NodeStep step(UUID rolloutId, NodeId node) {
        return store.find(rolloutId).orElseThrow().steps().stream().filter(s -> s.nodeId().equals(node)).findFirst().orElseThrow();
    }
}
