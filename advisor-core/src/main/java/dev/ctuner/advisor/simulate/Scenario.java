package dev.ctuner.advisor.simulate;

import dev.ctuner.advisor.core.forecast.WorkloadSeries;
import dev.ctuner.advisor.core.forecast.WorkloadVector;
import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelFamily;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.planning.CatalogTiers;
import dev.ctuner.advisor.core.planning.OptimumCache;
import dev.ctuner.advisor.core.planning.RecommenderOptimizer;
import dev.ctuner.advisor.core.planning.ThroughputModel;
import dev.ctuner.advisor.core.planning.TierClassifier;
import dev.ctuner.advisor.core.search.GeneticSearch;
import dev.ctuner.advisor.core.search.Recommender;
import dev.ctuner.advisor.core.simulation.SyntheticThroughput;
import dev.ctuner.advisor.core.tuning.ModelSetThroughput;
import dev.ctuner.advisor.core.tuning.UncertainThroughput;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;

/**
 * What a simulation runs against: f_ops, the candidate configurations (default first) and the tier
 * classifier. Either the synthetic model, or a random-forest surrogate trained on an experiment CSV
 * (docs/data/README.md format) with candidates = the {@link Recommender}'s optima for the training
 * trace's workloads, cached by nearest neighbour (EUNOMIA §4.4). {@code belief} is the same model with
 * its spread and training region, for the tuning loop's decider (the synthetic model is exact).
 *
 * <pre>{@code
 * Scenario s = Scenario.fromExperiments(Path.of("docs/data/training.csv"), training, 0.1, 42, 50, 80);
 * }</pre>
 */
record Scenario(String description, ThroughputModel model, List<Configuration> candidates, TierClassifier tiers,
                UncertainThroughput belief) {

    static final NodeFacts DEFAULT_FACTS = new NodeFacts(4096, 2, 1, 24576);

    static Scenario synthetic() {
        SyntheticThroughput f = new SyntheticThroughput();
        UncertainThroughput exact = new UncertainThroughput() {
            @Override
            public Prediction predict(WorkloadVector workload, Configuration configuration) {
                return new Prediction(f.opsPerSecond(workload, configuration), 0);
            }

            @Override
            public List<String> outsideData(WorkloadVector workload, Configuration configuration) {
                return List.of();
            }
        };
        return new Scenario("synthetic f_ops (SyntheticThroughput, not measured)", f, SyntheticThroughput.candidates(),
                new CatalogTiers(KnobCatalog.cassandra50(), DEFAULT_FACTS), exact);
    }

    static Scenario fromExperiments(Path csv, WorkloadSeries anchors, double radius, long seed, int population,
                                    int generations) throws IOException {
        return Trained.train(csv, seed).scenario(anchors, radius, seed, population, generations);
    }

    /** A random-forest surrogate trained on an experiment CSV, before candidates are chosen (train once, use on many traces). */
    record Trained(Path csv, List<Sample> samples, FeatureEncoder encoder, ModelSet models, NodeFacts facts,
                   boolean inserts) {

        static Trained train(Path csv, long seed) throws IOException {
            KnobCatalog catalog = KnobCatalog.cassandra50();
            List<Sample> samples = new ExperimentCsvReader(catalog).read(csv).anchored().samples();
            if (samples.isEmpty()) {
                throw new IllegalArgumentException(csv + " has no OK rows to train on");
            }
            Sample first = samples.get(0);
            NodeFacts facts = new NodeFacts(first.provenance().hardware().heapMiB(), first.provenance().hardware().cores(), 1,
                    first.provenance().hardware().memoryMiB());
            FeatureEncoder encoder = FeatureEncoder.of(catalog, facts, varyingKnobs(samples),
                    FeatureEncoder.EnumEncoding.ONE_HOT);
            ModelSet models = ModelSet.train(samples, encoder, ModelFamily.RANDOM_FOREST.trainer(), seed);
            boolean inserts = samples.stream().anyMatch(s -> s.workload().insertProportion() > 0);
            return new Trained(csv, samples, encoder, models, facts, inserts);
        }

        /** The model as the planner sees it: mean, spread and training region, inserts as updates when none were measured. */
        UncertainThroughput belief() {
            Sample first = samples.get(0);
            UnaryOperator<WorkloadVector> asMeasured = inserts ? UnaryOperator.identity() : WorkloadVector::insertsAsUpdates;
            return new ModelSetThroughput(models, first.design(), first.workload().distribution(), asMeasured);
        }

        /** Candidates = the recommender's optima for {@code anchors}' workloads, cached by nearest neighbour. */
        Scenario scenario(WorkloadSeries anchors, double radius, long seed, int population, int generations) {
            Sample first = samples.get(0);
            String distribution = first.workload().distribution();
            Recommender recommender = new Recommender(models, new GeneticSearch(population, generations, 0.6, 0.15), 0.25);
            UnaryOperator<WorkloadVector> asMeasured = inserts ? UnaryOperator.identity() : WorkloadVector::insertsAsUpdates;
            OptimumCache cache = new OptimumCache(new RecommenderOptimizer(recommender, first.design(), distribution, seed),
                    radius);
            List<Configuration> candidates = cache.candidates(anchors.vectors().stream().map(asMeasured).toList(),
                    Configuration.EMPTY);
            String description = String.format(java.util.Locale.ROOT,
                    "RF surrogate on %s (%d samples, knobs %s%s); %d candidates from %d optimiser calls", csv, samples.size(),
                    encoder.knobs(), inserts ? "" : "; the data has no inserts, so the trace's inserts count as updates",
                    candidates.size(), cache.anchors());
            UncertainThroughput belief = belief();
            return new Scenario(description, belief.mean(), candidates, new CatalogTiers(KnobCatalog.cassandra50(), facts),
                    belief);
        }
    }

    /** Knobs that take two or more values in the data. */
    static List<String> varyingKnobs(List<Sample> samples) {
        Map<KnobName, Set<String>> seen = new HashMap<>();
        for (Sample s : samples) {
            s.configuration().values().forEach((k, v) -> seen.computeIfAbsent(k, x -> new HashSet<>()).add(v.text()));
        }
        List<String> knobs = new ArrayList<>();
        new TreeSet<>(seen.keySet()).forEach(k -> {
            if (seen.get(k).size() > 1) {
                knobs.add(k.value());
            }
        });
        return knobs;
    }
}
