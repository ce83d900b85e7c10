package dev.ctuner.advisor.core.forecast;

import java.util.Objects;

/**
 * Operations one node served in the interval ending at {@code timeSeconds} (counts, not totals
 * since start: the adapter takes differences of the node's cumulative counters).
 *
 * <pre>{@code
 * NodeSample s = new NodeSample(30, "10.0.0.1", new long[] {900, 100, 0, 0, 0});
 * }</pre>
 *
 * @param timeSeconds seconds since an origin chosen by the caller
 * @param node        node id
 * @param counts      operations per {@link Operation}, all non-negative
 */
public record NodeSample(long timeSeconds, String node, long[] counts) {

    public NodeSample {
        Objects.requireNonNull(node, "node");
        if (counts.length != Operation.COUNT) {
            throw new IllegalArgumentException("need " + Operation.COUNT + " counts (read, update, insert, scan, rmw), got "
                    + counts.length);
        }
        for (long c : counts) {
            if (c < 0) {
                throw new IllegalArgumentException("operation counts must be non-negative, got " + c + " for node " + node);
            }
        }
        counts = counts.clone();
    }

    @Override
    public long[] counts() {
        return counts.clone();
    }

    long count(int operation) {
        return counts[operation];
    }
}
