package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.config.VettingProperties;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.observation.ClusterWindow;
import dev.ctuner.advisor.core.tuning.ApprovalDecision;
import dev.ctuner.advisor.core.tuning.AutoApproval;
import dev.ctuner.advisor.core.tuning.ProposalFacts;
import dev.ctuner.advisor.core.tuning.SupersedeRule;
import dev.ctuner.advisor.core.tuning.TuningDecider;
import dev.ctuner.advisor.core.tuning.TuningDecision;
import dev.ctuner.advisor.core.vetting.Candidate;
import dev.ctuner.advisor.core.vetting.CostTierGate;
import dev.ctuner.advisor.core.vetting.RaceEvidence;
import dev.ctuner.advisor.core.vetting.GainGate;
import dev.ctuner.advisor.recommendation.InvalidSettingsException;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.recommendation.TableTargets;
import dev.ctuner.advisor.rollout.RolloutOptions;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.LoopDecision;
import dev.ctuner.advisor.store.ObservationStore;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.TuningLoop;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * One decision period of one cluster's tuning loop (ARCHITECTURE section 12): verify the changes
 * whose after-windows are in; then, if a proposal of the loop is pending, supersede it when the
 * workload moved, approve it when the auto policy allows, and roll it out once approved; else
 * forecast and ask the planner whether a change pays, and propose it (origin ADVISOR) or keep the
 * reason for not changing. Never a second proposal while one is pending or rolling out, nor while
 * a rolled-out change waits for its verification.
 *
 * <pre>{@code
 * cycle.run(new ClusterId("prod"));   // the runner calls it every decision period
 * }</pre>
 */
class TuningCycle {

    private static final Logger log = LoggerFactory.getLogger(TuningCycle.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final GainGate GAIN_GATE = new GainGate();
    private static final java.util.function.Function<KnobCatalog, CostTierGate> TIERS = CostTierGate::new;
    private static final Set<RecommendationState> ACTIVE = Set.of(RecommendationState.PROPOSED, RecommendationState.VETTED,
            RecommendationState.APPROVED, RecommendationState.ROLLING_OUT, RecommendationState.ROLLING_BACK);
    private static final Set<RecommendationState> TURNED_DOWN = Set.of(RecommendationState.REJECTED,
            RecommendationState.ROLLED_BACK, RecommendationState.FAILED);

    private final TuningLoopService loops;
    private final TuningLoopStore store;
    private final RecommendationService recommendations;
    private final RolloutService rollouts;
    private final ObservationStore observations;
    private final DecisionInputs inputs;
    private final TuningDecider decider;
    private final SupersedeRule supersede;
    private final ChangeVerification verification;
    private final KnobCatalog catalog;
    private final TuningProperties properties;
    private final VettingProperties vetting;
    private final Optional<ProposalRaces> races;

    TuningCycle(TuningLoopService loops, TuningLoopStore store, RecommendationService recommendations, RolloutService rollouts,
                ObservationStore observations, DecisionInputs inputs, TuningDecider decider, SupersedeRule supersede,
                ChangeVerification verification, KnobCatalog catalog, TuningProperties properties, VettingProperties vetting,
                Optional<ProposalRaces> races) {
        this.races = races;
        this.vetting = vetting;
        this.loops = loops;
        this.store = store;
        this.recommendations = recommendations;
        this.rollouts = rollouts;
        this.observations = observations;
        this.inputs = inputs;
        this.decider = decider;
        this.supersede = supersede;
        this.verification = verification;
        this.catalog = catalog;
        this.properties = properties;
    }

    void run(ClusterId cluster) {
        TuningLoop loop = loops.get(cluster);
        if (loop.paused()) {
            return;
        }
        Instant now = loops.now();
        verification.verifyDue(cluster, now);
        List<Recommendation> recent = recommendations.list(Optional.of(cluster), Optional.empty(), 20);
        Optional<Recommendation> active = recent.stream().filter(r -> ACTIVE.contains(r.state())).findFirst();
        if (active.isPresent()) {
            if (active.get().origin() == Origin.ADVISOR) {
                advance(loop, active.get(), now);
            }
            return;
        }
        Optional<String> verifying = verification.awaiting(cluster, now);
        if (verifying.isPresent()) {
            recordOnce(cluster, now, LoopDecision.Outcome.HELD, verifying.get(), null);
            return;
        }
        decide(cluster, recent, now);
    }

    /** Moves the loop's pending proposal on: superseded, approved by policy, rolled out once approved. */
    private void advance(TuningLoop loop, Recommendation r, Instant now) {
        ClusterId cluster = loop.clusterId();
        if (r.state() == RecommendationState.VETTED) {
            Optional<LoopDecision> proposed = store.latest(r.id(), LoopDecision.Outcome.PROPOSED);
            if (proposed.isPresent() && proposed.get().workload().isPresent()) {
                List<WorkloadVector> since = observations.series(cluster, proposed.get().decidedAt(), now, properties.step()).stream()
                        .map(ClusterWindow::workload).flatMap(Optional::stream).filter(w -> w.rate() > 0).toList();
                SupersedeRule.Check check = supersede.check(proposed.get().workload().get(), since);
                if (check.superseded()) {
                    recommendations.move(r.id(), RecommendationState.SUPERSEDED, TuningLoopStore.LOOP_ACTOR, check.reason());
                    store.record(cluster, now, LoopDecision.Outcome.SUPERSEDED, check.reason(), r.id(), null);
                    return;
                }
            }
            boolean outside = proposed.flatMap(LoopDecision::evidence).map(e -> JSON.readTree(e).path("outsideData").size() > 0)
                    .orElse(true);   // no evidence kept: do not claim the point is inside the data
            ProposalFacts facts = new ProposalFacts(r.costTier(), r.gain().orElseThrow(), outside);
            int approvedToday = store.count(cluster, LoopDecision.Outcome.AUTO_APPROVED, now.minus(Duration.ofDays(1)));
            ApprovalDecision approval = AutoApproval.evaluate(loop.policy(), facts, now, approvedToday);
            if (approval instanceof ApprovalDecision.NeedsOperator needs) {
                if (store.latest(r.id(), LoopDecision.Outcome.AWAITING_OPERATOR).isEmpty()) {
                    store.record(cluster, now, LoopDecision.Outcome.AWAITING_OPERATOR, "waiting for an operator's approval: "
                            + String.join("; ", needs.reasons()), r.id(), null);
                }
                return;
            }
            String reason = ((ApprovalDecision.Approve) approval).reason();
            recommendations.approve(r.id(), TuningLoopStore.LOOP_ACTOR, reason);
            store.record(cluster, now, LoopDecision.Outcome.AUTO_APPROVED, reason, r.id(), null);
            r = recommendations.get(r.id());
        }
        if (r.state() == RecommendationState.APPROVED) {
            startRollout(cluster, r, now);
        }
    }

    private void startRollout(ClusterId cluster, Recommendation r, Instant now) {
        try {
            Rollout rollout = rollouts.start(r.id(), new RolloutOptions(true, Optional.empty(), false), TuningLoopStore.LOOP_ACTOR,
                    "approved proposal rolled out by the tuning loop");
            store.record(cluster, now, LoopDecision.Outcome.ROLLOUT_STARTED, "rollout " + rollout.id() + " started: "
                    + rollout.totalRounds() + " round(s), canary first", r.id(), null);
        } catch (RuntimeException e) {
            // a ring the sidecars report incompletely, or no safe plan: nothing changed; say why, once per reason
            recordOnce(cluster, now, LoopDecision.Outcome.SKIPPED, "rollout of the approved proposal not started: " + e.getMessage(), r);
        }
    }

    private void decide(ClusterId cluster, List<Recommendation> recent, Instant now) {
        DecisionInputs.Gathered gathered = inputs.gather(cluster, now);
        if (gathered.input() == null) {
            recordOnce(cluster, now, LoopDecision.Outcome.SKIPPED, gathered.missing(), null);
            return;
        }
        TuningDecision decision = decider.decide(gathered.input());
        if (decision instanceof TuningDecision.Hold hold) {
            int others = gathered.input().candidates().size() - 1;
            String reason = hold.kind() == TuningDecision.HoldKind.TOO_LITTLE_HISTORY ? hold.reason()
                    : hold.reason() + " (" + others + " other candidate configuration" + (others == 1 ? "" : "s") + " considered)";
            store.record(cluster, now, LoopDecision.Outcome.HELD, reason, null,
                    lastWorkload(gathered.windows()), null);
            return;
        }
        TuningDecision.Propose p = (TuningDecision.Propose) decision;
        var settings = ProposalEvidence.settings(p, catalog);
        Optional<String> tooUncertain = tooUncertain(p, settings);
        if (tooUncertain.isPresent()) {
            store.record(cluster, now, LoopDecision.Outcome.HELD, tooUncertain.get(), null, p.seen(), null);
            return;
        }
        Optional<Recommendation> turnedDown = recent.stream().filter(r -> r.origin() == Origin.ADVISOR && TURNED_DOWN.contains(r.state())
                && r.settings().equals(settings) && r.updatedAt().isAfter(now.minus(properties.reproposeAfter()))).findFirst();
        if (turnedDown.isPresent()) {
            store.record(cluster, now, LoopDecision.Outcome.HELD, "the same change " + settings + " ended "
                    + turnedDown.get().state() + " at " + turnedDown.get().updatedAt() + "; not proposed again before "
                    + turnedDown.get().updatedAt().plus(properties.reproposeAfter()), null, p.seen(), null);
            return;
        }
        long step = properties.step().toSeconds();
        Optional<RaceEvidence> raced = Optional.empty();
        String note = ProposalEvidence.note(p, step, catalog);
        Candidate asCandidate = new Candidate(settings, p.current(), vetting.nodeFacts().toNodeFacts(), Set.of(),
                Optional.of(p.predictedGain()));
        if (races.isPresent() && vetting.policy().raceRequiredFor().contains(TIERS.apply(catalog).tierOf(asCandidate))) {
            ProposalRaces.Status status = races.get().race(cluster, currentValues(p, settings), settings);
            if (status instanceof ProposalRaces.Status.Racing racing) {
                recordOnce(cluster, now, LoopDecision.Outcome.HELD, "racing " + settings + " against the current configuration "
                        + "on the experiment node before proposing it: " + racing.detail(), null);
                return;
            }
            if (status instanceof ProposalRaces.Status.Ended ended) {
                recordOnce(cluster, now, LoopDecision.Outcome.SKIPPED, "the race of " + settings + " ended without an outcome: "
                        + ended.detail(), null);
                return;
            }
            if (status instanceof ProposalRaces.Status.Raced over) {
                raced = Optional.of(over.evidence());
                note = note + " Race on the experiment node: " + over.summary() + ".";
            }
        }
        Recommendation r;
        try {
            r = recommendations.propose(cluster, settings, tables(settings, gathered), p.current(), p.predictedGain(), note,
                    TuningLoopStore.LOOP_ACTOR, raced);
        } catch (InvalidSettingsException e) {
            recordOnce(cluster, now, LoopDecision.Outcome.SKIPPED, "the catalog refuses the planned change " + settings + ": "
                    + String.join("; ", e.violations().stream().map(v -> v.reason()).toList()), null);
            return;
        }
        String outcome = r.state() == RecommendationState.VETTED ? "" : " (vetting: " + r.state() + ")";
        store.record(cluster, now, LoopDecision.Outcome.PROPOSED, "proposed " + settings + ": " + p.reason() + outcome, r.id(),
                p.seen(), ProposalEvidence.json(p, step, gathered.input().cost(), gathered.model(), catalog));
        log.info("cluster {}: proposed {} ({}){}", cluster.value(), settings, p.reason(), outcome);
    }

    /** The workload's table when the change is of table options (the candidates never mix them with node settings); else none. */
    private List<String> tables(java.util.Map<String, String> settings, DecisionInputs.Gathered gathered) {
        boolean tableOptions = settings.keySet().stream().anyMatch(k -> TableTargets.isTableOption(catalog, k));
        return tableOptions ? gathered.table().map(WorkloadTable::name).stream().toList() : List.of();
    }

    /**
     * Why vetting would refuse the proposal's predicted gain (its lower bound must exceed the vetting
     * minimum, its interval be narrow enough): such a proposal is held, not stored to be rejected.
     */
    private Optional<String> tooUncertain(TuningDecision.Propose p, java.util.Map<String, String> settings) {
        var gain = p.predictedGain();
        // the vetting's own gain gate decides; only its gain is read, the rest of the candidate is vetted on proposal
        Candidate candidate = new Candidate(settings, p.current(), vetting.nodeFacts().toNodeFacts(), Set.of(), Optional.of(gain));
        if (GAIN_GATE.check(candidate, vetting.policy()).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(String.format(java.util.Locale.ROOT, "predicted gain %+.1f%% (%+.1f%% to %+.1f%%) of %s is too uncertain "
                        + "to propose: vetting needs a lower bound above %+.1f%% and an interval at most %.1f points wide",
                100 * gain.expected(), 100 * gain.lower(), 100 * gain.upper(), settings,
                100 * vetting.minGain(), 100 * vetting.maxUncertainty()));
    }

    /** The current value of each knob the proposal changes, as cassandra.yaml spells it (the race's "current"). */
    private java.util.Map<String, String> currentValues(TuningDecision.Propose p, java.util.Map<String, String> settings) {
        java.util.Map<String, String> current = new java.util.TreeMap<>();
        for (String k : settings.keySet()) {
            catalog.lookup(k).ifPresent(knob -> catalog.effective(p.current(), vetting.nodeFacts().toNodeFacts()).get(knob.name())
                    .ifPresent(v -> current.put(k, knob.format(v))));
        }
        return current;
    }

    /** Records a decision unless the cluster's last one says exactly the same (a missing model is not news every minute). */
    private void recordOnce(ClusterId cluster, Instant now, LoopDecision.Outcome outcome, String reason, Recommendation r) {
        List<LoopDecision> last = store.decisions(cluster, 1);
        if (last.isEmpty() || last.get(0).outcome() != outcome || !last.get(0).reason().equals(reason)) {
            store.record(cluster, now, outcome, reason, r == null ? null : r.id(), null);
        }
    }

    private static WorkloadVector lastWorkload(List<ClusterWindow> windows) {
        for (int i = windows.size() - 1; i >= 0; i--) {
            Optional<WorkloadVector> w = windows.get(i).workload();
            if (w.isPresent() && w.get().rate() > 0) {
                return w.get();
            }
        }
        return null;
    }
}
