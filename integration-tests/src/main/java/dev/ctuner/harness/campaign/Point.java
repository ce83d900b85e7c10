package dev.ctuner.harness.campaign;

import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One measurement a campaign asks for: a design point (configuration x workload) and which repetition
 * of it this is.
 *
 * @param designPoint   stable id of the configuration x workload point
 * @param repetition    0-based
 * @param configuration knob name to value (cassandra.yaml spelling); empty = defaults
 * @param workload      operations, rows, threads, mix
 * @param placement     where node and client run
 */
public record Point(String designPoint, int repetition, Map<String, String> configuration, WorkloadSpec workload,
        Placement placement) {

    public Point {
        configuration = Map.copyOf(configuration);
    }

    /**
     * How a recorded run of this point differs in its workload (seed, mix, key distribution, rows,
     * operations) from this point; empty when it is a run of this workload.
     */
    List<String> workloadDifferences(Map<String, String> row) {
        List<String> differences = new ArrayList<>();
        WorkloadSpec w = workload;
        Map<String, String> expected = new TreeMap<>(Map.of("seed", Long.toString(w.seed()),
                "read_proportion", ExperimentCsv.fmt(w.readProportion()),
                "scan_proportion", ExperimentCsv.fmt(w.scanProportion()),
                "insert_proportion", ExperimentCsv.fmt(w.insertProportion()),
                "rmw_proportion", ExperimentCsv.fmt(w.readModifyWriteProportion()),
                "distribution", w.requestDistribution().name().toLowerCase(Locale.ROOT),
                "record_count", Long.toString(w.recordCount()), "operation_count", Long.toString(w.operationCount())));
        expected.forEach((column, value) -> {
            if (!value.equals(row.get(column))) {
                differences.add((column.equals("seed") ? "workload seed" : column) + " " + row.get(column) + " instead of " + value);
            }
        });
        return differences;
    }

    /**
     * Refuses a file whose runs of these points were measured on another workload (other workload
     * options or {@code --seed}), which a rerun would otherwise count as measurements of these points.
     */
    static void requireSameWorkloads(List<Map<String, String>> rows, String campaign, List<Point> points, java.nio.file.Path file) {
        Map<String, Point> byKey = new java.util.HashMap<>();
        points.forEach(p -> byKey.put(p.designPoint() + "/" + p.repetition(), p));
        for (Map<String, String> r : rows) {
            Point p = campaign.equals(r.get("campaign")) ? byKey.get(r.get("design_point") + "/" + r.get("repetition")) : null;
            List<String> differences = p == null ? List.of() : p.workloadDifferences(r);
            if (!differences.isEmpty()) {
                throw new IllegalArgumentException(file + ": " + r.get("design_point") + " round " + r.get("repetition")
                        + " was measured with " + differences + ": the file was written with other workload options or "
                        + "--seed; rerun with those or use another --name");
            }
        }
    }
}
