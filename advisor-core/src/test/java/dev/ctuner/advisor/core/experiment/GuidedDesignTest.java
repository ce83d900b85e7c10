package dev.ctuner.advisor.core.experiment;

import static dev.ctuner.advisor.core.learning.TestSamples.CATALOG;
import static dev.ctuner.advisor.core.learning.TestSamples.FACTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.ObservedRanges;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Surrogate;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.learning.TargetModel;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.common.catalog.Configuration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A synthetic surrogate whose uncertainty is known: large only where concurrent_reads is low. Not Cassandra results. */
class GuidedDesignTest {

    static final List<String> KNOBS = List.of("concurrent_reads", "memtable_cleanup_threshold", "compaction.class");
    static final FeatureEncoder ENCODER = FeatureEncoder.of(CATALOG, FACTS, KNOBS, FeatureEncoder.EnumEncoding.ORDINAL);
    static final List<Workload> WORKLOADS = List.of(Workload.ofReadRatio(0), Workload.ofReadRatio(0.5), Workload.ofReadRatio(1));

    /** 1000 ops/s everywhere; the members disagree by 30-40% below concurrent_reads' unit coordinate 0.2, by 1% above. */
    static ModelSet unsureAtLowReads() {
        int at = ENCODER.knobOffset();
        Surrogate s = x -> new Prediction(1000, x[at] < 0.2 ? 300 + 100 * x[at + 1] : 10);
        return new ModelSet(ENCODER, Map.of(Target.THROUGHPUT, new TargetModel(Target.THROUGHPUT, s, "synthetic", 0)),
                ObservedRanges.of(List.of(), ENCODER));
    }

    private static GuidedDesign design(long seed) {
        return GuidedDesign.of(CATALOG, KNOBS, FACTS, 5, 3, 200, unsureAtLowReads(), WORKLOADS, new SplittableRandom(seed), 0.15);
    }

    /**
     * Throughput rises with memtable_cleanup_threshold's unit coordinate (1000 to 2000 ops/s), sure
     * (spread 10) everywhere but where concurrent_reads is low (spread 400): expected improvement
     * should seek the high threshold, and prefer the unsure corner only where its mean is as good.
     */
    static ModelSet betterAtHighThreshold() {
        int at = ENCODER.knobOffset();
        Surrogate s = x -> new Prediction(1000 + 1000 * x[at + 1], x[at] < 0.2 ? 400 : 10);
        return new ModelSet(ENCODER, Map.of(Target.THROUGHPUT, new TargetModel(Target.THROUGHPUT, s, "synthetic", 0)),
                ObservedRanges.of(List.of(), ENCODER));
    }

    @Test
    void expectedImprovementIsTheNormalFormulaAndGuidesTowardsTheBetterRegion() {
        assertThat(GuidedDesign.expectedImprovement(120, 0, 100)).isEqualTo(20);
        assertThat(GuidedDesign.expectedImprovement(80, 0, 100)).isZero();
        // at the incumbent: spread x phi(0)
        assertThat(GuidedDesign.expectedImprovement(100, 10, 100)).isCloseTo(10 / Math.sqrt(2 * Math.PI),
                org.assertj.core.data.Offset.offset(1e-6));
        // more spread, more to expect; a better mean, more to expect
        assertThat(GuidedDesign.expectedImprovement(90, 30, 100)).isGreaterThan(GuidedDesign.expectedImprovement(90, 10, 100));
        assertThat(GuidedDesign.expectedImprovement(110, 10, 100)).isGreaterThan(GuidedDesign.expectedImprovement(100, 10, 100));

        GuidedDesign d = GuidedDesign.of(CATALOG, KNOBS, FACTS, 5, 3, 200, betterAtHighThreshold(), WORKLOADS,
                new SplittableRandom(11), 0.15, GuidedDesign.Criterion.EXPECTED_IMPROVEMENT);
        GuidedDesign unsure = GuidedDesign.of(CATALOG, KNOBS, FACTS, 5, 3, 200, betterAtHighThreshold(), WORKLOADS,
                new SplittableRandom(11), 0.15, GuidedDesign.Criterion.UNCERTAINTY);
        double eiThreshold = meanThreshold(d);
        assertThat(eiThreshold).as("expected improvement seeks the high threshold").isGreaterThan(0.6);
        assertThat(eiThreshold).isGreaterThan(meanThreshold(unsure));
        assertThat(d.configurations().subList(0, 5)).isEqualTo(unsure.configurations().subList(0, 5));
    }

    private static double meanThreshold(GuidedDesign d) {
        return d.configurations().subList(5, 8).stream().mapToDouble(g -> ENCODER.toGenes(CATALOG.validate(g.configuration(),
                Configuration.EMPTY, FACTS, java.util.Set.copyOf(ENCODER.knobs())).parsed())[1]).average().orElseThrow();
    }

    @Test
    void keepsTheSpaceFillingPartAndAddsPointsWhereTheModelIsLeastSure() {
        GuidedDesign d = design(11);
        assertThat(d.configurations()).extracting(DesignPoint::id).containsExactly("c00", "c01", "c02", "c03", "c04",
                "g01", "g02", "g03");
        assertThat(d.configurations().subList(0, 5))
                .isEqualTo(TrainingDesign.of(CATALOG, KNOBS, FACTS, 5, new SplittableRandom(11)).configurations());
        for (DesignPoint g : d.configurations().subList(5, 8)) {
            Configuration c = CATALOG.validate(g.configuration(), Configuration.EMPTY, FACTS,
                    java.util.Set.copyOf(ENCODER.knobs())).parsed();
            assertThat(ENCODER.toGenes(c)[0]).as(g.id() + " concurrent_reads").isLessThan(0.2);
            assertThat(d.uncertainty().get(g.id())).isGreaterThanOrEqualTo(0.3);
        }
        assertThat(d.uncertainty()).hasSize(8);
        assertThat(d.uncertainty().get("c00")).isEqualTo(0.01, org.assertj.core.data.Offset.offset(1e-12)); // the default: 32 reads
        assertThat(design(11)).isEqualTo(d);
        assertThat(design(12)).isNotEqualTo(d);
    }

    @Test
    void picksByScoreButKeepsItsDistanceAndHalvesItWhenNothingIsLeft() {
        double[] scores = {5, 4.9, 3, 1};
        double[][] genes = {{0.5, 0.5}, {0.65, 0.5}, {0, 0}, {1, 1}}; // 1 lies 0.106 from 0
        assertThat(GuidedDesign.greedy(scores, genes, List.of(), 2, 0.2).indices()).containsExactly(0, 2);
        assertThat(GuidedDesign.greedy(scores, genes, List.of(new double[] {0, 0.05}), 2, 0.2).indices()).containsExactly(0, 3);
        assertThat(GuidedDesign.greedy(scores, genes, List.of(), 2, 0).indices()).containsExactly(0, 1);
        GuidedDesign.Greedy relaxed = GuidedDesign.greedy(scores, genes, List.of(), 4, 0.2);
        assertThat(relaxed.indices()).containsExactly(0, 2, 3, 1);
        assertThat(relaxed.notes()).singleElement().asString().contains("after 3 guided picks", "halved to 0.100");
        assertThat(GuidedDesign.normalisedDistance(new double[] {0, 0}, new double[] {1, 1})).isEqualTo(1.0);
    }

    @Test
    void refusesAModelThatDoesNotKnowAKnobAndABadDistance() {
        List<String> more = List.of("concurrent_reads", "key_cache_size");
        assertThatThrownBy(() -> GuidedDesign.of(CATALOG, more, FACTS, 5, 3, 200, unsureAtLowReads(), WORKLOADS,
                new SplittableRandom(1), 0.15)).hasMessageContaining("does not know knob 'key_cache_size'");
        assertThatThrownBy(() -> GuidedDesign.of(CATALOG, KNOBS, FACTS, 5, 3, 200, unsureAtLowReads(), WORKLOADS,
                new SplittableRandom(1), 1.0)).hasMessageContaining("[0, 1)");
        assertThatThrownBy(() -> GuidedDesign.of(CATALOG, KNOBS, FACTS, 5, 3, 2, unsureAtLowReads(), WORKLOADS,
                new SplittableRandom(1), 0.15)).hasMessageContaining("pool of 2");
    }
}
