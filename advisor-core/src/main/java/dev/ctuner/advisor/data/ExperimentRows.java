package dev.ctuner.advisor.data;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.ValidationReport;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.OperationStats;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * An {@link ExperimentResult} as a row of the experiment CSV (docs/data/README.md), column name to
 * text, so that the advisor's own measurements and the lab's files are read by one reader
 * ({@link ExperimentCsvReader#readRows}). Every knob column holds the knob's effective value: the one
 * the run set, else the catalog's default on the node.
 *
 * <pre>{@code
 * Map<String, String> row = ExperimentRows.of(result, "c-2026-12", "c03@rr0.5", 0, knobs, catalog, facts);
 * }</pre>
 */
public final class ExperimentRows {

    /** Where the node and the load generator ran, for a run an experiment sidecar measured on its own node. */
    public static final String SIDECAR_PLACEMENT = "sidecar";

    private ExperimentRows() {
    }

    /**
     * @param knobs the knobs to give a column each ({@code knob.<name>}), e.g. the campaign's design knobs
     */
    public static Map<String, String> of(ExperimentResult r, String campaign, String designPoint, int repetition,
            List<String> knobs, KnobCatalog catalog, NodeFacts facts) {
        Map<String, String> row = new LinkedHashMap<>();
        WorkloadSpec w = r.workload();
        row.put("experiment_id", r.experimentId());
        row.put("campaign", campaign);
        row.put("design_point", designPoint);
        row.put("repetition", Integer.toString(repetition));
        row.put("started_at", r.startedAt().toString());
        row.put("finished_at", r.finishedAt().toString());
        row.put("wall_seconds", fmt(Duration.between(r.startedAt(), r.finishedAt()).toMillis() / 1000.0));
        row.put("quality", r.quality().name());
        row.put("quality_notes", String.join("; ", r.qualityNotes()));
        row.put("cassandra_version", r.versions().cassandra());
        row.put("driver_version", r.versions().sidecar());
        row.put("cores", Integer.toString(r.hardware().cores()));
        row.put("memory_mib", Long.toString(r.hardware().memoryMiB()));
        row.put("heap_mib", Long.toString(r.hardware().heapMiB()));
        row.put("nodes", Integer.toString(r.physicalDesign().nodes()));
        row.put("rf", Integer.toString(r.physicalDesign().replicationFactor()));
        row.put("read_proportion", fmt(w.readProportion()));
        row.put("update_proportion", fmt(w.updateProportion()));
        row.put("insert_proportion", fmt(w.insertProportion()));
        row.put("scan_proportion", fmt(w.scanProportion()));
        row.put("rmw_proportion", fmt(w.readModifyWriteProportion()));
        row.put("distribution", w.requestDistribution().name().toLowerCase(Locale.ROOT));
        row.put("record_count", Long.toString(w.recordCount()));
        row.put("operation_count", Long.toString(w.operationCount()));
        row.put("threads", Integer.toString(w.threads()));
        row.put("seed", Long.toString(w.seed()));
        row.put("placement", SIDECAR_PLACEMENT);
        row.put("throughput", fmt(r.throughputOpsPerSecond()));
        OperationStats read = r.operationStats().get("READ");
        OperationStats write = r.operationStats().get("UPDATE");
        row.put("read_p50_us", micros(read == null ? null : read.p50Micros()));
        row.put("read_p99_us", micros(read == null ? null : read.p99Micros()));
        row.put("write_p50_us", micros(write == null ? null : write.p50Micros()));
        row.put("write_p99_us", micros(write == null ? null : write.p99Micros()));
        row.put("errors", Long.toString(r.operationStats().values().stream().mapToLong(OperationStats::errors).sum()));
        row.put("machine", r.machine().orElse(""));
        Map<String, String> effective = effective(r.configuration(), knobs, catalog, facts);
        knobs.forEach(k -> row.put(ExperimentCsvReader.KNOB_PREFIX + k, effective.getOrDefault(k, "")));
        return row;
    }

    /**
     * The effective value of each of {@code knobs} under {@code configuration}: the value given, else
     * the catalog's default on this node; a knob the catalog cannot resolve is left out.
     */
    public static Map<String, String> effective(Map<String, String> configuration, List<String> knobs, KnobCatalog catalog,
            NodeFacts facts) {
        Set<KnobName> all = catalog.knobs().stream().map(Knob::name).collect(Collectors.toSet());
        ValidationReport report = catalog.validate(configuration, Configuration.EMPTY, facts, all);
        Configuration resolved = catalog.effective(report.parsed(), facts);
        Map<String, String> values = new LinkedHashMap<>();
        for (String k : knobs) {
            catalog.lookup(k).ifPresent(knob -> resolved.get(knob.name()).map(knob::format).ifPresent(v -> values.put(k, v)));
        }
        return values;
    }

    private static String micros(Double value) {
        return value == null ? "" : Long.toString(Math.round(value));
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }
}
