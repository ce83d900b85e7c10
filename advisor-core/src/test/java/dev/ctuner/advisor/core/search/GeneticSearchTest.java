package dev.ctuner.advisor.core.search;

import static dev.ctuner.advisor.core.learning.TestSamples.CATALOG;
import static dev.ctuner.advisor.core.learning.TestSamples.FACTS;
import static dev.ctuner.advisor.core.learning.TestSamples.config;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.ObservedRanges;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Surrogate;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.learning.TargetModel;
import dev.ctuner.advisor.core.learning.TestSamples;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import io.jenetics.DoubleGene;
import io.jenetics.util.MSeq;
import io.jenetics.util.RandomRegistry;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Synthetic analytic surrogates with known optima; not Cassandra results. */
class GeneticSearchTest {

    static final List<String> KNOBS = List.of("concurrent_writes", "memtable_cleanup_threshold", "file_cache_size",
            "compaction.class");
    static final FeatureEncoder ENCODER = FeatureEncoder.of(CATALOG, FACTS, KNOBS, FeatureEncoder.EnumEncoding.ORDINAL);
    static final double[] OPTIMUM = {0.6, 0.3, 0.8, 0.5};   // unit coordinates; 0.5 is LeveledCompactionStrategy

    /** Smooth bowl: 1000 at OPTIMUM, lower with squared distance in the unit cube. */
    static ModelSet bowl(ObservedRanges ranges) {
        int offset = ENCODER.knobOffset();
        Surrogate s = x -> {
            double d = 0;
            for (int i = 0; i < OPTIMUM.length; i++) {
                d += (x[offset + i] - OPTIMUM[i]) * (x[offset + i] - OPTIMUM[i]);
            }
            return new Prediction(1000 * (1 - d), 10);
        };
        return new ModelSet(ENCODER, Map.of(Target.THROUGHPUT, new TargetModel(Target.THROUGHPUT, s, "bowl", 0)), ranges);
    }

    static ObservedRanges everywhere() {
        Configuration low = ENCODER.decode(new double[] {0, 0, 0, 0});
        Configuration high = ENCODER.decode(new double[] {1, 1, 1, 1});
        return ObservedRanges.of(List.of(
                TestSamples.sample(Workload.ofReadRatio(0), low, 1, 1, 1, "lo"),
                TestSamples.sample(Workload.ofReadRatio(1), high, 1, 1, 1, "hi")), ENCODER);
    }

    private static SearchProblem problem(ModelSet models, Objective objective) {
        return new SearchProblem(models, Workload.ofReadRatio(0.5), new PhysicalDesign(1, 1), Configuration.EMPTY, objective);
    }

    @Test
    void findsTheKnownOptimumWithinOnePercent() {
        SearchResult ga = new GeneticSearch(40, 60, 0.6, 0.15).run(problem(bowl(everywhere()), new Objective.MaxThroughput()), 42);
        assertThat(ga.best().fitness().value()).isGreaterThan(0.99 * 1000);
        assertThat(ga.best().configuration().get("compaction.class")).contains(KnobValue.of("LeveledCompactionStrategy"));
        assertThat(ga.evaluations()).isBetween(100L, 40L * 61);
        SearchResult grid = new ExhaustiveSearch(6, 100_000).run(problem(bowl(everywhere()), new Objective.MaxThroughput()));
        assertThat(ga.best().fitness().value()).isGreaterThanOrEqualTo(grid.best().fitness().value() - 1e-9 - 10);
    }

    @Test
    void isDeterministicForASeed() {
        GeneticSearch search = new GeneticSearch(20, 15, 0.6, 0.15);
        Candidate a = search.run(problem(bowl(everywhere()), new Objective.MaxThroughput()), 7).best();
        Candidate b = search.run(problem(bowl(everywhere()), new Objective.MaxThroughput()), 7).best();
        Candidate c = search.run(problem(bowl(everywhere()), new Objective.MaxThroughput()), 8).best();
        assertThat(b.genes()).containsExactly(a.genes());
        assertThat(c.genes()).isNotEqualTo(a.genes());
    }

    @Test
    void respectsCatalogConstraints() {
        // synthetic: throughput grows with memtable space and key cache; the catalog's heap budget
        // (memtable_heap_space + key_cache_size <= heap/2 = 2048 MiB) must bind
        FeatureEncoder enc = FeatureEncoder.of(CATALOG, FACTS, List.of("memtable_heap_space", "key_cache_size"),
                FeatureEncoder.EnumEncoding.ORDINAL);
        int offset = enc.knobOffset();
        Surrogate s = x -> new Prediction(1000 + 100 * x[offset] + 100 * x[offset + 1], 0);
        ModelSet models = new ModelSet(enc, Map.of(Target.THROUGHPUT, new TargetModel(Target.THROUGHPUT, s, "up", 0)),
                ObservedRanges.of(List.of(), enc));
        SearchProblem p = new SearchProblem(models, Workload.ofReadRatio(0.5), new PhysicalDesign(1, 1),
                Configuration.EMPTY, new Objective.MaxThroughput());
        assertThat(p.evaluate(new double[] {1, 1}).broken()).containsExactly("heap-budget");
        Candidate best = new GeneticSearch(30, 40, 0.6, 0.15).run(p, 3).best();
        long memtable = ((KnobValue.IntValue) best.configuration().get("memtable_heap_space").orElseThrow()).value();
        long keyCache = ((KnobValue.IntValue) best.configuration().get("key_cache_size").orElseThrow()).value();
        assertThat(best.fitness().feasible()).isTrue();
        assertThat(memtable + keyCache).isLessThanOrEqualTo(2048);
        Candidate grid = new ExhaustiveSearch(9, 10_000).run(p).best();
        assertThat(best.fitness().value()).isGreaterThanOrEqualTo(0.99 * grid.fitness().value());
    }

    @Test
    void throughputFloorIsAConstraintOfTheObjective() {
        FeatureEncoder enc = FeatureEncoder.of(CATALOG, FACTS, List.of("concurrent_writes"), FeatureEncoder.EnumEncoding.ORDINAL);
        int at = enc.knobOffset();
        // synthetic trade-off: more writers, more throughput and more latency
        Map<Target, TargetModel> models = Map.of(
                Target.THROUGHPUT, new TargetModel(Target.THROUGHPUT, x -> new Prediction(10_000 * (1 + x[at]), 0), "t", 0),
                Target.P99_READ, new TargetModel(Target.P99_READ, x -> new Prediction(Math.log(1000 * (1 + x[at])), 0), "l", 0));
        ModelSet set = new ModelSet(enc, models, ObservedRanges.of(List.of(), enc));
        Candidate best = new GeneticSearch(20, 30, 0.6, 0.15).run(new SearchProblem(set, Workload.ofReadRatio(0.5),
                new PhysicalDesign(1, 1), Configuration.EMPTY, new Objective.MinLatencyAtThroughput(Target.P99_READ, 15_000)), 1).best();
        assertThat(best.fitness().shortfall()).isZero();
        assertThat(best.predictions().get(Target.THROUGHPUT).mean()).isBetween(15_000.0, 15_600.0);
    }

    @Test
    void interpolatingCrossoverStaysBetweenParents() {
        MSeq<DoubleGene> a = MSeq.of(DoubleGene.of(0.2, 0, 1), DoubleGene.of(0.9, 0, 1));
        MSeq<DoubleGene> b = MSeq.of(DoubleGene.of(0.6, 0, 1), DoubleGene.of(0.1, 0, 1));
        RandomRegistry.using(new Random(1), r -> new Probe().crossover(a, b));
        assertThat(a.get(0).doubleValue()).isBetween(0.2, 0.6);
        assertThat(a.get(1).doubleValue()).isBetween(0.1, 0.9);
        assertThat(a.get(0).doubleValue() + b.get(0).doubleValue()).isCloseTo(0.8, org.assertj.core.api.Assertions.within(1e-12));
    }

    private static final class Probe {
        private final InterpolatingCrossover<Double> crossover = new InterpolatingCrossover<>(1.0);

        void crossover(MSeq<DoubleGene> a, MSeq<DoubleGene> b) {
            crossover.crossover(a, b);
        }
    }

    static Configuration current() {
        return config("concurrent_writes", 32);
    }
}
