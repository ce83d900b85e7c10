package dev.ctuner.advisor.ring;

import dev.ctuner.common.protocol.ClusterId;
import java.util.List;

/**
 * The sidecars' reports of a cluster do not give one complete, fresh, agreed ring; carries every reason.
 *
 * <pre>{@code
 * catch (RingRefusedException e) { e.reasons(); }  // ["node 10.0.0.3 (host id ...), seen by 10.0.0.1, has no sidecar report ..."]
 * }</pre>
 */
public final class RingRefusedException extends RuntimeException {

    private final ClusterId cluster;
    private final List<String> reasons;

    public RingRefusedException(ClusterId cluster, List<String> reasons) {
        super("the ring of cluster " + cluster + " cannot be taken from its sidecars' reports: " + String.join("; ", reasons));
        this.cluster = cluster;
        this.reasons = List.copyOf(reasons);
    }

    public ClusterId cluster() {
        return cluster;
    }

    public List<String> reasons() {
        return reasons;
    }
}
