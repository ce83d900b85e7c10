package dev.ctuner.advisor.core.experiment;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.learning.TargetModel;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * The design of a dataset that adds configurations where a model is least sure (decision 0010,
 * item 4): a space-filling {@link TrainingDesign} of {@code uniform} configurations (c00 the
 * defaults), then {@code guided} more ({@code g01}, {@code g02}, ...) chosen from a pool of
 * space-filling candidates by the model's throughput uncertainty: the ensemble's relative spread,
 * averaged over the workloads the dataset will measure. The pick is greedy, largest uncertainty
 * first, each at least {@code minDistance} away from every configuration already in the design (in
 * the knobs' unit coordinates, Euclidean distance over the square root of the knob count, so 1 is
 * the cube's diagonal), so the guided points do not pile up on one cliff.
 *
 * <pre>{@code
 * GuidedDesign d = GuidedDesign.of(catalog, knobs, facts, 10, 10, 1000, models, workloads, rng, 0.15);
 * d.configurations();  // c00..c09, g01..g10
 * d.uncertainty();     // id -> the model's mean relative spread there
 * }</pre>
 *
 * @param configurations the design, uniform part first
 * @param uncertainty    the score per configuration id: the model's mean relative throughput spread, or, for the
 *                       guided picks of {@link Criterion#EXPECTED_IMPROVEMENT}, their relative expected improvement
 * @param notes          what the drawing had to do (redraws, relaxed distances)
 */
public record GuidedDesign(List<DesignPoint> configurations, Map<String, Double> uncertainty, List<String> notes) {

    public GuidedDesign {
        configurations = List.copyOf(configurations);
        uncertainty = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(uncertainty));
        notes = List.copyOf(notes);
    }

    /**
     * @param uniform     configurations of the space-filling part, the defaults included (at least 3)
     * @param guided      configurations picked by uncertainty (0 or more)
     * @param pool        space-filling candidates to pick them from (at least {@code guided})
     * @param models      the model whose throughput uncertainty guides the pick; its encoder must know the knobs
     * @param workloads   the workloads the dataset measures (the uncertainty is averaged over them)
     * @param minDistance the least distance between two configurations of the design, in [0, 1)
     */
    public static GuidedDesign of(KnobCatalog catalog, List<String> knobs, NodeFacts facts, int uniform, int guided,
            int pool, ModelSet models, List<Workload> workloads, RandomGenerator rng, double minDistance) {
        return of(catalog, knobs, facts, uniform, guided, pool, models, workloads, rng, minDistance, Criterion.UNCERTAINTY);
    }

    /**
     * How the guided configurations are scored: where the model is least sure, or where a measurement is
     * expected to beat the best configuration of the design's space-filling part by most.
     */
    public enum Criterion {
        /** The throughput ensemble's relative spread, averaged over the workloads (decision 0010). */
        UNCERTAINTY,
        /**
         * The expected improvement of throughput over the best predicted configuration of the uniform part
         * (the defaults among them), relative to it and averaged over the workloads: large where the
         * model predicts more throughput, and where it is unsure enough that more may be there.
         */
        EXPECTED_IMPROVEMENT
    }

    /** As {@link #of(KnobCatalog, List, NodeFacts, int, int, int, ModelSet, List, RandomGenerator, double)}, scored by {@code criterion}. */
    public static GuidedDesign of(KnobCatalog catalog, List<String> knobs, NodeFacts facts, int uniform, int guided,
            int pool, ModelSet models, List<Workload> workloads, RandomGenerator rng, double minDistance, Criterion criterion) {
        if (guided < 0 || pool < guided) {
            throw new IllegalArgumentException("a pool of " + pool + " candidates cannot give " + guided + " guided configurations");
        }
        if (!(minDistance >= 0 && minDistance < 1)) {
            throw new IllegalArgumentException("the least distance must lie in [0, 1), got " + minDistance);
        }
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("the uncertainty is averaged over the workloads to measure; none given");
        }
        TargetModel throughput = models.model(Target.THROUGHPUT).orElseThrow(() ->
                new IllegalArgumentException("the guiding model has no throughput model"));
        FeatureEncoder encoder = models.encoder();
        Set<String> modelled = encoder.knobs().stream().map(KnobName::value).collect(Collectors.toSet());
        for (String k : knobs) {
            String name = catalog.lookup(k).map(knob -> knob.name().value()).orElse(k);
            if (!modelled.contains(name)) {
                throw new IllegalArgumentException("the guiding model does not know knob '" + k + "' (it models "
                        + encoder.knobs() + "); train it on data that varied it, or leave the knob out");
            }
        }
        TrainingDesign base = TrainingDesign.of(catalog, knobs, facts, uniform, rng);
        List<String> notes = new ArrayList<>(base.notes());
        List<DesignPoint> design = new ArrayList<>(base.configurations());
        Map<String, Double> uncertainty = new LinkedHashMap<>();
        Set<KnobName> all = catalog.knobs().stream().map(Knob::name).collect(Collectors.toSet());
        List<double[]> taken = new ArrayList<>();
        for (DesignPoint p : design) {
            Configuration c = parse(catalog, facts, all, p);
            uncertainty.put(p.id(), uncertainty(throughput, encoder, workloads, c));
            taken.add(encoder.toGenes(c));
        }
        if (guided > 0) {
            // the pool's own defaults (its c00) are left out: they are the design's c00 already
            List<DesignPoint> drawn = TrainingDesign.of(catalog, knobs, facts, pool + 1, rng).configurations();
            List<DesignPoint> candidates = drawn.subList(1, drawn.size());
            if (candidates.size() < guided) {
                throw new IllegalArgumentException("only " + candidates.size() + " of the pool's " + pool
                        + " candidates meet the catalog's constraints; " + guided + " guided configurations wanted");
            }
            double[] scores = new double[candidates.size()];
            double[][] genes = new double[candidates.size()][];
            double[] incumbent = criterion == Criterion.EXPECTED_IMPROVEMENT
                    ? incumbent(throughput, encoder, workloads, design.stream().map(p -> parse(catalog, facts, all, p)).toList())
                    : null;
            for (int i = 0; i < candidates.size(); i++) {
                Configuration c = parse(catalog, facts, all, candidates.get(i));
                scores[i] = criterion == Criterion.EXPECTED_IMPROVEMENT
                        ? expectedImprovement(throughput, encoder, workloads, incumbent, c)
                        : uncertainty(throughput, encoder, workloads, c);
                genes[i] = encoder.toGenes(c);
            }
            Greedy chosen = greedy(scores, genes, taken, guided, minDistance);
            notes.addAll(chosen.notes());
            for (int n = 0; n < chosen.indices().size(); n++) {
                int i = chosen.indices().get(n);
                String id = String.format(Locale.ROOT, "g%02d", n + 1);
                design.add(new DesignPoint(id, candidates.get(i).configuration()));
                uncertainty.put(id, scores[i]);
            }
        }
        return new GuidedDesign(design, uncertainty, notes);
    }

    /** The design as a training design (for reports written for one). */
    public TrainingDesign asTrainingDesign() {
        return new TrainingDesign(configurations, notes);
    }

    /**
     * The model's throughput uncertainty at a configuration: the ensemble's relative spread
     * ({@link Prediction#relativeSpread()}) averaged over the workloads, on one node of
     * replication factor 1 (the experiment node).
     */
    public static double uncertainty(TargetModel throughput, FeatureEncoder encoder, List<Workload> workloads,
            Configuration configuration) {
        double sum = 0;
        for (Workload w : workloads) {
            Prediction p = throughput.predict(encoder.encode(w, new PhysicalDesign(1, 1), configuration));
            sum += Math.min(p.relativeSpread(), 10); // a collapse predicted near 0 ops/s must not swamp the mean
        }
        return sum / workloads.size();
    }

    /** The best predicted throughput among {@code configurations}, per workload. */
    static double[] incumbent(TargetModel throughput, FeatureEncoder encoder, List<Workload> workloads,
            List<Configuration> configurations) {
        double[] best = new double[workloads.size()];
        java.util.Arrays.fill(best, Double.NEGATIVE_INFINITY);
        for (Configuration c : configurations) {
            for (int w = 0; w < workloads.size(); w++) {
                best[w] = Math.max(best[w], throughput.predict(encoder.encode(workloads.get(w), new PhysicalDesign(1, 1), c)).mean());
            }
        }
        return best;
    }

    /**
     * The expected improvement of throughput at a configuration over {@code incumbent}, relative to it,
     * averaged over the workloads, on one node of replication factor 1.
     */
    static double expectedImprovement(TargetModel throughput, FeatureEncoder encoder, List<Workload> workloads,
            double[] incumbent, Configuration configuration) {
        double sum = 0;
        for (int w = 0; w < workloads.size(); w++) {
            Prediction p = throughput.predict(encoder.encode(workloads.get(w), new PhysicalDesign(1, 1), configuration));
            sum += expectedImprovement(p.mean(), p.spread(), incumbent[w]) / Math.max(incumbent[w], 1e-9);
        }
        return sum / workloads.size();
    }

    /**
     * E[max(Y - best, 0)] for Y ~ N(mean, spread²): {@code (mean - best) Φ(z) + spread φ(z)} with
     * {@code z = (mean - best) / spread}; {@code max(mean - best, 0)} when the spread is 0.
     */
    public static double expectedImprovement(double mean, double spread, double best) {
        double gain = mean - best;
        if (!(spread > 0)) {
            return Math.max(gain, 0);
        }
        double z = gain / spread;
        return gain * Normal.cdf(z) + spread * Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
    }

    /** The indices of the pool picked, in the order picked, and what the pick had to relax. */
    record Greedy(List<Integer> indices, List<String> notes) {
    }

    /**
     * Picks {@code count} of the pool, largest score first (ties: lower index), each at least
     * {@code minDistance} from everything taken before (the design's fixed part and the earlier
     * picks). When no candidate left is that far, the distance is halved and noted.
     *
     * @param genes every candidate's unit coordinates (one per knob)
     * @param taken the unit coordinates of the configurations already in the design
     */
    static Greedy greedy(double[] scores, double[][] genes, List<double[]> taken, int count, double minDistance) {
        if (scores.length != genes.length || count > scores.length) {
            throw new IllegalArgumentException(scores.length + " scores and " + genes.length + " candidates for "
                    + count + " picks");
        }
        List<double[]> near = new ArrayList<>(taken);
        List<Integer> picked = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        boolean[] used = new boolean[scores.length];
        double distance = minDistance;
        while (picked.size() < count) {
            int best = -1;
            for (int i = 0; i < scores.length; i++) {
                if (!used[i] && (best < 0 || scores[i] > scores[best]) && farFromAll(genes[i], near, distance)) {
                    best = i;
                }
            }
            if (best < 0) {
                distance /= 2;
                notes.add(String.format(Locale.ROOT, "no candidate left at distance %.3f from the design after %d "
                        + "guided picks; the least distance halved to %.3f", distance * 2, picked.size(), distance));
                continue;
            }
            used[best] = true;
            picked.add(best);
            near.add(genes[best]);
        }
        return new Greedy(List.copyOf(picked), List.copyOf(notes));
    }

    /** True when {@code x} lies at least {@code distance} from every point (distance 0: always). */
    static boolean farFromAll(double[] x, List<double[]> points, double distance) {
        for (double[] p : points) {
            if (normalisedDistance(x, p) < distance) {
                return false;
            }
        }
        return true;
    }

    /** Euclidean distance over the square root of the dimension: 1 across the unit cube's diagonal. */
    static double normalisedDistance(double[] a, double[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException(a.length + " against " + b.length + " coordinates");
        }
        double sum = 0;
        for (int i = 0; i < a.length; i++) {
            sum += (a[i] - b[i]) * (a[i] - b[i]);
        }
        return a.length == 0 ? 0 : Math.sqrt(sum / a.length);
    }

    private static Configuration parse(KnobCatalog catalog, NodeFacts facts, Set<KnobName> all, DesignPoint p) {
        var report = catalog.validate(p.configuration(), Configuration.EMPTY, facts, all);
        if (!report.errors().isEmpty()) {
            throw new IllegalStateException(p.id() + " is not a valid configuration: " + report.errors());
        }
        return report.parsed();
    }
}
