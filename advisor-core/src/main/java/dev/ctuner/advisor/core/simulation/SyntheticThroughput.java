package dev.ctuner.advisor.core.simulation;

import dev.ctuner.advisor.core.forecast.Operation;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.planning.ThroughputModel;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobValue;
import java.util.List;

/**
 * A made-up f_ops for simulator runs without a trained surrogate. Its shape follows the papers'
 * qualitative findings, its numbers are not measurements: Size-Tiered favours writes and Leveled
 * favours reads (EUNOMIA: +44% / +90%), concurrent_writes helps writes under Size-Tiered and hurts
 * under Leveled (RAFIKI interaction), scans cost 70% of throughput.
 *
 * <pre>{@code
 * ThroughputModel f = new SyntheticThroughput();
 * f.opsPerSecond(WorkloadVector.ofReadRatio(0.9, 0), SyntheticThroughput.candidates().get(1));
 * }</pre>
 */
public final class SyntheticThroughput implements ThroughputModel {

    private static final double BASE = 40_000;

    /** Default first: Size-Tiered, 32 writers, threshold 0.11 (a restart knob), then 5 alternatives. */
    public static List<Configuration> candidates() {
        return List.of(config("SizeTieredCompactionStrategy", 32, 0.11),
                config("SizeTieredCompactionStrategy", 128, 0.3),
                config("SizeTieredCompactionStrategy", 64, 0.11),
                config("LeveledCompactionStrategy", 32, 0.11),
                config("LeveledCompactionStrategy", 16, 0.3),
                config("LeveledCompactionStrategy", 16, 0.11));
    }

    public static Configuration config(String compaction, long concurrentWrites, double cleanupThreshold) {
        return new Configuration(java.util.Map.of(
                dev.ctuner.common.catalog.KnobName.of("compaction.class"), KnobValue.of(compaction),
                dev.ctuner.common.catalog.KnobName.of("concurrent_writes"), KnobValue.of(concurrentWrites),
                dev.ctuner.common.catalog.KnobName.of("memtable_cleanup_threshold"), KnobValue.of(cleanupThreshold)));
    }

    @Override
    public double opsPerSecond(WorkloadVector w, Configuration c) {
        double reads = w.proportion(Operation.READ) + w.proportion(Operation.SCAN);
        double writes = 1 - reads;
        boolean leveled = c.get("compaction.class").map(KnobValue::text).orElse("").startsWith("Leveled");
        double writers = c.get("concurrent_writes").map(v -> Double.parseDouble(v.text())).orElse(32.0);
        double threshold = c.get("memtable_cleanup_threshold").map(v -> Double.parseDouble(v.text())).orElse(0.11);
        double compaction = leveled ? 1 + 0.9 * reads - 0.2 * writes : 1 + 0.44 * writes;
        double concurrency = 1 + 0.08 * writes * (Math.log(writers / 32) / Math.log(2)) * (leveled ? -1 : 1);
        double flushing = 1 + 0.05 * writes * (threshold - 0.11) / 0.2;
        return BASE * compaction * concurrency * flushing * (1 - 0.7 * w.proportion(Operation.SCAN));
    }
}
