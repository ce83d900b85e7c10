package dev.ctuner.advisor.core.campaign;

import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One measurement a campaign plans: a design point (configuration at a workload) and which
 * repetition of it this is.
 *
 * @param designPoint   stable id of the point, e.g. {@code c03@rr0.5}
 * @param repetition    0-based
 * @param configuration knob name to value in cassandra.yaml spelling; empty: the defaults
 */
public record PlannedRun(String designPoint, int repetition, Map<String, String> configuration, WorkloadSpec workload) {

    public PlannedRun {
        if (designPoint == null || designPoint.isBlank()) {
            throw new IllegalArgumentException("a planned run needs a design point");
        }
        if (repetition < 0) {
            throw new IllegalArgumentException("repetition must be 0 or more, was " + repetition);
        }
        configuration = new TreeMap<>(Objects.requireNonNull(configuration, "configuration"));
        Objects.requireNonNull(workload, "workload");
    }

    /** The point and repetition, as run ids and reports name them: {@code c03@rr0.5/r1}. */
    public String key() {
        return designPoint + "/r" + repetition;
    }
}
