package dev.ctuner.advisor.core.learning;

import static dev.ctuner.advisor.core.learning.TestSamples.config;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.catalog.KnobName;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModelDiagnosticsTest {

    private static final SurrogateTrainer FOREST = new RandomForestSurrogate.Trainer(60, 1.0, 2);

    private static ModelDiagnostics diagnose(List<Sample> samples, long seed) {
        ModelSet models = ModelSet.train(samples, ModelEvaluationTest.ENCODER, FOREST, seed);
        return ModelDiagnostics.of(samples, models, FOREST, ModelDiagnostics.Settings.DEFAULTS, seed);
    }

    @Test
    void crossValidatesEveryModelledTargetOnUnseenConfigurationsAndWorkloads() {
        ModelDiagnostics d = diagnose(ModelEvaluationTest.grid(), 42);
        for (Target t : Target.values()) {
            for (SplitKind kind : SplitKind.values()) {
                assertThat(d.row(t, kind)).as(t + " " + kind).isPresent();
                assertThat(d.row(t, kind).get().repetitions()).isEqualTo(3);
            }
        }
        // the synthetic response is smooth and has 1 % noise: a forest predicts unseen configurations well
        EvaluationRow throughput = d.row(Target.THROUGHPUT, SplitKind.UNSEEN_CONFIGURATION).orElseThrow();
        assertThat(throughput.mean().r2()).isGreaterThan(0.8);
        assertThat(throughput.mean().mape()).isLessThan(10);
        assertThat(d.notes()).isEmpty();
    }

    @Test
    void theLearningCurveFallsAsTheTrainingSetGrows() {
        ModelDiagnostics d = diagnose(ModelEvaluationTest.grid(), 42);
        List<CurvePoint> curve = d.learningCurve();
        assertThat(curve).hasSizeGreaterThanOrEqualTo(3);
        assertThat(curve).extracting(CurvePoint::trainingSamples).isSorted();
        assertThat(curve.get(0).trainingSamples()).isGreaterThanOrEqualTo(ModelDiagnostics.MIN_CURVE_SAMPLES);
        assertThat(curve.get(curve.size() - 1).mean().mape()).isLessThan(curve.get(0).mean().mape());
        assertThat(d.curveTarget()).isEqualTo(Target.THROUGHPUT);
    }

    @Test
    void ranksTheKnobThatMovesThroughputMostFirst() {
        // throughput moves by ~8,400 ops/s over concurrent_writes 2..256 and by 2,000 over cleanup 0.2..0.6
        List<KnobInfluence> influence = diagnose(ModelEvaluationTest.grid(), 42).influence();
        assertThat(influence).extracting(KnobInfluence::knob)
                .containsExactly(KnobName.of("concurrent_writes"), KnobName.of("memtable_cleanup_threshold"));
        KnobInfluence writes = influence.get(0);
        assertThat(writes.spread()).isBetween(5_000.0, 11_000.0);
        assertThat(writes.relativeSpread()).isBetween(0.05, 0.25);
        assertThat(writes.lowest().value()).isEqualTo("2");
        assertThat(writes.levels()).hasSize(6);   // 8 values seen, thinned to 6 with both ends
        assertThat(writes.levels().get(0).value()).isEqualTo("2");
        assertThat(writes.levels().get(5).value()).isEqualTo("256");
        assertThat(influence.get(1).levels()).extracting(KnobInfluence.Level::value).containsExactly("0.2", "0.6");
        assertThat(influence.get(1).highest().value()).isEqualTo("0.6");
    }

    @Test
    void theSameDataAndSeedGiveTheSameNumbers() {
        assertThat(diagnose(ModelEvaluationTest.grid(), 7)).isEqualTo(diagnose(ModelEvaluationTest.grid(), 7));
    }

    @Test
    void dataWithOneConfigurationIsDiagnosedAsFarAsItGoesAndSaysWhatIsMissing() {
        List<Sample> oneConfig = new ArrayList<>();
        for (int w = 0; w <= 5; w++) {
            double rr = w / 5.0;
            oneConfig.add(TestSamples.sample(Workload.ofReadRatio(rr), config("concurrent_writes", 32L), 50_000 - 10_000 * rr,
                    2_000, 800, "w" + w));
        }
        ModelDiagnostics d = diagnose(oneConfig, 1);
        assertThat(d.row(Target.THROUGHPUT, SplitKind.UNSEEN_CONFIGURATION)).isEmpty();
        assertThat(d.learningCurve()).isEmpty();
        assertThat(d.influence()).isEmpty();
        assertThat(d.notes()).anyMatch(n -> n.startsWith("No unseen config cross-validation: "))
                .anyMatch(n -> n.startsWith("No learning curve: "))
                .anyMatch(n -> n.startsWith("No knob influence: "));
    }

    @Test
    void curveSizesAreDistinctGrowingAndNeverBelowTheMinimum() {
        assertThat(ModelDiagnostics.curveSizes(96, 5)).containsExactly(12, 20, 34, 57, 96);
        assertThat(ModelDiagnostics.curveSizes(10, 5)).containsExactly(8, 9, 10);
        assertThat(ModelDiagnostics.curveSizes(7, 5)).isEmpty();
    }
}
