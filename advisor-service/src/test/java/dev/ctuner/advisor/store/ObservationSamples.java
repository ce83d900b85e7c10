package dev.ctuner.advisor.store;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.CacheHitRatios;
import dev.ctuner.common.protocol.message.ConfigurationSnapshot;
import dev.ctuner.common.protocol.message.HistogramBucket;
import dev.ctuner.common.protocol.message.KeyReuseSummary;
import dev.ctuner.common.protocol.message.LatencyPercentiles;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.Performance;
import dev.ctuner.common.protocol.message.SstablesPerRead;
import dev.ctuner.common.protocol.message.TableOperations;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Workload sample envelopes for store, ingest and API tests. */
public final class ObservationSamples {

    private ObservationSamples() {
    }

    /**
     * A 30 s window starting at {@code start} with the given reads and writes, a reported throughput of
     * (reads + writes) / 30, p99s, a key reuse summary and the configuration {@code config}.
     */
    public static Envelope sample(String cluster, String node, Instant start, long reads, long writes, Double p99Read,
                                  Double p99Write, Map<String, String> config) {
        long total = reads + writes;
        Performance p = new Performance(total / 30.0, new LatencyPercentiles(100.0, 200.0, p99Read, 5000.0),
                new LatencyPercentiles(50.0, 80.0, p99Write, 900.0), LatencyPercentiles.UNKNOWN, LatencyPercentiles.UNKNOWN,
                List.of(), 3L, SstablesPerRead.UNKNOWN, new CacheHitRatios(0.9, null, 0.5), Map.of("MUTATION", 2L),
                12L, 1L, 1_000_000L, 8_000_000L);
        KeyReuseSummary reuse = new KeyReuseSummary(List.of(new HistogramBucket(1, 5), new HistogramBucket(2, 7)), 40.0, 12.0,
                0.02, 0.93, 0.99, 500, "space-saving");
        WorkloadSample s = new WorkloadSample(start, start.plusSeconds(30), new OperationCounts(reads, writes, 0, 0, 0),
                total == 0 ? null : (double) reads / total,
                List.of(new TableOperations("shop", "orders", new OperationCounts(reads, writes, 0, 0, 0), null)), p, reuse,
                new ConfigurationSnapshot(config, "sha256:" + Integer.toHexString(config.hashCode())), List.of());
        return Envelope.of(new ClusterId(cluster), new NodeId(node), UUID.randomUUID(), start.plusSeconds(31), s);
    }

    public static Envelope sample(String cluster, String node, Instant start, long reads, long writes) {
        return sample(cluster, node, start, reads, writes, 1000.0, 400.0, Map.of("concurrent_reads", "32"));
    }
}
