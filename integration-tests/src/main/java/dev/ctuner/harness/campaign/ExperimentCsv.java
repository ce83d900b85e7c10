package dev.ctuner.harness.campaign;

import dev.ctuner.sidecar.bench.MachineId;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.OperationStats;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import dev.ctuner.sidecar.bench.CpuMeter;
import dev.ctuner.sidecar.bench.ExperimentRunner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The experiment CSV of docs/data/README.md: one row appended (and flushed) per experiment, so that a
 * campaign killed at any moment loses at most the run in progress and resumes by skipping the ids
 * already present.
 */
public final class ExperimentCsv {

    static final List<String> FIXED = List.of("experiment_id", "campaign", "design_point", "repetition", "started_at",
            "finished_at", "wall_seconds", "quality", "quality_notes", "cassandra_version", "driver_version", "cores",
            "memory_mib", "heap_mib", "nodes", "rf", "read_proportion", "update_proportion", "insert_proportion",
            "scan_proportion", "rmw_proportion", "distribution", "record_count", "operation_count", "threads", "seed",
            "placement", "throughput", "read_p50_us", "read_p99_us", "write_p50_us", "write_p99_us", "errors",
            "foreign_cpu", "node_cpu", "client_cpu", "warmup_seconds", "warmup_steady", "machine");

    /** What a knob's column name starts with: {@code knob.<name>}. */
    public static final String KNOB_PREFIX = "knob.";

    private final Path file;
    private final List<String> knobs;
    private final String machine = MachineId.current();

    /** A file with the fixed columns and one {@code knob.<name>} column per knob in {@code knobs}. */
    public ExperimentCsv(Path file, List<String> knobs) {
        this.file = file;
        this.knobs = List.copyOf(knobs);
    }

    public Path file() {
        return file;
    }

    public List<String> header() {
        List<String> h = new ArrayList<>(FIXED);
        knobs.forEach(k -> h.add(KNOB_PREFIX + k));
        return h;
    }

    /** The rows written so far, as column name to text (empty when the file does not exist). */
    public List<Map<String, String>> rows() throws IOException {
        return read(file, header());
    }

    /**
     * The rows of any experiment CSV, by the header it has (empty when the file does not exist): for
     * reports that read another campaign's file.
     */
    public static List<Map<String, String>> read(Path file) throws IOException {
        return read(file, null);
    }

    /** {@code expected}: the header the file must have, or null for any. */
    private static List<Map<String, String>> read(Path file, List<String> expected) throws IOException {
        if (!Files.exists(file)) {
            return List.of();
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            return List.of();
        }
        List<String> header = parse(lines.get(0));
        if (expected != null && !header.equals(expected)) {
            throw new IllegalArgumentException(file + " has other columns than this campaign writes (other --knobs?); "
                    + "rerun with the options that wrote it, or move it away (found " + header + ")");
        }
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            List<String> cells = parse(line);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < cells.size() ? cells.get(i) : "");
            }
            rows.add(row);
        }
        return rows;
    }

    /** Appends one experiment. {@code knobValues} holds the effective value of every knob column. */
    public void append(String campaign, String point, int repetition, String placement, double wallSeconds,
            ExperimentResult r, CpuMeter.Usage cpu, ExperimentRunner.WarmUp warmUp, Map<String, String> knobValues) throws IOException {
        WorkloadSpec w = r.workload();
        OperationStats read = r.operationStats().get("READ");
        OperationStats write = r.operationStats().get("UPDATE");
        List<String> cells = new ArrayList<>(List.of(r.experimentId(), campaign, point, Integer.toString(repetition),
                r.startedAt().toString(), r.finishedAt().toString(), fmt(wallSeconds), r.quality().name(),
                String.join("; ", r.qualityNotes()), r.versions().cassandra(), r.versions().sidecar(),
                Integer.toString(r.hardware().cores()), Long.toString(r.hardware().memoryMiB()),
                Long.toString(r.hardware().heapMiB()), Integer.toString(r.physicalDesign().nodes()),
                Integer.toString(r.physicalDesign().replicationFactor()), fmt(w.readProportion()),
                fmt(w.updateProportion()), fmt(w.insertProportion()), fmt(w.scanProportion()),
                fmt(w.readModifyWriteProportion()), w.requestDistribution().name().toLowerCase(Locale.ROOT),
                Long.toString(w.recordCount()), Long.toString(w.operationCount()), Integer.toString(w.threads()),
                Long.toString(w.seed()), placement, fmt(r.throughputOpsPerSecond()),
                micros(read, true), micros(read, false), micros(write, true), micros(write, false),
                Long.toString(r.operationStats().values().stream().mapToLong(OperationStats::errors).sum()),
                fmt(cpu.foreignCores()), fmt(cpu.nodeCores()), fmt(cpu.clientCores()),
                fmt(warmUp.took().toMillis() / 1000.0), Boolean.toString(warmUp.settled()), machine));
        for (String k : knobs) {
            cells.add(knobValues.getOrDefault(k, ""));
        }
        StringBuilder text = new StringBuilder();
        if (!Files.exists(file) || Files.size(file) == 0) {
            Files.createDirectories(file.toAbsolutePath().getParent());
            text.append(line(header()));
        }
        text.append(line(cells));
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                StandardOpenOption.SYNC);
    }

    private static String micros(OperationStats s, boolean p50) {
        if (s == null) {
            return "";
        }
        Double v = p50 ? s.p50Micros() : s.p99Micros();
        return v == null ? "" : fmt(v);
    }

    static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4f", v);
    }

    static String line(List<String> cells) {
        List<String> quoted = new ArrayList<>();
        for (String c : cells) {
            quoted.add(c.contains(",") || c.contains("\"") || c.contains("\n")
                    ? "\"" + c.replace("\"", "\"\"").replace("\n", " ") + "\"" : c);
        }
        return String.join(",", quoted) + "\n";
    }

    static List<String> parse(String line) {
        return dev.ctuner.advisor.data.CsvLine.split(line);
    }
}
