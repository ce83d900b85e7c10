package dev.ctuner.sidecar.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a workload trace: a CSV file with one phase per row,
 * {@code duration_seconds,read,update,insert,scan,rmw[,rate]}.
 *
 * <pre>
 * # a day compressed: quiet, read peak, write burst
 * duration_seconds,read,update,insert,scan,rmw,rate
 * 60,0.95,0.05,0,0,0,500
 * 120,0.9,0.1,0,0,0,3000
 * 60,0.2,0.7,0.1,0,0
 * </pre>
 *
 * <p>Blank lines and lines starting with {@code #} are skipped, as is a header line starting with
 * {@code duration_seconds}. A row without a rate (or with an empty rate cell) uses the given default
 * load; a row with a rate runs open loop at that rate, with the default load's in-flight bound. The
 * proportions must sum to 1. Every error names the file and line.
 *
 * <pre>{@code
 * Schedule s = TraceFile.read(Path.of("day.csv"), KeyDistribution.zipfian(), LoadControl.closed(32));
 * }</pre>
 */
public final class TraceFile {

    static final String COLUMNS = "duration_seconds,read,update,insert,scan,rmw[,rate]";
    private static final OperationType[] MIX_COLUMNS = {OperationType.READ, OperationType.UPDATE,
        OperationType.INSERT, OperationType.SCAN, OperationType.READ_MODIFY_WRITE};

    private TraceFile() {
    }

    /** A malformed trace; {@link #lineNumber()} is 1-based. */
    public static final class TraceFormatException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final int lineNumber;

        TraceFormatException(String source, int lineNumber, String problem, Throwable cause) {
            super(source + " line " + lineNumber + ": " + problem, cause);
            this.lineNumber = lineNumber;
        }

        public int lineNumber() {
            return lineNumber;
        }
    }

    public static Schedule read(Path file, KeyDistribution keys, LoadControl defaultLoad) {
        try {
            return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString(), keys, defaultLoad);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read trace " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses trace lines; {@code source} names them in error messages. */
    public static Schedule parse(List<String> lines, String source, KeyDistribution keys, LoadControl defaultLoad) {
        List<Phase> phases = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("duration_seconds")) {
                continue;
            }
            phases.add(parseRow(line, source, i + 1, keys, defaultLoad));
        }
        if (phases.isEmpty()) {
            throw new IllegalArgumentException(source + " has no phases; each row is " + COLUMNS);
        }
        return new Schedule(phases);
    }

    private static Phase parseRow(String line, String source, int lineNumber, KeyDistribution keys,
            LoadControl defaultLoad) {
        String[] cells = line.split(",", -1);
        if (cells.length != 6 && cells.length != 7) {
            throw new TraceFormatException(source, lineNumber, "expected 6 or 7 comma-separated values ("
                    + COLUMNS + "), got " + cells.length + ": '" + line + "'", null);
        }
        double seconds = number(cells[0], "duration_seconds", source, lineNumber);
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new TraceFormatException(source, lineNumber, "duration_seconds must be > 0, got " + cells[0].strip(),
                    null);
        }
        OperationMix.Builder mix = OperationMix.builder();
        for (int c = 0; c < MIX_COLUMNS.length; c++) {
            mix.with(MIX_COLUMNS[c], number(cells[c + 1], MIX_COLUMNS[c].shortName(), source, lineNumber));
        }
        LoadControl load = defaultLoad;
        if (cells.length == 7 && !cells[6].isBlank()) {
            double rate = number(cells[6], "rate", source, lineNumber);
            try {
                load = LoadControl.open(rate, defaultLoad.maxInFlight());
            } catch (IllegalArgumentException e) {
                throw new TraceFormatException(source, lineNumber, e.getMessage(), e);
            }
        }
        try {
            return new Phase("trace line " + lineNumber, StopCondition.duration(Duration.ofNanos(
                    Math.round(seconds * 1e9))), mix.build(), keys, load);
        } catch (IllegalArgumentException e) {
            throw new TraceFormatException(source, lineNumber, e.getMessage(), e);
        }
    }

    private static double number(String cell, String column, String source, int lineNumber) {
        try {
            return Double.parseDouble(cell.strip());
        } catch (NumberFormatException e) {
            throw new TraceFormatException(source, lineNumber, column + " is not a number: '" + cell.strip() + "'", e);
        }
    }
}
