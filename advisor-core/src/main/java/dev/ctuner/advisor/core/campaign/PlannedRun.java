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

    /** The design point and repetition a {@link #key()} names. */
    public record Key(String designPoint, int repetition) {
    }

    /** The inverse of {@link #key()}: {@code c03@rr0.5/r1} is point {@code c03@rr0.5}, repetition 1. */
    public static Key parseKey(String key) {
        int at = key.lastIndexOf("/r");
        if (at <= 0) {
            throw new IllegalArgumentException("'" + key + "' is not a run key (point/rN)");
        }
        try {
            return new Key(key.substring(0, at), Integer.parseInt(key.substring(at + 2)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + key + "' is not a run key (point/rN)", e);
        }
    }
}
