package dev.ctuner.sidecar.observe;

import dev.ctuner.common.protocol.message.HistogramBucket;
import dev.ctuner.common.protocol.message.KeyReuseSummary;
import dev.ctuner.common.workload.IrmKeyReuseEstimator;
import dev.ctuner.common.workload.KeyReuseStats;

/** Turns the partition sampler's counts into the published key-reuse summary (pure). */
final class KeyReuseSummaries {

    static final String METHOD = "partition-sampler+irm";

    private KeyReuseSummaries() {
    }

    /**
     * @param keyedOperations operations on keys in the window (reads, writes, LWTs, batches): the
     *                        window length M the estimate is for
     */
    static KeyReuseSummary estimate(KeyReuseProbe.Counts counts, long keyedOperations) {
        String method = METHOD + (counts.saturated() ? "(saturated)" : "");
        if (counts.counts().isEmpty() || keyedOperations == 0) {
            return KeyReuseSummary.notSampled(method);
        }
        KeyReuseStats stats = new IrmKeyReuseEstimator().estimate(counts.counts(), keyedOperations);
        return new KeyReuseSummary(
                stats.histogram().stream().map(b -> new HistogramBucket(b.upperBoundExclusive(), b.count())).toList(),
                stats.mean(), stats.median(),
                stats.exponentialFit() == null ? null : stats.exponentialFit().rate(),
                stats.exponentialFit() == null ? null : stats.exponentialFit().rSquared(),
                // A least-squares slope of a flat popularity can come out as -1e-13; skew is never below 0.
                stats.popularitySkew() == null ? null : Math.max(0.0, stats.popularitySkew()), counts.total(), method);
    }
}
