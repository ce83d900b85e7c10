package dev.ctuner.advisor.core.planning;

import dev.ctuner.advisor.core.forecast.WorkloadVector;
import java.util.List;
import java.util.Locale;

/**
 * When to plan again (EUNOMIA §4.5): toward the end of the lookahead, or when the observed workload
 * departs from the forecast by more than {@code maxDeviation} (largest proportion difference),
 * rate-limited to one re-plan per {@code minStepsBetween} steps so that transient, non-deterministic
 * periods do not trigger a re-plan at every step.
 *
 * <pre>{@code
 * ReplanRule rule = new ReplanRule(0.2, 3, 1);
 * rule.decide(observedSincePlan, forecastAtPlan);   // Decision[replan=true, reason="..."]
 * }</pre>
 *
 * @param maxDeviation    largest tolerated |observed − forecast| of one proportion
 * @param minStepsBetween steps that must pass after a plan before a deviation may trigger another
 * @param endMargin       re-plan when at most this many forecast steps are left
 */
public record ReplanRule(double maxDeviation, int minStepsBetween, int endMargin) {

    /** The decision and why. */
    public record Decision(boolean replan, String reason) {
    }

    public ReplanRule {
        if (!(maxDeviation > 0) || minStepsBetween < 1 || endMargin < 0) {
            throw new IllegalArgumentException("need maxDeviation > 0, minStepsBetween ≥ 1, endMargin ≥ 0");
        }
    }

    /**
     * @param observedSincePlan observed steps since the plan was made (plan step p .. now − 1)
     * @param forecastAtPlan    the forecast the plan used, for steps p, p + 1, ...
     */
    public Decision decide(List<WorkloadVector> observedSincePlan, List<WorkloadVector> forecastAtPlan) {
        int elapsed = observedSincePlan.size();
        if (forecastAtPlan.size() - elapsed <= endMargin) {
            return new Decision(true, "end of the lookahead: " + (forecastAtPlan.size() - elapsed) + " forecast steps left");
        }
        if (elapsed == 0) {
            return new Decision(false, "just planned");
        }
        double deviation = observedSincePlan.get(elapsed - 1).maxProportionDifference(forecastAtPlan.get(elapsed - 1));
        if (deviation <= maxDeviation) {
            return new Decision(false, "on forecast");
        }
        if (elapsed < minStepsBetween) {
            return new Decision(false, String.format(Locale.ROOT, "departed by %.2f but rate-limited (%d of %d steps)",
                    deviation, elapsed, minStepsBetween));
        }
        return new Decision(true, String.format(Locale.ROOT, "observed workload departs from the forecast by %.2f > %.2f",
                deviation, maxDeviation));
    }
}
