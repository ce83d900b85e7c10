package dev.ctuner.advisor.core.learning;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How much a trained model says one knob moves a target: the partial dependence of the model on the
 * knob (Friedman 2001, §8.2). For each level of the knob seen in the training data, every training
 * sample is predicted with the knob set to that level and the predictions are averaged; the knob's
 * influence is the spread between its lowest and highest average. It is read off the model, so it
 * says what the advice rests on, not what an experiment proved (that is {@link KnobImportance}).
 *
 * <pre>{@code
 * List<KnobInfluence> ranked = KnobInfluence.rank(samples, models, Target.THROUGHPUT, 6);
 * ranked.get(0).relativeSpread();   // 0.18: across its levels this knob moves predicted throughput by 18 %
 * }</pre>
 *
 * @param spread         highest minus lowest average prediction over the levels, in the target's unit
 * @param relativeSpread {@code spread} as a share of the average prediction over all levels
 * @param levels         the levels tried, in domain order, each with its average prediction
 */
public record KnobInfluence(KnobName knob, Target target, double spread, double relativeSpread, List<Level> levels) {

    /** One level of the knob (as the catalog writes it) and the average prediction with the knob there. */
    public record Level(String value, double predicted) {
    }

    public KnobInfluence {
        Objects.requireNonNull(knob, "knob");
        levels = List.copyOf(levels);
    }

    /** The level with the highest average prediction. */
    public Level highest() {
        return levels.stream().max(Comparator.comparingDouble(Level::predicted)).orElseThrow();
    }

    /** The level with the lowest average prediction. */
    public Level lowest() {
        return levels.stream().min(Comparator.comparingDouble(Level::predicted)).orElseThrow();
    }

    /**
     * Every knob of the model's encoder with two or more levels in {@code samples}, highest spread
     * first. A knob with more than {@code maxLevels} distinct values is tried at {@code maxLevels}
     * of them, evenly spaced in domain order (both ends included).
     *
     * @throws IllegalArgumentException when the model has no surrogate for {@code target}
     */
    public static List<KnobInfluence> rank(List<Sample> samples, ModelSet models, Target target, int maxLevels) {
        if (maxLevels < 2) {
            throw new IllegalArgumentException("maxLevels must be at least 2, was " + maxLevels);
        }
        TargetModel model = models.model(target).orElseThrow(() -> new IllegalArgumentException("no " + target + " model"));
        FeatureEncoder encoder = models.encoder();
        List<KnobInfluence> out = new ArrayList<>();
        for (KnobCoordinate c : encoder.coordinates()) {
            List<KnobValue> levels = levelsOf(samples, c, maxLevels);
            if (levels.size() < 2) {
                continue;
            }
            List<Level> averages = new ArrayList<>();
            double sum = 0;
            for (KnobValue level : levels) {
                Configuration set = new Configuration(Map.of(c.name(), level));
                double total = 0;
                for (Sample s : samples) {
                    total += model.predict(encoder.encode(s.workload(), s.design(), s.configuration().with(set))).mean();
                }
                double mean = total / samples.size();
                sum += mean;
                averages.add(new Level(c.knob().format(level), mean));
            }
            double max = averages.stream().mapToDouble(Level::predicted).max().orElseThrow();
            double min = averages.stream().mapToDouble(Level::predicted).min().orElseThrow();
            double overall = sum / averages.size();
            out.add(new KnobInfluence(c.name(), target, max - min, overall == 0 ? 0 : (max - min) / Math.abs(overall),
                    averages));
        }
        out.sort(Comparator.comparingDouble(KnobInfluence::spread).reversed().thenComparing(i -> i.knob().value()));
        return out;
    }

    /** The distinct values the samples set, in domain order, thinned to at most {@code max}. */
    private static List<KnobValue> levelsOf(List<Sample> samples, KnobCoordinate c, int max) {
        Map<String, KnobValue> distinct = new LinkedHashMap<>();
        for (Sample s : samples) {
            s.configuration().get(c.name()).ifPresent(v -> distinct.putIfAbsent(KnobImportance.levelKey(v), v));
        }
        List<KnobValue> sorted = new ArrayList<>(distinct.values());
        sorted.sort(Comparator.comparingDouble(c::toUnit));
        if (sorted.size() <= max) {
            return sorted;
        }
        List<KnobValue> thinned = new ArrayList<>();
        for (int i = 0; i < max; i++) {
            thinned.add(sorted.get((int) Math.round(i * (sorted.size() - 1) / (double) (max - 1))));
        }
        return thinned;
    }
}
