package dev.ctuner.advisor.learning;

import dev.ctuner.advisor.core.learning.ModelSet;
import java.util.Objects;

/**
 * The surrogate models in use, with where they came from.
 *
 * <pre>{@code
 * TrainedModel m = learning.require();
 * m.models().predict(workload, design, configuration);
 * m.assessment().diagnostics();   // cross-validated error, learning curve, knob influence
 * }</pre>
 */
public record TrainedModel(ModelSet models, ModelProvenance provenance, TrainingShape shape, ModelAssessment assessment) {

    public TrainedModel {
        Objects.requireNonNull(models, "models");
        Objects.requireNonNull(provenance, "provenance");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(assessment, "assessment");
    }

    /** The same model with its diagnostics (or why there are none). */
    TrainedModel withAssessment(ModelAssessment assessed) {
        return new TrainedModel(models, provenance, shape, assessed);
    }

    /**
     * What the training data measured, so that a live workload is put to the model the way the data
     * was: the physical design and key distribution of the first sample, and whether any sample had
     * inserts (if none did, a live workload's inserts count as updates).
     */
    public record TrainingShape(dev.ctuner.common.protocol.message.PhysicalDesign design, String distribution,
                                boolean measuredInserts) {
    }
}
