package dev.ctuner.advisor.ring;

import dev.ctuner.common.protocol.ClusterId;

/**
 * No sidecar has reported the cluster a request names: the advisor knows nothing of its nodes.
 *
 * <pre>{@code
 * throw new UnknownClusterException(new ClusterId("prod"));
 * }</pre>
 */
public final class UnknownClusterException extends RuntimeException {

    public UnknownClusterException(ClusterId cluster) {
        super("no sidecar has reported cluster '" + cluster + "': start a sidecar next to each of its nodes with that "
                + "cluster id (GET /api/v1/clusters lists the clusters the advisor hears)");
    }
}
