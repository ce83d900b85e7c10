package dev.ctuner.advisor.data;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.learning.Sample;
import java.util.List;

/**
 * What an experiment CSV yielded: the samples (rows with quality OK that parsed), every rejected
 * row with its reason, and file-level warnings (e.g. a knob column the catalog does not know).
 *
 * <pre>{@code
 * CsvReadResult r = new ExperimentCsvReader(KnobCatalog.cassandra50()).read(path);
 * r.rejected().forEach(System.err::println);
 * List<Sample> onOneScale = r.anchored().samples();
 * }</pre>
 */
public record CsvReadResult(List<Sample> samples, List<RejectedRow> rejected, List<String> warnings) {

    public CsvReadResult {
        samples = List.copyOf(samples);
        rejected = List.copyOf(rejected);
        warnings = List.copyOf(warnings);
    }

    /** How many of a machine's anchor runs, nearest in time, set a sample's scale. */
    public static final int NEAREST_ANCHORS = 3;

    /**
     * The samples on one scale across the machines and hours they were measured in, by the file's
     * anchor runs ({@link AnchorNormalisation}); the samples unchanged when the file has none. What
     * every model and report should learn from.
     */
    public AnchorNormalisation.Result anchored() {
        return AnchorNormalisation.apply(samples, NEAREST_ANCHORS);
    }
}
