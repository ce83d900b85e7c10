package dev.ctuner.advisor.core.forecast;

import dev.ctuner.advisor.core.learning.Workload;
import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The cluster workload in one step (EUNOMIA §4.1, W(t) = {p1(t), ..., pn(t)}): the operation mix
 * as proportions summing to 1 and the total rate in operations per second.
 *
 * <pre>{@code
 * WorkloadVector w = WorkloadVector.ofReadRatio(0.9, 40_000);
 * w.proportion(Operation.READ);   // 0.9
 * w.toWorkload("zipfian");         // the learning core's Workload, for the surrogate
 * }</pre>
 */
public final class WorkloadVector {

    private final double[] mix;
    private final double rate;

    /** @param mix proportions per {@link Operation}; normalised here if they sum to a positive number */
    public WorkloadVector(double[] mix, double rate) {
        if (mix.length != Operation.COUNT) {
            throw new IllegalArgumentException("a mix has " + Operation.COUNT + " proportions, got " + mix.length);
        }
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be a non-negative number, got " + rate);
        }
        double sum = 0;
        for (double p : mix) {
            if (!(p >= 0) || Double.isInfinite(p)) {
                throw new IllegalArgumentException("proportions must be non-negative numbers, got " + Arrays.toString(mix));
            }
            sum += p;
        }
        if (sum <= 0) {
            throw new IllegalArgumentException("a mix needs a positive proportion, got " + Arrays.toString(mix));
        }
        this.mix = new double[mix.length];
        for (int i = 0; i < mix.length; i++) {
            this.mix[i] = mix[i] / sum;
        }
        this.rate = rate;
    }

    /**
     * The same workload with its inserts counted as updates: both are upserts on Cassandra's write
     * path, so a model measured only on read/update mixes can be asked about insert phases this way
     * (it never saw an insert proportion above 0 and cannot tell what one does).
     */
    public WorkloadVector insertsAsUpdates() {
        double[] m = mix.clone();
        m[Operation.UPDATE.ordinal()] += m[Operation.INSERT.ordinal()];
        m[Operation.INSERT.ordinal()] = 0;
        return new WorkloadVector(m, rate);
    }

    /** Reads {@code readRatio}, updates the rest (RAFIKI's one-dimensional workload). */
    public static WorkloadVector ofReadRatio(double readRatio, double rate) {
        return new WorkloadVector(new double[] {readRatio, 1 - readRatio, 0, 0, 0}, rate);
    }

    /** Clips every proportion to [0, 1] and renormalises (falls back to all reads if everything clips to 0). */
    public static WorkloadVector clipped(double[] mix, double rate) {
        double[] m = new double[mix.length];
        double sum = 0;
        for (int i = 0; i < m.length; i++) {
            m[i] = Double.isNaN(mix[i]) ? 0 : Math.min(1, Math.max(0, mix[i]));
            sum += m[i];
        }
        if (sum <= 0) {
            m[Operation.READ.ordinal()] = 1;
        }
        return new WorkloadVector(m, Double.isNaN(rate) ? 0 : Math.max(0, rate));
    }

    public double proportion(Operation op) {
        return mix[op.ordinal()];
    }

    public double[] mix() {
        return mix.clone();
    }

    public double rate() {
        return rate;
    }

    /** Euclidean distance between the mixes (the rate is not compared). */
    public double mixDistance(WorkloadVector other) {
        double s = 0;
        for (int i = 0; i < mix.length; i++) {
            s += (mix[i] - other.mix[i]) * (mix[i] - other.mix[i]);
        }
        return Math.sqrt(s);
    }

    /** Largest absolute difference of one proportion. */
    public double maxProportionDifference(WorkloadVector other) {
        double d = 0;
        for (int i = 0; i < mix.length; i++) {
            d = Math.max(d, Math.abs(mix[i] - other.mix[i]));
        }
        return d;
    }

    /** The learning core's workload for this mix, for the surrogate. */
    public Workload toWorkload(String distribution) {
        double[] m = mix;
        // rounding may leave the sum a hair away from 1; Workload tolerates 0.011
        return new Workload(m[0], m[1], m[2], m[3], m[4], distribution, OptionalDouble.empty());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WorkloadVector w && Arrays.equals(mix, w.mix) && Double.compare(rate, w.rate) == 0;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(mix) + Double.hashCode(rate);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "r%.2f u%.2f i%.2f s%.2f m%.2f @%.0f/s", mix[0], mix[1], mix[2], mix[3], mix[4], rate);
    }
}
