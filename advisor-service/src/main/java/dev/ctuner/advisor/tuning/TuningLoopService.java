package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.store.LoopDecision;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.advisor.store.TuningLoop;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * What operators do with a cluster's tuning loop: read it, pause and resume it, set its approval
 * policy. A cluster is known once a sidecar reported it (its loop is created then, running, with
 * the manual policy) or it has a stored loop; anything else is a 404.
 *
 * <pre>{@code
 * service.pause(new ClusterId("prod"), "alice", "traffic peak");
 * service.setPolicy(new ClusterId("prod"), autoPolicy, "alice", "LIVE changes may go by themselves");
 * }</pre>
 */
@Service
public class TuningLoopService {

    private final TuningLoopStore store;
    private final ClusterRegistry registry;
    private final Clock clock;

    public TuningLoopService(TuningLoopStore store, ClusterRegistry registry, Clock clock) {
        this.store = store;
        this.registry = registry;
        this.clock = clock;
    }

    /** The cluster's loop; created (running, manual policy) the first time a cluster the sidecars report is asked for. */
    public TuningLoop get(ClusterId cluster) {
        Optional<TuningLoop> loop = store.find(cluster);
        if (loop.isPresent()) {
            return loop.get();
        }
        if (!registry.clusters().contains(cluster)) {
            throw new NotFoundException("cluster reported by a sidecar", cluster.value());
        }
        return store.ensure(cluster, ApprovalPolicy.manual(), clock.instant());
    }

    @Transactional
    public TuningLoop pause(ClusterId cluster, String actor, String comment) {
        TuningLoop loop = get(cluster);
        if (loop.paused()) {
            throw new LoopConflictException("the tuning loop of " + cluster.value() + " is already paused (by "
                    + loop.updatedBy() + loop.pausedReason().map(r -> ": " + r).orElse("") + "); resume it first");
        }
        TuningLoop after = new TuningLoop(cluster, true, Optional.of(comment), loop.policy(), loop.updatedAt(), actor, loop.version());
        return store.save(loop, after, actor, clock.instant(), "PAUSED", comment);
    }

    @Transactional
    public TuningLoop resume(ClusterId cluster, String actor, String comment) {
        TuningLoop loop = get(cluster);
        if (!loop.paused()) {
            throw new LoopConflictException("the tuning loop of " + cluster.value() + " is not paused");
        }
        TuningLoop after = new TuningLoop(cluster, false, Optional.empty(), loop.policy(), loop.updatedAt(), actor, loop.version());
        return store.save(loop, after, actor, clock.instant(), "RESUMED", comment);
    }

    @Transactional
    public TuningLoop setPolicy(ClusterId cluster, ApprovalPolicy policy, String actor, String comment) {
        TuningLoop loop = get(cluster);
        TuningLoop after = new TuningLoop(cluster, loop.paused(), loop.pausedReason(), policy, loop.updatedAt(), actor, loop.version());
        return store.save(loop, after, actor, clock.instant(), "POLICY",
                "policy " + TuningLoopStore.describe(loop.policy()) + " → " + TuningLoopStore.describe(policy) + ": " + comment);
    }

    public List<LoopDecision> decisions(ClusterId cluster, int limit) {
        get(cluster);
        return store.decisions(cluster, limit);
    }

    public List<TuningLoopStore.LoopAudit> auditTrail(ClusterId cluster, int limit) {
        get(cluster);
        return store.auditTrail(cluster, limit);
    }

    Instant now() {
        return clock.instant();
    }
}
