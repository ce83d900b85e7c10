package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.advisor.store.SentCommand;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.ExpectedMode;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What happens once a node of a rollout failed: nodes not started are SKIPPED, commands in flight
 * are waited for, and (by policy) every node that was changed is rolled back, one at a time so
 * that availability holds as during the rollout, by applying the values its sidecar reported as
 * previous. Then the rollout ends FAILED. Each step is persisted before it is acted on.
 */
final class RolloutRecovery {

    private static final Logger log = LoggerFactory.getLogger(RolloutRecovery.class);

    private final RolloutStore store;
    private final RecommendationService recommendations;
    private final CommandResultStore results;
    private final CommandFactory commands;
    private final BiConsumer<NodeId, SentCommand> send;
    private final RolloutProperties properties;
    private final Clock clock;

    RolloutRecovery(RolloutStore store, RecommendationService recommendations, CommandResultStore results, CommandFactory commands,
                    BiConsumer<NodeId, SentCommand> send, RolloutProperties properties, Clock clock) {
        this.store = store;
        this.recommendations = recommendations;
        this.results = results;
        this.commands = commands;
        this.send = send;
        this.properties = properties;
        this.clock = clock;
    }

    /** A rollout is halted once any node failed or was rolled back. */
    static boolean isHalted(Rollout rollout) {
        return rollout.steps().stream().anyMatch(s -> s.status() == NodeStepStatus.FAILED || s.status() == NodeStepStatus.ROLLED_BACK);
    }

    void recover(Rollout rollout, Recommendation rec) {
        Instant now = clock.instant();
        String cause = rollout.steps().stream().filter(s -> s.status() == NodeStepStatus.FAILED || s.status() == NodeStepStatus.ROLLED_BACK)
                .map(s -> s.nodeId().value()).findFirst().orElse("a node");
        for (NodeStep step : rollout.steps()) {
            if (step.status() == NodeStepStatus.PENDING) {
                store.moveStep(rollout.id(), step, NodeStepStatus.TABLE.move(step.status(), NodeStepStatus.SKIPPED,
                        RolloutDriver.ACTOR, now, "rollout halted: " + cause + " failed; this node was not touched"));
            }
        }
        if (rollout.steps().stream().anyMatch(s -> s.status() == NodeStepStatus.APPLYING)) {
            return; // a command in flight: its outcome decides whether that node needs a rollback
        }
        if (properties.rollbackOnFailure() && !rollBackNext(rollout, rec, now)) {
            return; // a rollback is in flight
        }
        finish(store.find(rollout.id()).orElseThrow(), rec, cause, now);
    }

    /** Handles rollbacks; true when none is in flight and none is left to send. */
    private boolean rollBackNext(Rollout rollout, Recommendation rec, Instant now) {
        for (NodeStep step : rollout.steps()) {
            if (step.rollback().isEmpty() || step.status() == NodeStepStatus.ROLLED_BACK) {
                continue;
            }
            Optional<ReportedResult> result = results.latest(step.rollback().get().id());
            if (result.isEmpty() || !result.get().isFinal() || result.get().isBusy()) {
                if (result.isEmpty() || result.get().isBusy()) {
                    send.accept(step.nodeId(), step.rollback().get());
                }
                return false;
            }
            if (result.get().status() == CommandStatus.DONE) {
                store.moveStep(rollout.id(), step, NodeStepStatus.TABLE.move(step.status(), NodeStepStatus.ROLLED_BACK,
                        RolloutDriver.ACTOR, now, "rolled back by command " + step.rollback().get().id()));
                return false; // look again next time, with the fresh step versions
            }
            log.error("rollout {}: rollback of {} failed: {}; the node keeps the change, check it by hand", rollout.id(),
                    step.nodeId(), result.get().reason().orElse("no reason"));
        }
        for (NodeStep step : rollout.steps()) {
            Optional<ReportedResult> applied = changed(step);
            if (applied.isEmpty() || step.rollback().isPresent()) {
                continue;
            }
            if (applied.get().previousValues().isEmpty()) {
                log.error("rollout {}: {} reported no previous values, so it cannot be rolled back automatically", rollout.id(), step.nodeId());
                continue;
            }
            ExpectedMode mode = rec.costTier() == dev.ctuner.common.catalog.ApplyMode.LIVE ? ExpectedMode.LIVE : ExpectedMode.RESTART;
            SentCommand rollback = commands.apply(rec.clusterId(), step.nodeId(), applied.get().previousValues(), mode, rollout.id(),
                    "rollback of command " + step.command().get().id() + " (rollout " + rollout.id() + " halted)", now);
            store.recordRollback(rollout.id(), step, rollback);
            send.accept(step.nodeId(), rollback);
            log.info("rollout {}: rolling back {} with command {}", rollout.id(), step.nodeId(), rollback.id());
            return false;
        }
        return true;
    }

    /** The DONE result of a step whose node carries the change now (applied and not yet rolled back). */
    private Optional<ReportedResult> changed(NodeStep step) {
        if (step.command().isEmpty() || step.status() == NodeStepStatus.ROLLED_BACK || step.status() == NodeStepStatus.SKIPPED) {
            return Optional.empty();
        }
        return results.latest(step.command().get().id()).filter(r -> r.status() == CommandStatus.DONE);
    }

    private void finish(Rollout rollout, Recommendation rec, String cause, Instant now) {
        List<String> stillChanged = rollout.steps().stream().filter(s -> changed(s).isPresent()).map(s -> s.nodeId().value()).toList();
        String summary = "halted: " + cause + " failed; " + (stillChanged.isEmpty()
                ? "no node keeps the change" : "still changed: " + stillChanged);
        store.move(rollout, RolloutState.TABLE.move(RolloutState.RUNNING, RolloutState.FAILED, RolloutDriver.ACTOR, now, summary));
        if (rec.state() == RecommendationState.ROLLING_OUT) {
            recommendations.move(rec.id(), stillChanged.isEmpty() ? RecommendationState.ROLLED_BACK : RecommendationState.FAILED,
                    RolloutDriver.ACTOR, "rollout " + rollout.id() + " " + summary);
        }
        log.warn("rollout {} FAILED: {}", rollout.id(), summary);
    }
}
