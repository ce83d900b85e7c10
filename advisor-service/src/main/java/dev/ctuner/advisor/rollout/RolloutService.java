package dev.ctuner.advisor.rollout;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.advisor.core.lifecycle.NodeStepStatus;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.lifecycle.Transition;
import dev.ctuner.advisor.core.safety.PlanRequest;
import dev.ctuner.advisor.core.safety.PlanResult;
import dev.ctuner.advisor.core.safety.Round;
import dev.ctuner.advisor.core.safety.RolloutPlan;
import dev.ctuner.advisor.core.safety.SafeRoundPlanner;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.ring.ReportedRings;
import dev.ctuner.advisor.ring.RingRefusedException;
import dev.ctuner.advisor.store.AuditEntry;
import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.catalog.ApplyMode;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Starts, pauses, resumes, aborts and rolls back rollouts by changing their persisted state and telling the
 * {@link RolloutOrchestrator}, which carries out whatever the stored state says (a RUNNING rollout
 * advances; a PAUSED or ABORTED one sends nothing more).
 *
 * <pre>{@code
 * Rollout r = service.start(recommendationId, PlanRequest.allNodes(ring).withCanaryFirst(), "alice", "go");
 * service.pause(r.id(), "alice", "traffic peak");
 * service.rollback(r.id(), "alice", "p99 worse since the change");
 * }</pre>
 */
@Service
public class RolloutService {

    private final RolloutStore store;
    private final RecommendationService recommendations;
    private final CommandResultStore results;
    private final SafeRoundPlanner planner;
    private final Clock clock;
    private final ApplicationEventPublisher events;
    private final ReportedRings rings;

    public RolloutService(RolloutStore store, RecommendationService recommendations, CommandResultStore results,
                          SafeRoundPlanner planner, Clock clock, ApplicationEventPublisher events, ReportedRings rings) {
        this.rings = rings;
        this.store = store;
        this.recommendations = recommendations;
        this.results = results;
        this.planner = planner;
        this.clock = clock;
        this.events = events;
    }

    /**
     * Starts the rollout of an APPROVED recommendation on the ring its cluster's sidecars report (see
     * {@link #start(UUID, PlanRequest, String, String)} for how each cost tier is rolled out).
     *
     * @throws dev.ctuner.advisor.core.lifecycle.IllegalTransitionException when it is not APPROVED
     * @throws RingRefusedException when the reports are missing, stale, incomplete or disagree; nothing changes
     */
    @Transactional
    public Rollout start(UUID recommendationId, RolloutOptions options, String actor, String comment) {
        Recommendation recommendation = recommendations.get(recommendationId);
        RecommendationState.TABLE.move(recommendation.state(), RecommendationState.ROLLING_OUT, actor, clock.instant(), comment);
        return start(recommendationId, options.toRequest(rings.require(recommendation.clusterId()).ring()), actor, comment);
    }

    /**
     * Plans the rounds for an APPROVED recommendation and records a RUNNING rollout with every node
     * PENDING; the recommendation moves to ROLLING_OUT.
     *
     * @throws dev.ctuner.advisor.core.lifecycle.IllegalTransitionException when it is not APPROVED
     * A LIVE change goes node by node (one node per step, canary first, in ring order): nothing restarts
     * and no replica goes down, so it needs no availability rounds, is not refused for RF = CL and needs
     * no {@code aggressive} flag.
     *
     * A SCHEMA change (table options) is not rolled out node by node: each of its tables gets one
     * AlterTable, carried out once by one node's sidecar (a step per table, one after another, each on
     * a different node of the request, the canary first if one is named); a compression change has a
     * step on every node, which rewrites that node's SSTables; see {@link SchemaSteps}.
     *
     * @throws PlanRefusedException when no safe plan exists (RF = CL without aggressive), or a SCHEMA
     *         change names no table or more tables than nodes
     */
    @Transactional
    public Rollout start(UUID recommendationId, PlanRequest request, String actor, String comment) {
        Recommendation recommendation = recommendations.get(recommendationId);
        RecommendationState state = recommendation.state();
        RecommendationState.TABLE.move(state, RecommendationState.ROLLING_OUT, actor, clock.instant(), comment);
        if (recommendation.costTier() == ApplyMode.SCHEMA) {
            return startSchema(recommendation, request, actor, comment);
        }
        if (recommendation.costTier() == ApplyMode.LIVE) {
            return startLive(recommendation, request, actor, comment);
        }
        PlanResult result = planner.plan(request);
        if (result instanceof PlanResult.Refused refused) {
            throw new PlanRefusedException(refused.reasons());
        }
        RolloutPlan plan = ((PlanResult.Planned) result).plan();
        recommendations.move(recommendationId, RecommendationState.ROLLING_OUT, actor, comment);
        Instant now = clock.instant();
        List<NodeStep> steps = new ArrayList<>();
        for (Round round : plan.rounds()) {
            for (NodeId node : round.nodes()) {
                Optional<String> risk = round.isSafe() ? Optional.empty()
                        : Optional.of("aggressive round: " + String.join("; ", round.availabilityRisks()));
                steps.add(new NodeStep(node, round.index(), round.canary(), NodeStepStatus.PENDING,
                        Optional.empty(), Optional.empty(), now, risk, 0));
            }
        }
        Rollout rollout = new Rollout(UUID.randomUUID(), recommendationId, RolloutState.RUNNING, 0, plan.size(),
                plan.method(), plan.aggressive(), now, now, 0, steps);
        store.insert(rollout, new AuditEntry<>(Optional.empty(), RolloutState.RUNNING, actor, now,
                "started: " + comment + " (" + plan.size() + " rounds, " + plan.method()
                        + (plan.optimal() ? ", fewest possible" : ", lower bound " + plan.lowerBound())
                        + (plan.aggressive() ? ", AGGRESSIVE: some rounds break a consistency level" : "") + ")"));
        events.publishEvent(new RolloutChanged(rollout.id()));
        return get(rollout.id());
    }

    /** Node by node in ring order, the canary alone first ({@link LiveSteps}); no node goes down. */
    private Rollout startLive(Recommendation recommendation, PlanRequest request, String actor, String comment) {
        Instant now = clock.instant();
        List<NodeStep> steps = LiveSteps.steps(request, now);
        recommendations.move(recommendation.id(), RecommendationState.ROLLING_OUT, actor, comment);
        Rollout rollout = new Rollout(UUID.randomUUID(), recommendation.id(), RolloutState.RUNNING, 0, steps.size(),
                dev.ctuner.advisor.core.safety.PlanMethod.NODE_BY_NODE, false, now, now, 0, steps);
        store.insert(rollout, new AuditEntry<>(Optional.empty(), RolloutState.RUNNING, actor, now,
                "started: " + comment + " (" + steps.size() + " live steps, node by node" + (request.canaryFirst() ? ", canary first" : "")
                        + "; no node restarts, so no availability rounds)"));
        events.publishEvent(new RolloutChanged(rollout.id()));
        return get(rollout.id());
    }

    private Rollout startSchema(Recommendation recommendation, PlanRequest request, String actor, String comment) {
        List<NodeId> nodes = SchemaSteps.executors(recommendation, request);
        recommendations.move(recommendation.id(), RecommendationState.ROLLING_OUT, actor, comment);
        Instant now = clock.instant();
        List<NodeStep> steps = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            steps.add(new NodeStep(nodes.get(i), i, false, NodeStepStatus.PENDING, Optional.empty(), Optional.empty(), now,
                    Optional.of(SchemaSteps.plannedStep(recommendation, i)), 0));
        }
        Rollout rollout = new Rollout(UUID.randomUUID(), recommendation.id(), RolloutState.RUNNING, 0, steps.size(),
                dev.ctuner.advisor.core.safety.PlanMethod.ONCE, false, now, now, 0, steps);
        store.insert(rollout, new AuditEntry<>(Optional.empty(), RolloutState.RUNNING, actor, now,
                "started: " + comment + (SchemaSteps.rewrites(recommendation)
                        ? " (SCHEMA change of compression: one ALTER TABLE of " + recommendation.tables().get(0) + ", then each of the "
                                + steps.size() + " nodes rewrites its SSTables of it, one after another; no restart)"
                        : " (SCHEMA change applied once: one ALTER TABLE for each of " + recommendation.tables() + ", no restart)")));
        events.publishEvent(new RolloutChanged(rollout.id()));
        return get(rollout.id());
    }

    @Transactional
    public Rollout pause(UUID id, String actor, String comment) {
        return move(id, RolloutState.PAUSED, actor, comment);
    }

    @Transactional
    public Rollout resume(UUID id, String actor, String comment) {
        return move(id, RolloutState.RUNNING, actor, comment);
    }

    /**
     * Stops a rollout for good: nodes not yet started are SKIPPED and the recommendation FAILED.
     * A command already sent still completes on its node; nodes already changed keep the change
     * until an operator asks for a {@link #rollback}.
     */
    @Transactional
    public Rollout abort(UUID id, String actor, String comment) {
        Rollout aborted = move(id, RolloutState.ABORTED, actor, comment);
        Instant now = clock.instant();
        for (NodeStep step : aborted.steps()) {
            if (step.status() == NodeStepStatus.PENDING) {
                store.moveStep(id, step, NodeStepStatus.TABLE.move(step.status(), NodeStepStatus.SKIPPED, actor, now,
                        "rollout aborted: " + comment));
            }
        }
        RecommendationState recState = recommendations.get(aborted.recommendationId()).state();
        if (recState == RecommendationState.ROLLING_OUT) {
            recommendations.move(aborted.recommendationId(), RecommendationState.FAILED, actor,
                    "rollout " + id + " aborted: " + comment);
        }
        return get(id);
    }

    /**
     * Rolls back every node the rollout changed, by re-applying the values its sidecar reported as
     * previous: the rollout moves to ROLLING_BACK (and its recommendation, unless already
     * ROLLED_BACK) and the orchestrator carries it out round by round, last round first, behind the
     * forward pre-checks; a node whose command is still in flight is rolled back once it is done.
     * Allowed from PAUSED, SUCCEEDED, FAILED and ABORTED; a RUNNING rollout is paused first. Nodes
     * not yet started are SKIPPED. A rollback that failed before may be requested again: nodes
     * already restored are left alone, and a node whose rollback command failed gets a new one.
     *
     * @throws dev.ctuner.advisor.core.lifecycle.IllegalTransitionException from any other state,
     *         naming the allowed moves
     */
    @Transactional
    public Rollout rollback(UUID id, String actor, String comment) {
        Rollout current = get(id);
        Instant now = clock.instant();
        RolloutState.TABLE.move(current.state(), RolloutState.ROLLING_BACK, actor, now, comment); // refuses before anything is read
        List<String> changed = new ArrayList<>();
        List<String> inFlight = new ArrayList<>();
        for (NodeStep step : current.steps()) {
            if (step.status() == NodeStepStatus.APPLYING) {
                inFlight.add(step.nodeId().value());
            } else if (RolloutRecovery.carriesChange(step, results).isPresent()) {
                changed.add(step.nodeId().value());
            }
        }
        List<String> conflicts = laterChangesOfTheSameKnobs(current, changed, inFlight);
        if (!conflicts.isEmpty()) {
            throw new RollbackConflictException(id.toString(), conflicts);
        }
        String reason = "rollback requested: " + comment + " (changed: " + changed + (inFlight.isEmpty() ? ""
                : "; in flight, rolled back once done: " + inFlight) + ")";
        store.move(current, RolloutState.TABLE.move(current.state(), RolloutState.ROLLING_BACK, actor, now, reason));
        for (NodeStep step : current.steps()) {
            if (step.status() == NodeStepStatus.PENDING) {
                store.moveStep(id, step, NodeStepStatus.TABLE.move(step.status(), NodeStepStatus.SKIPPED, actor, now,
                        "rollback requested before this node was touched: " + comment));
            } else if (step.status() != NodeStepStatus.ROLLED_BACK && step.rollback().isPresent()) {
                Optional<ReportedResult> earlier = results.latest(step.rollback().get().id());
                if (earlier.isPresent() && earlier.get().isFinal() && !earlier.get().isBusy()
                        && earlier.get().status() != dev.ctuner.common.protocol.message.CommandStatus.DONE) {
                    store.clearRollback(id, step, now, "earlier rollback command " + step.rollback().get().id() + " "
                            + earlier.get().status() + ": " + earlier.get().reason().orElse("no reason given")
                            + "; a new one follows (" + actor + ": " + comment + ")");
                }
            }
        }
        Recommendation rec = recommendations.get(current.recommendationId());
        if (RecommendationState.TABLE.isAllowed(rec.state(), RecommendationState.ROLLING_BACK)) {
            recommendations.move(rec.id(), RecommendationState.ROLLING_BACK, actor, "rollout " + id + " " + reason);
        }
        events.publishEvent(new RolloutChanged(id));
        return get(id);
    }

    /**
     * Later rollouts of the same cluster that changed, on a node this rollback would restore, a knob
     * this rollout changed (for a SCHEMA change: an option of the same table, on any node).
     */
    private List<String> laterChangesOfTheSameKnobs(Rollout current, List<String> changed, List<String> inFlight) {
        Recommendation rec = recommendations.get(current.recommendationId());
        boolean schema = SchemaSteps.isSchema(rec);
        Set<String> nodes = new HashSet<>(changed);
        nodes.addAll(inFlight);
        List<String> conflicts = new ArrayList<>();
        for (UUID laterId : store.createdAfter(current.createdAt())) {
            Rollout later = get(laterId);
            Recommendation laterRec = recommendations.get(later.recommendationId());
            if (!laterRec.clusterId().equals(rec.clusterId()) || SchemaSteps.isSchema(laterRec) != schema) {
                continue;
            }
            Set<String> knobs = new TreeSet<>(rec.settings().keySet());
            knobs.retainAll(laterRec.settings().keySet());
            if (schema) {
                Set<String> tables = new TreeSet<>(rec.tables());
                tables.retainAll(laterRec.tables());
                if (tables.isEmpty()) {
                    knobs.clear();
                } else {
                    knobs = Set.of(String.join(", ", knobs) + " of " + tables);
                }
            }
            if (knobs.isEmpty()) {
                continue;
            }
            List<String> touched = later.steps().stream()
                    .filter(s -> s.status() == NodeStepStatus.APPLYING || RolloutRecovery.carriesChange(s, results).isPresent())
                    .map(s -> s.nodeId().value()).filter(n -> schema || nodes.contains(n)).toList();
            if (!touched.isEmpty()) {
                conflicts.add("the later rollout " + laterId + " (" + later.state() + ") changed " + knobs + " on " + touched);
            }
        }
        return conflicts;
    }

    @Transactional(readOnly = true)
    /** The cluster a rollout changes. */
    public ClusterId clusterOf(UUID rolloutId) {
        return recommendations.get(get(rolloutId).recommendationId()).clusterId();
    }

    /** The cluster a recommendation is for. */
    public ClusterId clusterOfRecommendation(UUID recommendationId) {
        return recommendations.get(recommendationId).clusterId();
    }

    public Rollout get(UUID id) {
        return store.find(id).orElseThrow(() -> new NotFoundException("rollout", id));
    }

    @Transactional(readOnly = true)
    public List<AuditEntry<RolloutState>> auditTrail(UUID id) {
        get(id);
        return store.auditTrail(id);
    }

    private Rollout move(UUID id, RolloutState to, String actor, String comment) {
        Rollout current = get(id);
        Transition<RolloutState> t = RolloutState.TABLE.move(current.state(), to, actor, clock.instant(), comment);
        store.move(current, t);
        events.publishEvent(new RolloutChanged(id));
        return get(id);
    }
}
