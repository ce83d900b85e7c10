package dev.ctuner.advisor.core.learning;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What the clients asked of the node: the operation mix, the key chooser and, when known, a
 * key-reuse summary. The surrogate sees the mix only; key reuse is kept for provenance and
 * experiment design (RAFIKI §3.1: KRD is not a surrogate input, it drives data collection).
 *
 * <pre>{@code
 * Workload w = Workload.ofReadRatio(0.9);   // 90% reads, 10% updates, zipfian keys
 * w.key();                                   // "r0.900 u0.100 i0.000 s0.000 m0.000 zipfian"
 * }</pre>
 *
 * @param keyReuseMean mean key-reuse distance in operations, when measured
 */
public record Workload(double readProportion, double updateProportion, double insertProportion,
                       double scanProportion, double rmwProportion, String distribution,
                       OptionalDouble keyReuseMean) {

    private static final double SUM_TOLERANCE = 0.011;

    public Workload {
        Objects.requireNonNull(distribution, "distribution");
        Objects.requireNonNull(keyReuseMean, "keyReuseMean");
        double[] parts = {readProportion, updateProportion, insertProportion, scanProportion, rmwProportion};
        double sum = 0;
        for (double p : parts) {
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException("operation proportions must lie in [0, 1], got " + p);
            }
            sum += p;
        }
        if (Math.abs(sum - 1) > SUM_TOLERANCE) {
            throw new IllegalArgumentException("operation proportions must sum to 1, sum to " + sum);
        }
    }

    /** RAFIKI's one-dimensional workload: a read ratio, the rest updates, zipfian keys. */
    public static Workload ofReadRatio(double readRatio) {
        return new Workload(readRatio, 1 - readRatio, 0, 0, 0, "zipfian", OptionalDouble.empty());
    }

    /** The mix as features, in the order of {@link #FEATURE_NAMES}. */
    public double[] features() {
        return new double[] {readProportion, updateProportion, insertProportion, scanProportion, rmwProportion};
    }

    /** Names of {@link #features()}. */
    public static final java.util.List<String> FEATURE_NAMES =
            java.util.List.of("read_proportion", "update_proportion", "insert_proportion", "scan_proportion", "rmw_proportion");

    /** A stable key for "the same workload" (mix rounded to 0.001, plus the key chooser). */
    public String key() {
        return String.format(Locale.ROOT, "r%.3f u%.3f i%.3f s%.3f m%.3f %s", readProportion, updateProportion,
                insertProportion, scanProportion, rmwProportion, distribution);
    }
}
