package dev.ctuner.advisor.core.observation;

import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.OperationCounts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds a cluster's workload series from its nodes' sample windows: one {@link ClusterWindow} per
 * step of length T_d, steps aligned to multiples of T_d since the epoch, a node window belonging to
 * the step that holds its midpoint (sidecars start their windows independently, so windows of
 * different nodes are not aligned; the midpoint tolerates a shift of up to half a window).
 *
 * <p>Within a step: operations are summed over all nodes (the mix and read ratio are therefore
 * weighted by operations, the view the configuration sees, as in EUNOMIA §4.1); the rate is the
 * sum of the nodes' rates; p99 is the worst node's. The worst node p99 is an upper bound of the
 * cluster p99 (a quantile of a mixture of distributions lies between the smallest and the largest
 * quantile of its parts) and it is the node that makes a quorum slow; an average of node p99s is
 * not a percentile of anything.
 *
 * <pre>{@code
 * List<ClusterWindow> windows = ClusterWindows.aggregate(nodeWindows, Duration.ofSeconds(30));
 * WorkloadSeries series = ClusterWindows.toWorkloadSeries(windows, Duration.ofSeconds(30));
 * }</pre>
 */
public final class ClusterWindows {

    private ClusterWindows() {
    }

    /** One window per step that has at least one node window, oldest first. */
    public static List<ClusterWindow> aggregate(List<NodeWindow> windows, Duration step) {
        long stepMillis = stepMillis(step);
        Map<Long, List<NodeWindow>> byStep = new TreeMap<>();
        for (NodeWindow w : windows) {
            long k = Math.floorDiv(w.midpoint().toEpochMilli(), stepMillis);
            byStep.computeIfAbsent(k, x -> new ArrayList<>()).add(w);
        }
        List<ClusterWindow> out = new ArrayList<>(byStep.size());
        byStep.forEach((k, members) -> out.add(window(Instant.ofEpochMilli(k * stepMillis),
                Instant.ofEpochMilli((k + 1) * stepMillis), members)));
        return out;
    }

    private static ClusterWindow window(Instant start, Instant end, List<NodeWindow> members) {
        long reads = 0;
        long writes = 0;
        long scans = 0;
        long lwts = 0;
        long batches = 0;
        Double p99Read = null;
        Double p99Write = null;
        TreeSet<String> fingerprints = new TreeSet<>();
        // per node: operations·seconds and seconds, so that a node with two windows in the step counts once
        Map<NodeId, double[]> rates = new TreeMap<>(ConfigurationDrift.BY_ID);
        for (NodeWindow w : members) {
            OperationCounts o = w.operations();
            reads += o.reads();
            writes += o.writes();
            scans += o.rangeScans();
            lwts += o.lwts();
            batches += o.batches();
            p99Read = worst(p99Read, w.p99ReadMicros());
            p99Write = worst(p99Write, w.p99WriteMicros());
            fingerprints.add(w.fingerprint());
            double[] acc = rates.computeIfAbsent(w.node(), n -> new double[2]);
            acc[0] += w.rate() * w.seconds();
            acc[1] += w.seconds();
        }
        double rate = 0;
        for (double[] acc : rates.values()) {
            rate += acc[0] / acc[1];
        }
        OperationCounts sum = new OperationCounts(reads, writes, scans, lwts, batches);
        Double readRatio = sum.total() == 0 ? null : (double) (reads + scans) / sum.total();
        return new ClusterWindow(start, end, List.copyOf(rates.keySet()), sum, readRatio, rate, p99Read, p99Write,
                fingerprints);
    }

    private static Double worst(Double a, Double b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : Math.max(a, b);
    }

    /**
     * The windows as the forecasting core's series, from the first window's step to the last one's.
     * A step without operations (no sample, or an idle cluster) repeats the previous mix at rate 0,
     * all reads if it is the first, as {@link WorkloadSeries#aggregate} does.
     *
     * @param windows the output of {@link #aggregate} with the same {@code step}, oldest first
     */
    public static WorkloadSeries toWorkloadSeries(List<ClusterWindow> windows, Duration step) {
        long stepMillis = stepMillis(step);
        if (windows.isEmpty()) {
            return new WorkloadSeries(0, stepMillis / 1000, List.of());
        }
        long first = Math.floorDiv(windows.get(0).start().toEpochMilli(), stepMillis);
        long last = Math.floorDiv(windows.get(windows.size() - 1).start().toEpochMilli(), stepMillis);
        WorkloadVector[] vectors = new WorkloadVector[(int) (last - first + 1)];
        for (ClusterWindow w : windows) {
            long k = Math.floorDiv(w.start().toEpochMilli(), stepMillis);
            if (k < first || k > last || w.end().toEpochMilli() - w.start().toEpochMilli() != stepMillis) {
                throw new IllegalArgumentException("window " + w.start() + " to " + w.end() + " is not a step of " + step
                        + " in order; aggregate with the same step first");
            }
            w.workload().ifPresent(v -> vectors[(int) (k - first)] = v);
        }
        List<WorkloadVector> out = new ArrayList<>(vectors.length);
        for (WorkloadVector v : vectors) {
            if (v != null) {
                out.add(v);
            } else {
                out.add(out.isEmpty() ? WorkloadVector.ofReadRatio(1, 0) : new WorkloadVector(out.get(out.size() - 1).mix(), 0));
            }
        }
        return new WorkloadSeries(first * stepMillis / 1000, stepMillis / 1000, out);
    }

    private static long stepMillis(Duration step) {
        if (step == null || step.toMillis() < 1000 || step.toMillis() % 1000 != 0) {
            throw new IllegalArgumentException("step must be a whole number of seconds, at least 1 s, but was " + step);
        }
        return step.toMillis();
    }
}
