package dev.ctuner.advisor.core.planning;

import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import java.util.Set;

/**
 * One entry of a plan for an adapter: start applying {@code configuration} {@code offsetSeconds} after
 * the plan's origin (step {@code step}); the change needs {@code tiers} and is expected to cost
 * {@code expectedLoss} operations (EUNOMIA Eq. 8).
 *
 * <pre>{@code
 * proposal.changes().get(0).offsetSeconds();   // 300: in five minutes
 * }</pre>
 */
public record PlannedChange(int step, double offsetSeconds, Configuration configuration, Set<ApplyMode> tiers,
                            double expectedLoss) {

    public PlannedChange {
        tiers = Set.copyOf(tiers);
    }
}
