package dev.ctuner.advisor.core.vetting;

import dev.ctuner.common.catalog.ApplyMode;
import java.util.Objects;

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
 */
public record VettingPolicy(double minGain, double maxUncertainty, ApplyMode maxTier) {

    public VettingPolicy {
        Objects.requireNonNull(maxTier, "maxTier");
        if (maxTier == ApplyMode.BOOTSTRAP) {
            throw new IllegalArgumentException("BOOTSTRAP settings are never changed; the highest tier is RESTART");
        }
        if (!(maxUncertainty >= 0)) {
            throw new IllegalArgumentException("maxUncertainty must be ≥ 0, was " + maxUncertainty);
        }
    }
}
