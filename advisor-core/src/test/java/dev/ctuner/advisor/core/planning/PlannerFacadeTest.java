package dev.ctuner.advisor.core.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.simulation.SyntheticThroughput;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlannerFacadeTest {

    static final CatalogTiers TIERS = new CatalogTiers(KnobCatalog.cassandra50(), new NodeFacts(4096, 2, 1, 24576));
    static final Configuration STCS = SyntheticThroughput.candidates().get(0);
    static final Configuration LCS = SyntheticThroughput.config("LeveledCompactionStrategy", 32, 0.11);

    @Test
    void catalogTiersOfCompactionWritersAndThreshold() {
        assertThat(TIERS.tiers(STCS, LCS)).containsExactly(ApplyMode.SCHEMA);
        assertThat(TIERS.tiers(STCS, SyntheticThroughput.config("SizeTieredCompactionStrategy", 64, 0.11)))
                .containsExactly(ApplyMode.LIVE);
        assertThat(TIERS.tiers(STCS, SyntheticThroughput.config("LeveledCompactionStrategy", 64, 0.3)))
                .containsExactlyInAnyOrder(ApplyMode.LIVE, ApplyMode.SCHEMA, ApplyMode.RESTART);
        assertThat(TIERS.tiers(STCS, STCS)).isEmpty();
    }

    @Test
    void plansASwitchToLeveledForALongReadPhaseAndReportsBenefitAndLoss() {
        List<WorkloadVector> forecast = new ArrayList<>(Collections.nCopies(60, WorkloadVector.ofReadRatio(0.95, 0)));
        CostModel cost = new CostModel(14.8, 3, 1, 3, 0.3, 600, 0);
        Planner planner = new Planner(new SyntheticThroughput(), cost, TIERS, 0.01);
        PlanProposal p = planner.plan(forecast, 30, STCS, List.of(LCS), 0);
        assertThat(p.reconfigure()).isTrue();
        assertThat(p.changes()).hasSize(1);
        PlannedChange c = p.changes().get(0);
        assertThat(c.step()).isZero();
        assertThat(c.configuration()).isEqualTo(LCS);
        assertThat(c.tiers()).containsExactly(ApplyMode.SCHEMA);
        double hLcs = new SyntheticThroughput().opsPerSecond(forecast.get(0), LCS);
        double hStcs = new SyntheticThroughput().opsPerSecond(forecast.get(0), STCS);
        assertThat(p.expectedLoss()).isCloseTo(0.3 * 600 * hLcs, within(1e-6));   // Eq. 8 with the rewrite tier
        assertThat(p.expectedBenefit()).isCloseTo(60 * 30 * (hLcs - hStcs), within(1e-3));
        // a 3-step read burst does not pay for a 180 s rewrite
        PlanProposal shortBurst = planner.plan(forecast.subList(0, 3), 30, STCS, List.of(LCS), 0);
        assertThat(shortBurst.reconfigure()).isFalse();
        assertThat(shortBurst.changes()).isEmpty();
    }

    @Test
    void aMinimumSpacingHoldsBackEvenLiveChanges() {
        Configuration moreWriters = SyntheticThroughput.config("SizeTieredCompactionStrategy", 64, 0.11);
        List<WorkloadVector> forecast = Collections.nCopies(10, WorkloadVector.ofReadRatio(0.5, 0));
        CostModel cost = CostModel.rolling(14.8, 3, 1, 3);
        PlanningInstance free = PlanningInstance.of(forecast, 30, List.of(STCS, moreWriters), new SyntheticThroughput(),
                cost, TIERS, 0, 0);
        PlanningInstance spaced = PlanningInstance.of(forecast, 30, List.of(STCS, moreWriters), new SyntheticThroughput(),
                cost, TIERS, 0, 0, 95);
        assertThat(free.spacingSteps()[0][1]).isEqualTo(1);     // a live change occupies its own step only
        assertThat(spaced.spacingSteps()[0][1]).isEqualTo(4);   // ⌈95 / 30⌉
        // a restart's own spacing (3 rounds × 14.8 s = 44.4 s → 2 steps) wins over a shorter floor
        Configuration restart = SyntheticThroughput.config("SizeTieredCompactionStrategy", 32, 0.3);
        assertThat(PlanningInstance.of(forecast, 30, List.of(STCS, restart), new SyntheticThroughput(), cost, TIERS, 0, 0, 10)
                .spacingSteps()[0][1]).isEqualTo(2);
    }

    @Test
    void optimumCacheAnswersNearbyWorkloadsFromTheNearestAnchor() {
        int[] calls = {0};
        OptimumCache cache = new OptimumCache(w -> {
            calls[0]++;
            return w.proportion(dev.ctuner.advisor.core.forecast.Operation.READ) > 0.5 ? LCS : STCS;
        }, 0.15);
        cache.warm(List.of(WorkloadVector.ofReadRatio(0.1, 0), WorkloadVector.ofReadRatio(0.9, 0)));
        assertThat(cache.optimum(WorkloadVector.ofReadRatio(0.85, 0))).isEqualTo(LCS);
        assertThat(cache.optimum(WorkloadVector.ofReadRatio(0.2, 0))).isEqualTo(STCS);
        assertThat(calls[0]).isEqualTo(2);
        cache.optimum(WorkloadVector.ofReadRatio(0.5, 0));   // 0.4·√2 from both anchors: a new anchor
        assertThat(cache.anchors()).isEqualTo(3);
        assertThat(cache.candidates(List.of(WorkloadVector.ofReadRatio(0.9, 0)), STCS)).containsExactly(STCS, LCS);
    }

    @Test
    void replanRuleIsRateLimitedAndPlansAgainAtTheEndOfTheLookahead() {
        ReplanRule rule = new ReplanRule(0.2, 3, 1);
        List<WorkloadVector> forecast = Collections.nCopies(10, WorkloadVector.ofReadRatio(0.9, 0));
        List<WorkloadVector> departed = List.of(WorkloadVector.ofReadRatio(0.1, 0));
        assertThat(rule.decide(departed, forecast).replan()).isFalse();
        assertThat(rule.decide(departed, forecast).reason()).contains("rate-limited");
        List<WorkloadVector> threeDeparted = Collections.nCopies(3, WorkloadVector.ofReadRatio(0.1, 0));
        assertThat(rule.decide(threeDeparted, forecast).replan()).isTrue();
        List<WorkloadVector> onTrack = Collections.nCopies(5, WorkloadVector.ofReadRatio(0.85, 0));
        assertThat(rule.decide(onTrack, forecast).replan()).isFalse();
        assertThat(rule.decide(Collections.nCopies(9, WorkloadVector.ofReadRatio(0.9, 0)), forecast).replan()).isTrue();
        assertThat(Set.of(rule.decide(List.of(), forecast).replan())).containsExactly(false);
    }
}
