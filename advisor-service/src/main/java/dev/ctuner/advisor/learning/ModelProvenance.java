package dev.ctuner.advisor.learning;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelFamily;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.common.catalog.NodeFacts;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Where the model in use came from: the files and what each gave, the sample count, when and how
 * it was trained. Every answer of the advice endpoint names it.
 *
 * <pre>{@code
 * provenance.samples();     // 412
 * provenance.family();      // RANDOM_FOREST
 * provenance.trainedAt();   // 2026-03-02T10:15:00Z
 * }</pre>
 *
 * @param measured     per target, how many samples measured it (a target needs 4 to be modelled)
 * @param hardware     node facts of the training data (the first sample's), which resolve knob domains
 * @param trainingMs   wall-clock milliseconds the training took
 */
public record ModelProvenance(List<DatasetReport> files, int samples, Instant trainedAt, ModelFamily family,
                              long seed, List<String> knobs, FeatureEncoder.EnumEncoding enumEncoding,
                              Map<Target, Long> measured, List<Target> modelled, NodeFacts hardware, long trainingMs,
                              List<String> warnings) {

    public ModelProvenance {
        files = List.copyOf(files);
        knobs = List.copyOf(knobs);
        measured = Map.copyOf(measured);
        modelled = List.copyOf(modelled);
        warnings = List.copyOf(warnings);
    }
}
