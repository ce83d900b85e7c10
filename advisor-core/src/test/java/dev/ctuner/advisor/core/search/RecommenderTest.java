package dev.ctuner.advisor.core.search;

import static dev.ctuner.advisor.core.learning.TestSamples.config;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.learning.ObservedRanges;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.learning.TestSamples;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RecommenderTest {

    @Test
    void flagsARecommendationOutsideTheTrainingDataAndListsTheChanges() {
        // training data covered only the lower half of every knob; the synthetic optimum lies above it
        ObservedRanges lowerHalf = ObservedRanges.of(List.of(
                TestSamples.sample(Workload.ofReadRatio(0), GeneticSearchTest.ENCODER.decode(new double[] {0, 0, 0, 0}), 1, 1, 1, "a"),
                TestSamples.sample(Workload.ofReadRatio(1), GeneticSearchTest.ENCODER.decode(new double[] {0.4, 0.4, 0.4, 0.4}), 1, 1, 1, "b")),
                GeneticSearchTest.ENCODER);
        Recommender advisor = new Recommender(GeneticSearchTest.bowl(lowerHalf), new GeneticSearch(30, 40, 0.6, 0.15), 0.25);
        Recommendation r = advisor.recommend(Workload.ofReadRatio(0.5), new PhysicalDesign(1, 1),
                new Objective.MaxThroughput(), config("concurrent_writes", 32), 42);
        assertThat(r.outsideData()).isTrue();
        assertThat(r.cautions()).anyMatch(c -> c.startsWith("file_cache_size"));
        assertThat(r.feasible()).isTrue();
        assertThat(r.predicted().get(Target.THROUGHPUT).mean()).isGreaterThan(r.current().get(Target.THROUGHPUT).mean());
        assertThat(r.changes()).anyMatch(c -> c.knob().equals(KnobName.of("compaction.class"))
                && c.from().equals(Optional.of(KnobValue.of("SizeTieredCompactionStrategy")))
                && c.to().equals(KnobValue.of("LeveledCompactionStrategy")));
        assertThat(r.evaluations()).isPositive();
    }

    @Test
    void insideTheDataWithSmallSpreadIsNotFlagged() {
        Recommender advisor = new Recommender(GeneticSearchTest.bowl(GeneticSearchTest.everywhere()),
                new GeneticSearch(30, 40, 0.6, 0.15), 0.25);
        Recommendation r = advisor.recommend(Workload.ofReadRatio(0.5), new PhysicalDesign(1, 1),
                new Objective.MaxThroughput(), config(), 42);
        assertThat(r.outsideData()).isFalse();
        assertThat(r.cautions()).isEmpty();
    }
}
