package dev.ctuner.advisor.core.observation;

import dev.ctuner.advisor.core.forecast.Operation;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.OperationCounts;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * One point of a cluster's workload series: every node's samples whose window midpoint falls in
 * [start, end), aggregated by {@link ClusterWindows#aggregate}.
 *
 * <pre>{@code
 * ClusterWindow w = windows.get(0);
 * w.workload().map(WorkloadVector::rate);   // the forecaster's view of this step
 * w.fingerprints().size() > 1;              // nodes ran different configurations
 * }</pre>
 *
 * @param nodes the nodes that reported in this step, sorted by id
 * @param operations operations of every node summed (the mix weighs each node by its operations)
 * @param readRatio share of reads and range scans in {@code operations}; null when nothing ran
 * @param opsPerSecond sum over the nodes of each node's operations per second (time-weighted when
 *                     a node has several windows in the step)
 * @param p99ReadMicros worst (largest) node p99 of coordinated reads; null when no node reported one
 * @param p99WriteMicros worst (largest) node p99 of coordinated writes; null when no node reported one
 * @param fingerprints the configuration fingerprints in effect on the nodes during the step, sorted
 */
public record ClusterWindow(Instant start, Instant end, List<NodeId> nodes, OperationCounts operations, Double readRatio,
                            double opsPerSecond, Double p99ReadMicros, Double p99WriteMicros,
                            SortedSet<String> fingerprints) {

    public ClusterWindow {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        nodes = List.copyOf(nodes);
        Objects.requireNonNull(operations, "operations");
        fingerprints = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(fingerprints));
    }

    /**
     * The step as the forecasting core's {@link WorkloadVector}; empty when no operation ran. Cassandra
     * does not tell inserts from updates, so writes and batches count as UPDATE (both are upserts on the
     * write path), lightweight transactions as RMW and range scans as SCAN.
     */
    public Optional<WorkloadVector> workload() {
        if (operations.total() == 0) {
            return Optional.empty();
        }
        double[] mix = new double[Operation.COUNT];
        mix[Operation.READ.ordinal()] = operations.reads();
        mix[Operation.UPDATE.ordinal()] = operations.writes() + operations.batches();
        mix[Operation.SCAN.ordinal()] = operations.rangeScans();
        mix[Operation.RMW.ordinal()] = operations.lwts();
        return Optional.of(new WorkloadVector(mix, opsPerSecond));
    }

    /** True when every node that reported ran the same configuration. */
    public boolean uniformConfiguration() {
        return fingerprints.size() <= 1;
    }
}
