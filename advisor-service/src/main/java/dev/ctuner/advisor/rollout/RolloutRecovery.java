package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.advisor.store.SentCommand;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.CommandStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rolling changed nodes back, by applying the values their sidecars reported as previous:
 *
 * <ul>
 * <li>{@link #recover}: once a node of a RUNNING rollout failed, nodes not started are SKIPPED,
 *     commands in flight are waited for, and (by {@link RollbackPolicy}) every node that was
 *     changed is rolled back, one at a time; then the rollout ends FAILED.</li>
 * <li>{@link #rollBackOnRequest}: an operator moved the rollout to ROLLING_BACK. Commands in
 *     flight are waited for, then every node that carries the change is rolled back round by
 *     round in the rollout's own rounds (the safety planner's for a RESTART change, one node per
 *     round for a LIVE one), last round first, each round behind the forward pre-checks. The
 *     rollout ends ROLLED_BACK when no node keeps the change, else FAILED naming the nodes.</li>
 * </ul>
 *
 * Each rollback command is persisted with its step before it is sent; after a restart the same
 * command is awaited (and sent again unchanged if nothing came back), never a new one.
 */
final class RolloutRecovery {

    private static final Logger log = LoggerFactory.getLogger(RolloutRecovery.class);
    private static final String FAILED_BECAUSE = "; it failed: ";

    private final RolloutStore store;
    private final CommandResultStore results;
    private final CommandFactory commands;
    private final RolloutDriver driver;
    private final RolloutProperties properties;
    private final Clock clock;

    RolloutRecovery(RolloutStore store, CommandResultStore results, CommandFactory commands, RolloutDriver driver,
                    RolloutProperties properties, Clock clock) {
        this.store = store;
        this.results = results;
        this.commands = commands;
        this.driver = driver;
        this.properties = properties;
        this.clock = clock;
    }

    /** A rollout is halted once any node failed or was rolled back. */
    static boolean isHalted(Rollout rollout) {
        return rollout.steps().stream().anyMatch(s -> s.status() == NodeStepStatus.FAILED || s.status() == NodeStepStatus.ROLLED_BACK);
    }

    void recover(Rollout rollout, Recommendation rec) {
        Instant now = clock.instant();
        List<NodeStep> failed = rollout.steps().stream()
                .filter(s -> s.status() == NodeStepStatus.FAILED || s.status() == NodeStepStatus.ROLLED_BACK).toList();
        Optional<NodeStep> first = failed.stream().sorted(java.util.Comparator.comparing(s -> s.status() != NodeStepStatus.FAILED))
                .findFirst();
        String cause = first.map(s -> s.nodeId().value()).orElse("a node");
        for (NodeStep step : rollout.steps()) {
            if (step.status() == NodeStepStatus.PENDING) {
                store.moveStep(rollout.id(), step, NodeStepStatus.TABLE.move(step.status(), NodeStepStatus.SKIPPED,
                        RolloutDriver.ACTOR, now, "rollout halted: " + cause + " failed; this node was not touched"));
            }
        }
        if (rollout.steps().stream().anyMatch(s -> s.status() == NodeStepStatus.APPLYING)) {
            return; // a command in flight: its outcome decides whether that node needs a rollback
        }
        int lastRound = rollout.steps().stream().mapToInt(NodeStep::round).max().orElse(0);
        boolean canaryFailed = failed.stream().anyMatch(NodeStep::canary);
        boolean lastRoundVerificationFailed = failed.stream().anyMatch(s -> s.round() == lastRound && carriesChange(s, results).isPresent());
        if (properties.rollbackPolicy().rollsBack(canaryFailed, lastRoundVerificationFailed) && !rollBackNext(rollout, rec, now)) {
            return; // a rollback is in flight
        }
        finish(store.find(rollout.id()).orElseThrow(), rec, cause, first.map(RolloutRecovery::why).orElse(""), now);
    }

    /** Handles rollbacks; true when none is in flight and none is left to send. */
    private boolean rollBackNext(Rollout rollout, Recommendation rec, Instant now) {
        for (NodeStep step : rollout.steps()) {
            if (step.rollback().isEmpty() || step.status() == NodeStepStatus.ROLLED_BACK) {
                continue;
            }
            Optional<ReportedResult> result = results.latest(step.rollback().get().id());
            if (result.isEmpty() || !result.get().isFinal() || result.get().isBusy()) {
                driver.resendIfSilent(step.nodeId(), step.rollback().get(), result, step.updatedAt(), now);
                return false;
            }
            if (result.get().status() == CommandStatus.DONE) {
                store.moveStep(rollout.id(), step, NodeStepStatus.TABLE.move(step.status(), NodeStepStatus.ROLLED_BACK,
                        RolloutDriver.ACTOR, now, "rolled back by command " + step.rollback().get().id() + failure(step)));
                return false; // look again next time, with the fresh step versions
            }
            log.error("rollout {}: rollback of {} failed: {}; the node keeps the change, check it by hand", rollout.id(),
                    step.nodeId(), result.get().reason().orElse("no reason"));
        }
        for (NodeStep step : rollout.steps()) {
            Optional<ReportedResult> applied = carriesChange(step, results);
            if (applied.isEmpty() || step.rollback().isPresent()) {
                continue;
            }
            if (applied.get().previousValues().isEmpty()) {
                log.error("rollout {}: {} reported no previous values, so it cannot be rolled back automatically", rollout.id(), step.nodeId());
                continue;
            }
            sendRollback(rollout, rec, step, applied.get(), "rollout " + rollout.id() + " halted", now);
            return false;
        }
        return true;
    }

    /** One look at a ROLLING_BACK rollout; see the class comment. */
    void rollBackOnRequest(Rollout rollout, Recommendation rec) {
        Instant now = clock.instant();
        if (rollout.steps().stream().anyMatch(s -> s.status() == NodeStepStatus.APPLYING)) {
            return; // a forward command in flight: once it is done, its node is rolled back too
        }
        boolean inFlight = false;
        for (NodeStep step : rollout.steps()) {
            if (step.rollback().isEmpty() || step.status() == NodeStepStatus.ROLLED_BACK) {
                continue;
            }
            SentCommand rollback = step.rollback().get();
            Optional<ReportedResult> result = results.latest(rollback.id());
            if (result.isEmpty() || !result.get().isFinal() || result.get().isBusy()) {
                if (Duration.between(step.updatedAt(), now).compareTo(properties.commandTimeout()) > 0) {
                    endRollback(rollout, rec, RolloutState.FAILED, "rollback halted: no final answer to rollback command " + rollback.id()
                            + " of " + step.nodeId() + " within " + properties.commandTimeout().toSeconds()
                            + " s; check its sidecar, then request the rollback again");
                    return;
                }
                driver.resendIfSilent(step.nodeId(), rollback, result, step.updatedAt(), now);
                inFlight = true;
                continue;
            }
            ReportedResult r = result.get();
            if (r.status() == CommandStatus.DONE) {
                store.moveStep(rollout.id(), step, NodeStepStatus.TABLE.move(step.status(), NodeStepStatus.ROLLED_BACK,
                        RolloutDriver.ACTOR, now, "rolled back by command " + rollback.id() + "; " + RolloutDriver.timing(r)));
                log.info("rollout {}: {} rolled back", rollout.id(), step.nodeId());
                inFlight = true; // look again with the fresh step versions
                continue;
            }
            endRollback(rollout, rec, RolloutState.FAILED, "rollback halted: rollback command " + rollback.id() + " of " + step.nodeId() + " "
                    + r.status() + " at " + r.phase() + ": " + r.reason().orElse("no reason given")
                    + "; the node keeps the change. Check it, then request the rollback again");
            return;
        }
        if (inFlight) {
            return;
        }
        List<NodeStep> toRollBack = new ArrayList<>();
        for (NodeStep step : rollout.steps()) {
            Optional<ReportedResult> applied = carriesChange(step, results);
            if (applied.isPresent() && step.rollback().isEmpty() && !applied.get().previousValues().isEmpty()) {
                toRollBack.add(step);
            }
        }
        if (toRollBack.isEmpty()) {
            finishRequested(store.find(rollout.id()).orElseThrow(), rec);
            return;
        }
        int round = toRollBack.stream().mapToInt(NodeStep::round).max().orElseThrow();
        List<NodeStep> inRound = toRollBack.stream().filter(s -> s.round() == round).toList();
        Set<NodeId> nodes = inRound.stream().map(NodeStep::nodeId).collect(Collectors.toSet());
        RolloutDriver.Gate gate = driver.gate(rollout, rec, nodes, round);
        if (gate.state() == RolloutDriver.GateState.WAITING) {
            return;
        }
        if (gate.state() == RolloutDriver.GateState.TIMED_OUT) {
            endRollback(rollout, rec, RolloutState.FAILED, "rollback halted before round " + round + ": pre-checks failed for "
                    + properties.gateTimeout().toSeconds() + " s: " + String.join("; ", gate.failures())
                    + ". Request the rollback again when fixed");
            return;
        }
        store.setCurrentRound(rollout.id(), round);
        for (NodeStep step : inRound) {
            sendRollback(rollout, rec, step, carriesChange(step, results).orElseThrow(),
                    "rollback of rollout " + rollout.id() + " requested, round " + round, now);
        }
    }

    private void sendRollback(Rollout rollout, Recommendation rec, NodeStep step, ReportedResult applied, String why, Instant now) {
        Map<String, String> previous = previousValues(rollout, rec, applied);
        SentCommand rollback = driver.forward(rollout, rec, step, previous,
                "rollback of command " + step.command().orElseThrow().id() + " (" + why + ")", now);
        // Persisted before it is sent: after a crash in between, the same command is sent again, never a new one.
        store.recordRollback(rollout.id(), step, rollback, now, "rolling back (" + why + "): sent command " + rollback.id()
                + " restoring " + previous + failure(step));
        driver.send(step.nodeId(), rollback);
        log.info("rollout {}: rolling back {} with command {}", rollout.id(), step.nodeId(), rollback.id());
    }

    /** " (why)" for the rollout's summary: the failure carried along, or the step's own message. */
    private static String why(NodeStep step) {
        String carried = failure(step);
        String why = !carried.isEmpty() ? carried.substring(FAILED_BECAUSE.length()) : step.message().orElse("");
        return why.isEmpty() ? "" : " (" + why + ")";
    }

    /**
     * Why a step failed, carried along as "; it failed: ..." from its FAILED message into the
     * messages of its rollback, so the rollout view still says why once the node is restored.
     */
    static String failure(NodeStep step) {
        String message = step.message().orElse("");
        int carried = message.indexOf(FAILED_BECAUSE);
        if (carried >= 0) {
            return message.substring(carried);
        }
        return step.status() == NodeStepStatus.FAILED && !message.isEmpty() ? FAILED_BECAUSE + message : "";
    }

    /**
     * The values a step's rollback restores: what its node reported before the change; for a compression change, what
     * the node that ran the ALTER reported (the others found the table altered already, and rewrite their SSTables back).
     */
    private Map<String, String> previousValues(Rollout rollout, Recommendation rec, ReportedResult applied) {
        if (!SchemaSteps.rewrites(rec)) {
            return applied.previousValues();
        }
        return rollout.steps().stream().filter(s -> s.round() == 0).findFirst().flatMap(s -> s.command())
                .flatMap(c -> results.latest(c.id())).map(ReportedResult::previousValues).filter(p -> !p.isEmpty())
                .orElse(applied.previousValues());
    }

    /**
     * The DONE result of a step whose node carries the change now: its command was carried out and
     * it is not rolled back (a step the sidecar restored by itself is ROLLED_BACK already).
     */
    static Optional<ReportedResult> carriesChange(NodeStep step, CommandResultStore results) {
        if (step.command().isEmpty() || step.status() == NodeStepStatus.ROLLED_BACK || step.status() == NodeStepStatus.SKIPPED) {
            return Optional.empty();
        }
        return results.latest(step.command().get().id()).filter(r -> r.status() == CommandStatus.DONE);
    }

    /** Steps whose command was sent but never answered finally: whether they carry the change is not known. */
    static List<NodeStep> unknown(Rollout rollout, CommandResultStore results) {
        return rollout.steps().stream().filter(s -> s.command().isPresent() && s.status() == NodeStepStatus.FAILED)
                .filter(s -> results.latest(s.command().get().id()).filter(r -> r.isFinal() && !r.isBusy()).isEmpty())
                .toList();
    }

    private void finish(Rollout rollout, Recommendation rec, String cause, String why, Instant now) {
        List<String> stillChanged = rollout.steps().stream().filter(s -> carriesChange(s, results).isPresent())
                .map(s -> s.nodeId().value()).toList();
        String summary = "halted: " + cause + " failed" + why + "; " + (stillChanged.isEmpty()
                ? "no node keeps the change" : "still changed: " + stillChanged + " (request a rollback to restore them)");
        driver.end(rollout, rec, RolloutState.TABLE.move(RolloutState.RUNNING, RolloutState.FAILED, RolloutDriver.ACTOR, now, summary),
                stillChanged.isEmpty() ? RecommendationState.ROLLED_BACK : RecommendationState.FAILED);
        log.warn("rollout {} FAILED: {}", rollout.id(), summary);
    }

    private void finishRequested(Rollout rollout, Recommendation rec) {
        List<String> stillChanged = rollout.steps().stream().filter(s -> carriesChange(s, results).isPresent())
                .map(s -> s.nodeId().value()).toList();
        List<String> unknown = unknown(rollout, results).stream().map(s -> s.nodeId().value()).toList();
        List<String> restored = rollout.steps().stream().filter(s -> s.status() == NodeStepStatus.ROLLED_BACK)
                .map(s -> s.nodeId().value()).toList();
        if (stillChanged.isEmpty() && unknown.isEmpty()) {
            endRollback(rollout, rec, RolloutState.ROLLED_BACK, "rolled back: no node keeps the change (restored: " + restored + ")");
        } else {
            endRollback(rollout, rec, RolloutState.FAILED, "rollback incomplete: "
                    + (stillChanged.isEmpty() ? "" : "still changed, no previous values reported: " + stillChanged + "; ")
                    + (unknown.isEmpty() ? "" : "no final answer from: " + unknown + ", check them by hand; ")
                    + "restored: " + restored);
        }
    }

    /** Ends a requested rollback; the recommendation follows when it is ROLLING_BACK. */
    private void endRollback(Rollout rollout, Recommendation rec, RolloutState to, String summary) {
        driver.end(rollout, rec, RolloutState.TABLE.move(RolloutState.ROLLING_BACK, to, RolloutDriver.ACTOR, clock.instant(), summary),
                to == RolloutState.ROLLED_BACK ? RecommendationState.ROLLED_BACK : RecommendationState.FAILED);
        if (to == RolloutState.ROLLED_BACK) {
            log.info("rollout {} ROLLED_BACK: {}", rollout.id(), summary);
        } else {
            log.warn("rollout {} rollback FAILED: {}", rollout.id(), summary);
        }
    }
}
