package dev.ctuner.advisor.core.planning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.common.catalog.ApplyMode;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlannerTest {

    /** Every candidate sequence of length N (K^N of them), the best feasible one. */
    static Plan bruteForce(PlanningInstance p) {
        int n = p.steps();
        int k = p.candidates();
        int[] configs = new int[n];
        Plan best = null;
        long total = (long) Math.pow(k, n);
        for (long code = 0; code < total; code++) {
            long c = code;
            for (int t = 0; t < n; t++) {
                configs[t] = (int) (c % k);
                c /= k;
            }
            Optional<Plan> plan = Plan.evaluate(p, configs);
            if (plan.isPresent() && (best == null || plan.get().value() > best.value())) {
                best = plan.get();
            }
        }
        return best;
    }

    @Test
    void dynamicProgrammingEqualsBruteForceOnRandomSmallInstances() {
        for (long seed = 0; seed < 300; seed++) {
            int steps = 1 + (int) (seed % 7);
            int candidates = 1 + (int) ((seed / 7) % 4);
            PlanningInstance p = SyntheticInstances.random(steps, candidates, 30 + seed % 5 * 60, seed);
            Plan dp = new DpPlanner().plan(p);
            Plan exhaustive = bruteForce(p);
            assertThat(dp.value()).as("seed %d", seed).isCloseTo(exhaustive.value(), within(1e-6 * Math.abs(exhaustive.value())));
            assertThat(Plan.evaluate(p, dp.configByStep())).as("DP plan feasible, seed %d", seed).isPresent();
        }
    }

    @Test
    void dpRespectsTheInitialCooldownAndSpacing() {
        // candidate 1 is far better everywhere, but a reconfiguration is still running for 2 steps
        double[][] h = {{1, 100}, {1, 100}, {1, 100}, {1, 100}};
        PlanningInstance p = new PlanningInstance(1, h, new double[][] {{0, 0}, {0, 0}}, new int[][] {{0, 3}, {3, 0}}, 0, 2);
        Plan plan = new DpPlanner().plan(p);
        assertThat(plan.configByStep()).containsExactly(0, 0, 1, 1);
        assertThat(plan.switches()).containsExactly(new Plan.Switch(2, 0, 1));
    }

    @Test
    void aTransientWorkloadShorterThanTheBreakEvenIsNotWorthASwitch() {
        // a better configuration for 2 steps gains 2 × 10 s × 10,000 = 200,000 ops; the switch there and back costs
        // 2 × 15 s × (50,000 or 40,000) ops: stay (EUNOMIA §4.5, transient workloads)
        double[][] h = {{40_000, 30_000}, {40_000, 50_000}, {40_000, 50_000}, {40_000, 30_000}};
        PlanningInstance p = new PlanningInstance(10, h, new double[][] {{0, 15}, {15, 0}}, new int[][] {{0, 1}, {1, 0}}, 0, 0);
        assertThat(new DpPlanner().plan(p).switches()).isEmpty();
        // when the new workload lasts 8 steps the switch pays
        double[][] longer = new double[10][];
        longer[0] = h[0];
        for (int t = 1; t < 10; t++) {
            longer[t] = h[1];
        }
        PlanningInstance q = new PlanningInstance(10, longer, p.outageSeconds(), p.spacingSteps(), 0, 0);
        // Eq. 8 charges H of the new configuration at the switch step, so switching one step early
        // (30,000 ops/s there) is cheaper than at the change (50,000): 15 s × 20,000 saved > 10 s × 10,000 lost
        assertThat(new DpPlanner().plan(q).switches()).containsExactly(new Plan.Switch(0, 0, 1));
    }

    @Test
    void gaFindsAFeasiblePlanNoBetterThanTheOptimumAndIsDeterministic() {
        for (long seed = 0; seed < 5; seed++) {
            PlanningInstance p = SyntheticInstances.random(30, 5, 30, seed);
            GaPlanner ga = new GaPlanner(60, 60, 0.8, 0.03);
            Plan a = ga.plan(p, seed);
            assertThat(a.value()).isLessThanOrEqualTo(new DpPlanner().plan(p).value() + 1e-6);
            assertThat(a.value()).isGreaterThanOrEqualTo(Plan.stay(p).value());
            assertThat(ga.plan(p, seed).value()).isEqualTo(a.value());
        }
    }

    @Test
    void costModelNumbersByHand() {
        // 4 nodes, RF 3, CL 1 (EUNOMIA MG-RAST): R = 4 − 1·⌈4/3⌉ = 2 down per round, 2 rounds, T_r = 14.8 s
        CostModel c = CostModel.rolling(CostModel.MEASURED_RESTART_SECONDS, 4, 2, 2);
        assertThat(c.outageSeconds(Set.of(ApplyMode.RESTART))).isCloseTo(14.8, within(1e-12));   // 2 · 2/4 · 14.8
        assertThat(c.loss(Set.of(ApplyMode.RESTART), 40_000)).isCloseTo(592_000, within(1e-6));
        assertThat(c.spacingSeconds(Set.of(ApplyMode.RESTART))).isCloseTo(29.6, within(1e-12));
        // 3 nodes, RF 3, CL QUORUM (2): one node at a time, 3 rounds: 3 · 1/3 · 14.8 = 14.8, spacing 44.4 s
        CostModel one = CostModel.rolling(14.8, 3, 1, 3);
        assertThat(one.outageSeconds(Set.of(ApplyMode.RESTART))).isCloseTo(14.8, within(1e-12));
        assertThat(one.spacingSeconds(Set.of(ApplyMode.RESTART))).isCloseTo(44.4, within(1e-12));
        // a compaction-strategy change: a rewrite taking 30% of throughput for 10 minutes = 180 throughput-seconds
        CostModel schema = new CostModel(14.8, 3, 1, 3, 0.3, 600, 0);
        assertThat(schema.outageSeconds(Set.of(ApplyMode.SCHEMA))).isCloseTo(180, within(1e-9));
        assertThat(schema.outageSeconds(Set.of(ApplyMode.SCHEMA, ApplyMode.RESTART))).isCloseTo(194.8, within(1e-9));
        assertThat(schema.spacingSeconds(Set.of(ApplyMode.SCHEMA, ApplyMode.RESTART))).isCloseTo(600, within(1e-9));
        assertThat(schema.outageSeconds(Set.of(ApplyMode.LIVE))).isZero();
        // all at once (Naïve): one round with every node down: 14.8 s of the whole cluster
        assertThat(one.allAtOnce().outageSeconds(Set.of(ApplyMode.RESTART))).isCloseTo(14.8, within(1e-12));
        assertThat(one.allAtOnce().spacingSeconds(Set.of(ApplyMode.RESTART))).isCloseTo(14.8, within(1e-12));
    }

    @Test
    void instanceSpacingIsTheCeilingOfSecondsOverTheStep() {
        PlanningInstance p = PlanningInstance.of(java.util.List.of(
                        dev.ctuner.advisor.core.forecast.WorkloadVector.ofReadRatio(0.5, 0)), 10,
                java.util.List.of(dev.ctuner.common.catalog.Configuration.EMPTY, dev.ctuner.common.catalog.Configuration.EMPTY),
                (w, c) -> 1000, CostModel.rolling(14.8, 3, 1, 3), (a, b) -> Set.of(ApplyMode.RESTART), 0, 0);
        assertThat(p.spacingSteps()[0][1]).isEqualTo(5);   // ⌈44.4 / 10⌉
        assertThat(p.switchLoss(0, 0, 1)).isCloseTo(14_800, within(1e-9));
        assertThat(p.served(0, 1)).isEqualTo(10_000);
    }
}
