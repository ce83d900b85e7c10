package dev.ctuner.advisor.core.vetting;

import dev.ctuner.common.catalog.ApplyMode;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The operator's thresholds for letting a recommendation through.
 *
 * <pre>{@code
 * new VettingPolicy(0.02, 0.20, ApplyMode.RESTART);  // lower bound of gain > 2 %, interval ≤ 20 points, restarts ok
 * }</pre>
 *
 * @param minGain        the lower bound of the predicted gain must exceed this
 * @param maxUncertainty the gain interval (upper − lower) may be at most this wide
 * @param maxTier        the most expensive way of applying a change the operator accepts
 * @param raceRequiredFor the cost tiers for which a model's recommendation must first win a race on a real node
 *                        ({@link RaceGate}); a tier left out relies on the canary and the verification after the
 *                        rollout, which roll a change back when it measures worse
 */
public record VettingPolicy(double minGain, double maxUncertainty, ApplyMode maxTier, Set<ApplyMode> raceRequiredFor) {

    /** A race required for every tier. */
    public VettingPolicy(double minGain, double maxUncertainty, ApplyMode maxTier) {
        this(minGain, maxUncertainty, maxTier, EnumSet.of(ApplyMode.LIVE, ApplyMode.SCHEMA, ApplyMode.RESTART));
    }

    public VettingPolicy {
        Objects.requireNonNull(maxTier, "maxTier");
        raceRequiredFor = raceRequiredFor.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(raceRequiredFor));
        if (maxTier == ApplyMode.BOOTSTRAP) {
            throw new IllegalArgumentException("BOOTSTRAP settings are never changed; the highest tier is RESTART");
        }
        if (!(maxUncertainty >= 0)) {
            throw new IllegalArgumentException("maxUncertainty must be ≥ 0, was " + maxUncertainty);
        }
    }
}
