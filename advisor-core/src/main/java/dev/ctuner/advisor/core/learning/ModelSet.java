package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One surrogate per target with the encoder they share and the region their data covered: what
 * the search and the {@code Recommender} need.
 *
 * <pre>{@code
 * ModelSet models = ModelSet.train(samples, encoder, ModelFamily.RANDOM_FOREST.trainer(), 42);
 * models.predict(Workload.ofReadRatio(0.9), new PhysicalDesign(1, 1), configuration);
 * }</pre>
 */
public final class ModelSet {

    private final FeatureEncoder encoder;
    private final Map<Target, TargetModel> models;
    private final ObservedRanges ranges;

    public ModelSet(FeatureEncoder encoder, Map<Target, TargetModel> models, ObservedRanges ranges) {
        this.encoder = encoder;
        this.models = Map.copyOf(new EnumMap<>(models));
        this.ranges = ranges;
    }

    /** Trains a model for every target that at least 4 samples measured (seed + ordinal per target). */
    public static ModelSet train(List<Sample> samples, FeatureEncoder encoder, SurrogateTrainer trainer, long seed) {
        Map<Target, TargetModel> models = new EnumMap<>(Target.class);
        for (Target t : Target.values()) {
            long measured = samples.stream().filter(s -> t.observed(s).isPresent()).count();
            if (measured >= 4) {
                models.put(t, TargetModel.fit(t, samples, encoder, trainer, seed + t.ordinal()));
            }
        }
        return new ModelSet(encoder, models, ObservedRanges.of(samples, encoder));
    }

    public FeatureEncoder encoder() {
        return encoder;
    }

    public ObservedRanges ranges() {
        return ranges;
    }

    public Optional<TargetModel> model(Target target) {
        return Optional.ofNullable(models.get(target));
    }

    /** Predictions of every modelled target for one point. */
    public Map<Target, Prediction> predict(Workload workload, PhysicalDesign design, Configuration configuration) {
        return predict(encoder.encode(workload, design, configuration));
    }

    /** Predictions of every modelled target for an encoded feature vector. */
    public Map<Target, Prediction> predict(double[] x) {
        Map<Target, Prediction> out = new EnumMap<>(Target.class);
        models.forEach((t, m) -> out.put(t, m.predict(x)));
        return out;
    }
}
