package dev.ctuner.advisor.tuning;

import dev.ctuner.common.protocol.message.TableOperations;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The user table that carries a cluster's workload, from the operations per table its sidecars
 * report: the one with the most operations over the given samples, if it carries at least
 * {@code minShare} of the operations on user tables. The model was trained on one table's workload,
 * so its table options (compression, compaction, ...) are proposed for that table only; a cluster
 * whose load is spread over many tables gets node settings alone. Pure.
 *
 * <pre>{@code
 * WorkloadTable.of(samples, 0.5);   // Optional[shop.orders] when shop.orders carries half the operations or more
 * }</pre>
 */
record WorkloadTable(String name, double share, long operations) {

    static Optional<WorkloadTable> of(List<WorkloadSample> samples, double minShare) {
        Map<String, Long> perTable = new TreeMap<>();
        long total = 0;
        for (WorkloadSample s : samples) {
            for (TableOperations t : s.tables()) {
                if (t.keyspace().toLowerCase(Locale.ROOT).startsWith("system")) {
                    continue;
                }
                long ops = t.operations().total();
                perTable.merge(t.keyspace() + "." + t.table(), ops, Long::sum);
                total += ops;
            }
        }
        if (total == 0) {
            return Optional.empty();
        }
        Map.Entry<String, Long> busiest = perTable.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        double share = busiest.getValue() / (double) total;
        return share >= minShare ? Optional.of(new WorkloadTable(busiest.getKey(), share, busiest.getValue())) : Optional.empty();
    }
}
