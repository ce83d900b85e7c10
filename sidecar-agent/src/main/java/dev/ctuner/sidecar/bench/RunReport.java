package dev.ctuner.sidecar.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * Renders a {@link RunResult} for people (a text table) and for programs (JSON). The JSON carries
 * everything but the key sequence itself, which can be large and is written as CSV on request.
 *
 * <pre>{@code
 * String json = RunReport.json(result, Map.of("seed", 42));
 * RunReport.writeKeySequenceCsv(result.keySequence(), Path.of("keys.csv"));
 * }</pre>
 */
final class RunReport {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private RunReport() {
    }

    /** The key sequence's size and completeness, without its entries. */
    record KeySequenceSummary(double sampleFraction, int capacity, int recorded, long dropped,
            long firstDroppedOperationIndex) {
    }

    /** The JSON document. */
    record Document(Map<String, Object> settings, Instant start, Instant end, double elapsedSeconds, long operations,
            long successes, long errors, double throughput, Map<OperationType, OperationStats> perOperation,
            List<PhaseResult> phases, KeySequenceSummary keySequence) {
    }

    static String json(RunResult r, Map<String, Object> settings) {
        KeySequence keys = r.keySequence();
        Document doc = new Document(settings, r.start(), r.end(), r.elapsed().toNanos() / 1e9, r.operations(),
                r.successes(), r.errors(), r.throughput(), r.perOperation(), r.phases(),
                new KeySequenceSummary(keys.sampleFraction(), keys.capacity(), keys.size(), keys.dropped(),
                        keys.firstDroppedOperationIndex()));
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(doc);
    }

    /** CSV with header {@code operation_index,type,record_number}, one row per recorded access. */
    static void writeKeySequenceCsv(KeySequence keys, Path file) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("operation_index,type,record_number\n");
            for (int i = 0; i < keys.size(); i++) {
                w.write(keys.operationIndex(i) + "," + keys.type(i).shortName() + "," + keys.recordNumber(i) + "\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write key sequence to " + file + ": " + e.getMessage(), e);
        }
    }

    /** A short text summary: one line per phase, then a latency table per operation type. */
    static String text(RunResult r) {
        StringBuilder sb = new StringBuilder();
        for (PhaseResult p : r.phases()) {
            sb.append(String.format(Locale.ROOT, "phase %-16s %10d ops %8.1f s %10.1f ops/s %8d errors%s%n",
                    p.name(), p.issued(), p.elapsed().toMillis() / 1000.0, p.throughput(), p.errors(),
                    p.notIssued() > 0 ? "  (" + p.notIssued() + " due but not sent: rate not reached)" : ""));
        }
        sb.append(String.format(Locale.ROOT, "total %-16s %10d ops %8.1f s %10.1f ops/s %8d errors%n", "",
                r.operations(), r.elapsed().toMillis() / 1000.0, r.throughput(), r.errors()));
        sb.append(String.format(Locale.ROOT, "%-8s %10s %8s %9s %9s %9s %9s%n", "op", "count", "errors", "p50 us",
                "p95 us", "p99 us", "max us"));
        r.perOperation().forEach((type, s) -> {
            if (s.count() + s.errors() > 0) {
                sb.append(String.format(Locale.ROOT, "%-8s %10d %8d %9d %9d %9d %9d%s%n", type.shortName(), s.count(),
                        s.errors(), s.p50Micros(), s.p95Micros(), s.p99Micros(), s.maxMicros(),
                        s.errorsByType().isEmpty() ? "" : "  " + s.errorsByType()));
            }
        });
        KeySequence keys = r.keySequence();
        if (keys.sampleFraction() > 0) {
            sb.append(String.format(Locale.ROOT, "key sequence: %d accesses recorded (fraction %s)%s%n", keys.size(),
                    keys.sampleFraction(), keys.dropped() > 0 ? ", full: " + keys.dropped()
                            + " dropped from operation " + keys.firstDroppedOperationIndex() : ""));
        }
        return sb.toString();
    }
}
