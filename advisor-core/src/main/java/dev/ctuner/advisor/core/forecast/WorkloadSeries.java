package dev.ctuner.advisor.core.forecast;

import java.util.ArrayList;
import java.util.List;

/**
 * A cluster workload series: one {@link WorkloadVector} per step of {@code stepSeconds} (EUNOMIA's
 * T_d), step k covering [start + k·T_d, start + (k+1)·T_d).
 *
 * <pre>{@code
 * WorkloadSeries s = WorkloadSeries.aggregate(samples, 0, 300);   // T_d = 5 min
 * s.vectors().get(3);                                              // the 4th step
 * }</pre>
 */
public record WorkloadSeries(long startSeconds, long stepSeconds, List<WorkloadVector> vectors) {

    public WorkloadSeries {
        if (stepSeconds <= 0) {
            throw new IllegalArgumentException("stepSeconds must be positive, got " + stepSeconds);
        }
        vectors = List.copyOf(vectors);
    }

    public int size() {
        return vectors.size();
    }

    public WorkloadVector at(int step) {
        return vectors.get(step);
    }

    /** Steps [from, to) as a series starting at step {@code from}. */
    public WorkloadSeries slice(int from, int to) {
        return new WorkloadSeries(startSeconds + from * stepSeconds, stepSeconds, vectors.subList(from, to));
    }

    /**
     * Sums the node samples falling in each step (all nodes together: Cassandra balances load, so the
     * cluster's mix is what the configuration sees) and turns each sum into a mix and a rate. A step
     * without operations repeats the previous mix at rate 0 (all reads if it is the first).
     */
    public static WorkloadSeries aggregate(List<NodeSample> samples, long startSeconds, long stepSeconds) {
        long last = startSeconds;
        for (NodeSample s : samples) {
            last = Math.max(last, s.timeSeconds());
        }
        int steps = (int) ((last - startSeconds) / stepSeconds) + 1;
        double[][] sums = new double[steps][Operation.COUNT];
        for (NodeSample s : samples) {
            if (s.timeSeconds() < startSeconds) {
                continue;
            }
            int k = (int) ((s.timeSeconds() - startSeconds) / stepSeconds);
            for (int op = 0; op < Operation.COUNT; op++) {
                sums[k][op] += s.count(op);
            }
        }
        List<WorkloadVector> out = new ArrayList<>(steps);
        for (int k = 0; k < steps; k++) {
            double total = 0;
            for (double c : sums[k]) {
                total += c;
            }
            if (total == 0) {
                out.add(k == 0 ? WorkloadVector.ofReadRatio(1, 0) : new WorkloadVector(out.get(k - 1).mix(), 0));
            } else {
                out.add(new WorkloadVector(sums[k], total / stepSeconds));
            }
        }
        return new WorkloadSeries(startSeconds, stepSeconds, out);
    }
}
