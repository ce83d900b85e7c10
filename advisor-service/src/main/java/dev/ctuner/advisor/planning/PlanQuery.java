package dev.ctuner.advisor.planning;

import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A question for the planner, as the REST layer received it; {@link PlanService} checks it.
 *
 * <pre>{@code
 * new PlanQuery(List.of(new PlanQuery.Step(new double[] {0.9, 0.1, 0, 0, 0}, 40_000)), 300,
 *         new PhysicalDesign(3, 3), Map.of(), Optional.empty(), new PlanQuery.Costs(14.8, 1, 3, 0.3, 600),
 *         0, 0, 0.02, OptionalLong.empty());
 * }</pre>
 *
 * @param candidates     configurations to choose from, each laid over {@code current}; empty = the
 *                       surrogate's optimum for every distinct forecast workload
 * @param minSpacingSeconds the operator's floor on the time between two changes
 * @param cooldownSeconds   time before the first change may start (a change still running)
 * @param margin            benefit − loss must exceed this share of the operations of staying
 */
public record PlanQuery(List<Step> forecast, double stepSeconds, PhysicalDesign design, Map<String, String> current,
                        Optional<List<Map<String, String>>> candidates, Costs costs, double minSpacingSeconds,
                        double cooldownSeconds, double margin, OptionalLong seed) {

    /** One forecast step: operation mix (read, update, insert, scan, rmw) and rate in ops/s. */
    public record Step(double[] mix, double rate) {
        public Step {
            mix = mix.clone();
        }
    }

    /**
     * What a change costs (EUNOMIA Eq. 8): T_r seconds a node is out per restart, R nodes down per
     * round, the rounds of a rolling restart, and the share and duration of a compaction rewrite.
     */
    public record Costs(double restartSeconds, int nodesDownPerRound, int rounds, double rewriteFraction,
                        double rewriteSeconds) {
    }

    public PlanQuery {
        forecast = List.copyOf(forecast);
        Objects.requireNonNull(design, "design");
        current = Map.copyOf(current);
        Objects.requireNonNull(candidates, "candidates");
        Objects.requireNonNull(costs, "costs");
        Objects.requireNonNull(seed, "seed");
    }
}
