package dev.ctuner.advisor.core.racing;

import java.util.Objects;

/**
 * One instance of the tuning problem: "a pair (YCSB workload, random seed)" (irace paper §3.3).
 * The workload is an opaque label the measuring side understands (e.g. {@code read=0.5}).
 *
 * <pre>{@code
 * Instance i = new Instance(0, "read=0.5", 8_211_447L);
 * }</pre>
 *
 * @param index    position in the tuner's instance sequence, 0-based; stable across a replay
 * @param workload label of the workload
 * @param seed     seed of the workload's random choices (keys, operation mix)
 */
public record Instance(int index, String workload, long seed) {

    public Instance {
        if (index < 0) {
            throw new IllegalArgumentException("instance index must be >= 0, was " + index);
        }
        Objects.requireNonNull(workload, "workload");
    }
}
