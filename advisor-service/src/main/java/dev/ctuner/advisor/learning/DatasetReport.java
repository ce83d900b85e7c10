package dev.ctuner.advisor.learning;

import java.util.List;

/**
 * What one dataset file gave a training run: how many samples, how many rows were rejected (with
 * the first reasons), file-level warnings, or why the file could not be used at all.
 *
 * <pre>{@code
 * new DatasetReport("/var/lib/ctuner/training.csv", DatasetReport.Status.READ, 412, 9,
 *         List.of("line 17 (trn-0042): quality NOISY: foreign_cpu 0.4 cores"), List.of(), null, false);
 * }</pre>
 *
 * @param path             the file as configured, or {@code bundled:training.csv} for the data in the advisor's jar
 * @param rejectedExamples up to {@link #EXAMPLES} rejected rows with their reasons
 * @param error            why the file was skipped (MISSING or FAILED), else null
 * @param bundled          the data bundled with the advisor, used because no dataset is configured
 */
public record DatasetReport(String path, Status status, int samples, int rejected, List<String> rejectedExamples,
                            List<String> warnings, String error, boolean bundled) {

    /** How many rejected rows are quoted in a report. */
    public static final int EXAMPLES = 5;

    /** READ: used; MISSING: no such file; FAILED: unreadable or not in the experiment CSV format. */
    public enum Status { READ, MISSING, FAILED }

    public DatasetReport {
        rejectedExamples = List.copyOf(rejectedExamples);
        warnings = List.copyOf(warnings);
    }

    static DatasetReport missing(String path) {
        return new DatasetReport(path, Status.MISSING, 0, 0, List.of(), List.of(), "no such file", false);
    }

    static DatasetReport failed(String path, String why, boolean bundled) {
        return new DatasetReport(path, Status.FAILED, 0, 0, List.of(), List.of(), why, bundled);
    }
}
