package dev.ctuner.advisor.api;

import dev.ctuner.advisor.api.AdviceRequests.Design;
import dev.ctuner.advisor.api.AdviceViews.ChangeView;
import dev.ctuner.advisor.api.AdviceViews.ModelView;
import dev.ctuner.advisor.core.planning.CostModel;
import dev.ctuner.advisor.core.planning.PlanProposal;
import dev.ctuner.advisor.core.planning.PlannedChange;
import dev.ctuner.advisor.core.safety.RolloutPlan;
import dev.ctuner.advisor.planning.PlanQuery;
import dev.ctuner.advisor.planning.PlanResult;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * JSON bodies of {@code POST /api/v1/plans}. An operation proportion left out counts as 0; each
 * candidate is laid over {@code current}; without candidates the surrogate's optimum per distinct
 * forecast workload is used. Costs default to the measured T_r (14.8 s), one node down per round,
 * ⌈nodes / down⌉ rounds and no compaction-rewrite cost (none is measured yet: give yours); with
 * {@code ring} (nodes and keyspaces as a rollout takes them) the rounds and the nodes down per round
 * are the safety planner's.
 *
 * <pre>
 * POST /api/v1/plans
 * {"forecast": {"stepSeconds": 300, "steps": [{"readProportion": 0.9, "updateProportion": 0.1, "rate": 40000}, ...]},
 *  "physicalDesign": {"nodes": 3, "replicationFactor": 3}, "current": {"compaction.class": "SizeTieredCompactionStrategy"},
 *  "costs": {"restartSeconds": 14.8, "nodesDownPerRound": 1, "rounds": 3, "rewriteFraction": 0.3, "rewriteSeconds": 600},
 *  "minSpacingSeconds": 600, "margin": 0.02}
 * </pre>
 */
public final class PlanBodies {

    private PlanBodies() {
    }

    public record Step(Double readProportion, Double updateProportion, Double insertProportion, Double scanProportion,
                       Double readModifyWriteProportion, @NotNull Double rate) {

        PlanQuery.Step toStep() {
            return new PlanQuery.Step(new AdviceRequests.Mix(readProportion, updateProportion, insertProportion,
                    scanProportion, readModifyWriteProportion).toArray(), rate);
        }
    }

    /** The forecast workload: one step per {@code stepSeconds} (T_d), the first starting now. */
    public record Forecast(@NotNull @Positive Double stepSeconds, @NotEmpty @Size(max = 10_000) List<@Valid Step> steps) {
    }

    /** Inputs of EUNOMIA Eq. 8; see {@link CostModel}. */
    public record Costs(@PositiveOrZero Double restartSeconds, @Min(1) Integer nodesDownPerRound, @Min(1) Integer rounds,
                        @DecimalMin("0") @DecimalMax("1") Double rewriteFraction, @PositiveOrZero Double rewriteSeconds) {
    }

    public record PlanRequest(@NotNull @Valid Forecast forecast, @NotNull @Valid Design physicalDesign,
                              Map<String, String> current, @Size(max = 100) List<Map<String, String>> candidates,
                              @Valid Costs costs, @PositiveOrZero Double minSpacingSeconds,
                              @PositiveOrZero Double cooldownSeconds, @PositiveOrZero Double margin, Long seed,
                              @Size(max = 200) String clusterId, Object ring) {

        /**
         * @param safe the safety planner's rolling restart over the ring {@link #clusterId}'s sidecars report, when a
         *             cluster was named (instead of {@code costs.rounds} and {@code costs.nodesDownPerRound}); a typed
         *             {@code ring} is no longer accepted
         */
        PlanQuery toQuery(Optional<RolloutPlan> safe) {
            Costs c = costs == null ? new Costs(null, null, null, null, null) : costs;
            int down = safe.map(PlanBodies::mostDown).orElse(c.nodesDownPerRound() == null ? 1 : c.nodesDownPerRound());
            int nodes = physicalDesign.nodes();
            int rounds = safe.map(RolloutPlan::size)
                    .orElse(c.rounds() == null ? Math.max(1, (nodes + down - 1) / down) : c.rounds());
            PlanQuery.Costs costs = new PlanQuery.Costs(
                    c.restartSeconds() == null ? CostModel.MEASURED_RESTART_SECONDS : c.restartSeconds(), down, rounds,
                    c.rewriteFraction() == null ? 0 : c.rewriteFraction(), c.rewriteSeconds() == null ? 0 : c.rewriteSeconds());
            return new PlanQuery(forecast.steps().stream().map(Step::toStep).toList(), forecast.stepSeconds(),
                    physicalDesign.toDesign(), current == null ? Map.of() : current, Optional.ofNullable(candidates),
                    costs, orZero(minSpacingSeconds), orZero(cooldownSeconds), margin == null ? 0.02 : margin,
                    seed == null ? OptionalLong.empty() : OptionalLong.of(seed));
        }

        private static double orZero(Double d) {
            return d == null ? 0 : d;
        }

        /** Where the round count of the cost model came from, for the answer. */
        String roundsFrom(Optional<RolloutPlan> safe) {
            if (safe.isPresent()) {
                return "safety planner over the ring the sidecars of " + clusterId + " report (" + safe.get().method() + ")";
            }
            return costs != null && costs.rounds() != null ? "request" : "default: ceil(nodes / nodesDownPerRound)";
        }
    }

    private static int mostDown(RolloutPlan plan) {
        return plan.rounds().stream().mapToInt(r -> r.nodes().size()).max().orElse(1);
    }

    /**
     * One change of the plan: start at {@code atSeconds} from now (step {@code step}), to
     * {@code configuration}; {@code differences} against the configuration before it.
     */
    public record PlannedChangeView(int step, double atSeconds, Map<String, String> configuration,
                                    List<ChangeView> differences, Set<ApplyMode> tiers, double expectedLoss) {
    }

    /**
     * @param expectedBenefit operations gained over keeping the current configuration (EUNOMIA Eq. 7), before losses
     * @param expectedLoss    operations lost to the reconfigurations (Eq. 8)
     * @param stayOperations  operations served over the forecast if nothing changes
     */
    public record PlanView(boolean reconfigure, List<PlannedChangeView> changes, double expectedBenefit,
                           double expectedLoss, double netGain, double stayOperations, String candidateSource,
                           int candidates, CostModel cost, String roundsFrom, long elapsedMs, ModelView model) {

        static PlanView of(PlanResult r, KnobCatalog catalog, String roundsFrom) {
            PlanProposal p = r.proposal();
            NodeFacts facts = r.model().hardware();
            List<PlannedChangeView> changes = new ArrayList<>();
            Configuration before = r.current();
            for (PlannedChange c : p.changes()) {
                changes.add(new PlannedChangeView(c.step(), c.offsetSeconds(),
                        AdviceViews.formatted(c.configuration(), catalog), differences(before, c.configuration(), catalog,
                        facts), c.tiers(), c.expectedLoss()));
                before = c.configuration();
            }
            return new PlanView(p.reconfigure(), changes, p.expectedBenefit(), p.expectedLoss(), p.netGain(),
                    p.stayOperations(), r.source().name(), r.candidates().size(), r.cost(), roundsFrom, r.elapsedMs(),
                    ModelView.of(r.model()));
        }
    }

    /** Knobs whose effective value differs (a knob left out is at its default), with the tier of each change. */
    static List<ChangeView> differences(Configuration from, Configuration to, KnobCatalog catalog, NodeFacts facts) {
        Set<KnobName> names = new TreeSet<>(from.values().keySet());
        names.addAll(to.values().keySet());
        List<ChangeView> out = new ArrayList<>();
        for (KnobName name : names) {
            Knob knob = catalog.knob(name).orElseThrow();
            Optional<KnobValue> a = from.get(name).or(() -> catalog.defaultOf(name, facts));
            Optional<KnobValue> b = to.get(name).or(() -> catalog.defaultOf(name, facts));
            if (a.isPresent() && b.isPresent() && knob.sameValue(a.get(), b.get())) {
                continue;
            }
            ApplyMode tier = a.isPresent() && b.isPresent() ? knob.applyModeFor(a.get(), b.get()) : knob.applyMode();
            out.add(new ChangeView(name.value(), a.map(knob::format).orElse(null), b.map(knob::format).orElse(null), tier));
        }
        return out;
    }
}
