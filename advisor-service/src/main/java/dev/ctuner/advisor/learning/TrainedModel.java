package dev.ctuner.advisor.learning;

import dev.ctuner.advisor.core.learning.ModelSet;
import java.util.Objects;

/**
 * The surrogate models in use, with where they came from.
 *
 * <pre>{@code
 * TrainedModel m = learning.require();
 * m.models().predict(workload, design, configuration);
 * }</pre>
 */
public record TrainedModel(ModelSet models, ModelProvenance provenance) {

    public TrainedModel {
        Objects.requireNonNull(models, "models");
        Objects.requireNonNull(provenance, "provenance");
    }
}
