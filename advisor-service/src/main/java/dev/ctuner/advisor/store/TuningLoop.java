package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A cluster's stored tuning loop: whether it runs, and its approval policy.
 *
 * <pre>{@code
 * store.find(cluster).map(TuningLoop::paused);
 * }</pre>
 *
 * @param pausedReason the operator's comment when paused
 * @param version      for optimistic locking: every change is conditional on it
 */
public record TuningLoop(ClusterId clusterId, boolean paused, Optional<String> pausedReason, ApprovalPolicy policy,
                         Instant updatedAt, String updatedBy, long version) {

    public TuningLoop {
        Objects.requireNonNull(clusterId, "clusterId");
        Objects.requireNonNull(pausedReason, "pausedReason");
        Objects.requireNonNull(policy, "policy");
    }
}
