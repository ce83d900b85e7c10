package dev.ctuner.advisor.data;

import dev.ctuner.advisor.core.learning.Measurements;
import dev.ctuner.advisor.core.learning.Provenance;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads the experiment CSV format of {@code docs/data/README.md} into core {@link Sample}s. Only
 * rows with quality {@code OK} become samples; every other row is reported with its reason, as
 * is a row whose numbers do not parse or whose knob values are not legal for the catalog on the
 * row's hardware. The optional column {@code machine} names the machine instance (see
 * {@link Provenance.Hardware}). Knob columns ({@code knob.<name>}) the catalog does not know are ignored with a
 * warning; an empty knob cell means "not set".
 *
 * <pre>{@code
 * CsvReadResult r = new ExperimentCsvReader(KnobCatalog.cassandra50()).read(Path.of("docs/data/screening.csv"));
 * List<Sample> samples = r.samples();
 * }</pre>
 */
public final class ExperimentCsvReader {

    static final List<String> REQUIRED = List.of("experiment_id", "campaign", "design_point", "repetition",
            "started_at", "finished_at", "quality", "cassandra_version", "driver_version", "cores", "memory_mib",
            "heap_mib", "nodes", "rf", "read_proportion", "update_proportion", "insert_proportion",
            "scan_proportion", "rmw_proportion", "distribution", "throughput", "read_p99_us", "write_p99_us");

    public static final String KNOB_PREFIX = "knob.";

    private final KnobCatalog catalog;

    public ExperimentCsvReader(KnobCatalog catalog) {
        this.catalog = catalog;
    }

    public CsvReadResult read(Path path) throws IOException {
        try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return read(reader);
        }
    }

    /**
     * One row of the file whatever its outcome: which experiment it was an attempt at, how it ended
     * and when, in file order. A budget counts experiments of every outcome (a configuration the node
     * refused cost a run too), which {@link #read} alone cannot tell, since it keeps OK runs only.
     *
     * @param experiment the campaign, design point and repetition ({@code campaign/point/rN})
     */
    public record Attempt(String experiment, String campaign, String designPoint, String quality, Instant startedAt,
                          Instant finishedAt) {
    }

    /** Every row of an experiment CSV as an {@link Attempt}, in file order. */
    public static List<Attempt> attempts(Path path) throws IOException {
        List<String> lines = Files.readAllLines(path, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            return List.of();
        }
        List<String> header = CsvLine.split(lines.get(0).replace("\uFEFF", ""));
        Map<String, Integer> columns = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            columns.put(header.get(i).trim(), i);
        }
        List<String> missing = ATTEMPT_COLUMNS.stream().filter(c -> !columns.containsKey(c)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(path + ": the header lacks " + missing);
        }
        List<Attempt> attempts = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) {
                continue;
            }
            List<String> f = CsvLine.split(lines.get(n));
            int line = n + 1;
            java.util.function.Function<String, String> cell = c -> {
                int i = columns.get(c);
                if (i >= f.size() || f.get(i).isBlank()) {
                    throw new IllegalArgumentException(path + " line " + line + ": no " + c);
                }
                return f.get(i).trim();
            };
            try {
                String campaign = cell.apply("campaign");
                String point = cell.apply("design_point");
                attempts.add(new Attempt(campaign + "/" + point + "/r" + cell.apply("repetition"), campaign, point,
                        cell.apply("quality"), Instant.parse(cell.apply("started_at")), Instant.parse(cell.apply("finished_at"))));
            } catch (java.time.format.DateTimeParseException e) {
                throw new IllegalArgumentException(path + " line " + line + ": " + e.getMessage(), e);
            }
        }
        return attempts;
    }

    private static final List<String> ATTEMPT_COLUMNS = List.of("campaign", "design_point", "repetition", "quality",
            "started_at", "finished_at");

    /** Fails only on I/O errors or a header that lacks required columns. */
    public CsvReadResult read(Reader source) throws IOException {
        BufferedReader reader = new BufferedReader(source);
        String headerLine = reader.readLine();
        if (headerLine == null) {
            return new CsvReadResult(List.of(), List.of(), List.of("empty file"));
        }
        List<String> header = CsvLine.split(headerLine.replace("\uFEFF", ""));
        List<List<String>> lines = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        String line;
        int number = 1;
        while ((line = reader.readLine()) != null) {
            number++;
            if (!line.isBlank()) {
                lines.add(CsvLine.split(line));
                numbers.add(number);
            }
        }
        return read(header, lines, numbers);
    }

    /**
     * Rows as column name to text, as a store keeps them: each row read as a line of a file whose
     * header is the union of the rows' columns; a row's "line" in rejections is its 1-based position.
     * Fails only when the rows lack required columns.
     */
    public CsvReadResult readRows(List<Map<String, String>> rows) {
        if (rows.isEmpty()) {
            return new CsvReadResult(List.of(), List.of(), List.of());
        }
        Set<String> union = new LinkedHashSet<>();
        rows.forEach(r -> union.addAll(r.keySet()));
        List<String> header = List.copyOf(union);
        List<List<String>> lines = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        for (Map<String, String> r : rows) {
            lines.add(header.stream().map(c -> r.getOrDefault(c, "")).toList());
            numbers.add(numbers.size() + 1);
        }
        return read(header, lines, numbers);
    }

    private CsvReadResult read(List<String> header, List<List<String>> lines, List<Integer> numbers) {
        Map<String, Integer> columns = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            columns.put(header.get(i).trim(), i);
        }
        List<String> missing = REQUIRED.stream().filter(c -> !columns.containsKey(c)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("CSV header lacks required columns " + missing);
        }
        List<String> warnings = new ArrayList<>();
        Map<Integer, Knob> knobColumns = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
            String h = header.get(i).trim();
            if (h.startsWith(KNOB_PREFIX)) {
                Optional<Knob> knob = catalog.lookup(h.substring(KNOB_PREFIX.length()));
                if (knob.isPresent()) {
                    knobColumns.put(i, knob.get());
                } else {
                    warnings.add("column " + h + " is not a knob of the catalog; ignored");
                }
            }
        }
        List<Sample> samples = new ArrayList<>();
        List<RejectedRow> rejected = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            Row row = new Row(lines.get(n), columns);
            String id = row.text("experiment_id");
            String quality = row.text("quality");
            if (!quality.equals("OK")) {
                String notes = row.optional("quality_notes").orElse("");
                rejected.add(new RejectedRow(numbers.get(n), id, "quality " + quality + (notes.isEmpty() ? "" : ": " + notes)));
                continue;
            }
            try {
                samples.add(toSample(row, knobColumns));
            } catch (RuntimeException e) {
                rejected.add(new RejectedRow(numbers.get(n), id, e.getMessage()));
            }
        }
        return new CsvReadResult(samples, rejected, warnings);
    }

    private Sample toSample(Row row, Map<Integer, Knob> knobColumns) {
        Provenance.Hardware hardware = new Provenance.Hardware(row.integer("cores"), row.whole("memory_mib"),
                row.whole("heap_mib"), row.optional("machine").orElse(""));
        NodeFacts facts = new NodeFacts(hardware.heapMiB(), hardware.cores(), 1, hardware.memoryMiB());
        Map<KnobName, KnobValue> values = new TreeMap<>();
        for (Map.Entry<Integer, Knob> column : knobColumns.entrySet()) {
            String text = row.at(column.getKey());
            if (text.isEmpty()) {
                continue;
            }
            Knob knob = column.getValue();
            KnobValue value;
            try {
                value = knob.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("knob." + knob.name() + "=" + text + ": " + e.getMessage());
            }
            knob.check(value, facts).ifPresent(why -> {
                throw new IllegalArgumentException("knob." + knob.name() + "=" + text + " is " + why);
            });
            values.put(knob.name(), value);
        }
        Workload workload = new Workload(row.real("read_proportion"), row.real("update_proportion"),
                row.real("insert_proportion"), row.real("scan_proportion"), row.real("rmw_proportion"),
                row.text("distribution"), OptionalDouble.empty());
        Provenance provenance = new Provenance(row.text("experiment_id"), row.text("campaign"), row.text("design_point"),
                row.integer("repetition"), row.instant("started_at"), row.instant("finished_at"),
                row.text("cassandra_version"), row.text("driver_version"), hardware);
        Measurements measured = new Measurements(row.real("throughput"), row.optionalReal("read_p99_us"),
                row.optionalReal("write_p99_us"));
        return new Sample(workload, new PhysicalDesign(row.integer("nodes"), row.integer("rf")),
                new Configuration(values), measured, provenance);
    }

    /** Typed access to one row's fields by column name, with messages naming the column. */
    private record Row(List<String> fields, Map<String, Integer> columns) {

        String at(int index) {
            return index < fields.size() ? fields.get(index).trim() : "";
        }

        Optional<String> optional(String column) {
            Integer i = columns.get(column);
            return i == null ? Optional.empty() : Optional.of(at(i));
        }

        String text(String column) {
            return at(columns.get(column));
        }

        double real(String column) {
            String t = text(column);
            try {
                return Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(column + " '" + t + "' is not a number");
            }
        }

        OptionalDouble optionalReal(String column) {
            return text(column).isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(real(column));
        }

        long whole(String column) {
            String t = text(column);
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(column + " '" + t + "' is not a whole number");
            }
        }

        int integer(String column) {
            return Math.toIntExact(whole(column));
        }

        Instant instant(String column) {
            String t = text(column);
            try {
                return Instant.parse(t);
            } catch (java.time.format.DateTimeParseException e) {
                throw new IllegalArgumentException(column + " '" + t + "' is not an ISO-8601 UTC instant");
            }
        }
    }
}
