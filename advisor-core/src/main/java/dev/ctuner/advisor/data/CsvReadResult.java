package dev.ctuner.advisor.data;

import dev.ctuner.advisor.core.learning.Sample;
import java.util.List;

/**
 * What an experiment CSV yielded: the samples (rows with quality OK that parsed), every rejected
 * row with its reason, and file-level warnings (e.g. a knob column the catalog does not know).
 *
 * <pre>{@code
 * CsvReadResult r = new ExperimentCsvReader(KnobCatalog.cassandra50()).read(path);
 * r.rejected().forEach(System.err::println);
 * }</pre>
 */
public record CsvReadResult(List<Sample> samples, List<RejectedRow> rejected, List<String> warnings) {

    public CsvReadResult {
        samples = List.copyOf(samples);
        rejected = List.copyOf(rejected);
        warnings = List.copyOf(warnings);
    }
}
