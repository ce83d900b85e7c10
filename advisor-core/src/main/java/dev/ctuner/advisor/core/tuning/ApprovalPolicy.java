package dev.ctuner.advisor.core.tuning;

import dev.ctuner.common.catalog.ApplyMode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A cluster's approval policy: {@link ApprovalMode#MANUAL} (a human approves every proposal, the
 * default) or {@link ApprovalMode#AUTO} within limits the operator sets. A proposal outside any
 * limit is not refused: it waits for an operator like any manual one.
 *
 * <pre>{@code
 * ApprovalPolicy policy = ApprovalPolicy.manual();                        // the default
 * ApprovalPolicy auto = new ApprovalPolicy(ApprovalMode.AUTO, Set.of(ApplyMode.LIVE), 0.05, 0.0, true, 1, Optional.empty());
 * List<String> errors = ApprovalPolicy.violations(...);                   // every out-of-range limit, for a 400
 * }</pre>
 *
 * @param mode                 who approves
 * @param allowedTiers         cost tiers the advisor may approve by itself (default LIVE only: nothing restarts)
 * @param minPredictedGain     the predicted gain (0.05 = +5 %) must reach this, in [0, 1]
 * @param minLowerBound        the lower bound of the gain's interval must reach this, in [-1, 1], at most minPredictedGain
 * @param insideDataRegionOnly approve only proposals inside the region of data the model was trained on
 * @param maxChangesPerDay     at most this many automatic approvals in any 24 hours, in [1, 24]
 * @param window               automatic approvals only inside this maintenance window, when present
 */
public record ApprovalPolicy(ApprovalMode mode, Set<ApplyMode> allowedTiers, double minPredictedGain, double minLowerBound,
                             boolean insideDataRegionOnly, int maxChangesPerDay, Optional<MaintenanceWindow> window) {

    public static final double DEFAULT_MIN_GAIN = 0.05;
    public static final int MAX_CHANGES_PER_DAY = 24;

    public ApprovalPolicy {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(window, "window");
        List<String> errors = violations(allowedTiers, minPredictedGain, minLowerBound, maxChangesPerDay);
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", errors));
        }
        allowedTiers = Set.copyOf(EnumSet.copyOf(allowedTiers));
    }

    /** Manual approval; the limits shown are the ones {@code auto} would start from. */
    public static ApprovalPolicy manual() {
        return new ApprovalPolicy(ApprovalMode.MANUAL, Set.of(ApplyMode.LIVE), DEFAULT_MIN_GAIN, 0.0, true, 1, Optional.empty());
    }

    /**
     * Every limit out of range, each naming the field, its value and what is allowed; empty when the
     * limits are valid.
     */
    public static List<String> violations(Set<ApplyMode> allowedTiers, double minPredictedGain, double minLowerBound,
                                          int maxChangesPerDay) {
        List<String> errors = new ArrayList<>();
        if (allowedTiers == null || allowedTiers.isEmpty()) {
            errors.add("allowedTiers must name at least one of LIVE, SCHEMA, RESTART");
        } else if (allowedTiers.contains(ApplyMode.BOOTSTRAP)) {
            errors.add("allowedTiers must not contain BOOTSTRAP: such settings are never changed");
        }
        if (!(minPredictedGain >= 0 && minPredictedGain <= 1)) {
            errors.add("minPredictedGain must be within [0, 1] (0.05 = +5 %), was " + minPredictedGain);
        }
        if (!(minLowerBound >= -1 && minLowerBound <= 1)) {
            errors.add("minLowerBound must be within [-1, 1], was " + minLowerBound);
        } else if (minLowerBound > minPredictedGain) {
            errors.add("minLowerBound (" + minLowerBound + ") must not exceed minPredictedGain (" + minPredictedGain + ")");
        }
        if (maxChangesPerDay < 1 || maxChangesPerDay > MAX_CHANGES_PER_DAY) {
            errors.add("maxChangesPerDay must be within [1, " + MAX_CHANGES_PER_DAY + "], was " + maxChangesPerDay);
        }
        return errors;
    }
}
