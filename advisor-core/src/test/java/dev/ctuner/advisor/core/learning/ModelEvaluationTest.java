package dev.ctuner.advisor.core.learning;

import static dev.ctuner.advisor.core.learning.TestSamples.CATALOG;
import static dev.ctuner.advisor.core.learning.TestSamples.FACTS;
import static dev.ctuner.advisor.core.learning.TestSamples.config;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ModelEvaluationTest {

    static final FeatureEncoder ENCODER = FeatureEncoder.of(CATALOG, FACTS,
            List.of("concurrent_writes", "memtable_cleanup_threshold"), FeatureEncoder.EnumEncoding.ORDINAL);

    /** 16 configurations × 6 read ratios of a smooth synthetic response with 1% noise. */
    static List<Sample> grid() {
        SplittableRandom r = new SplittableRandom(8);
        List<Sample> samples = new ArrayList<>();
        for (int c = 0; c < 16; c++) {
            long writes = 1L << (1 + c % 8);
            double cleanup = c < 8 ? 0.2 : 0.6;
            for (int w = 0; w <= 5; w++) {
                double rr = w / 5.0;
                double lw = Math.log(writes) / Math.log(2);
                double thr = 40_000 + 3_000 * lw - 200 * lw * lw + 20_000 * (1 - rr) + 5_000 * cleanup;
                double noise = 1 + 0.01 * (r.nextDouble() - 0.5);
                samples.add(TestSamples.sample(Workload.ofReadRatio(rr),
                        config("concurrent_writes", writes, "memtable_cleanup_threshold", cleanup),
                        thr * noise, 2_000 + 500 * rr + 100 * lw, 800 + 50 * lw, "c" + c + "w" + w));
            }
        }
        return samples;
    }

    @Test
    void groupedSplitsKeepEveryGroupWhole() {
        List<Sample> samples = grid();
        for (SplitKind kind : SplitKind.values()) {
            GroupedSplit s = GroupedSplit.of(samples, kind, ENCODER, 0.25, new SplittableRandom(1));
            Set<String> trainGroups = s.train().stream().map(x -> kind.groupOf(x, ENCODER)).collect(Collectors.toSet());
            Set<String> testGroups = s.test().stream().map(x -> kind.groupOf(x, ENCODER)).collect(Collectors.toSet());
            assertThat(trainGroups).doesNotContainAnyElementsOf(testGroups);
            assertThat(s.train().size() + s.test().size()).isEqualTo(samples.size());
            assertThat(s.testGroups()).isEqualTo(kind == SplitKind.UNSEEN_CONFIGURATION ? 4 : 2);
        }
    }

    @Test
    void comparesFamiliesPerTargetAndSplitInTable2Shape() {
        ModelEvaluation eval = new ModelEvaluation(ENCODER, 0.25, 3);
        List<EvaluationRow> rows = eval.compare(grid(), Map.of("RF", new RandomForestSurrogate.Trainer(60, 1.0, 2)),
                List.of(SplitKind.UNSEEN_CONFIGURATION, SplitKind.UNSEEN_WORKLOAD), 42);
        assertThat(rows).hasSize(3 * 2);
        EvaluationRow throughputUnseenConfig = rows.stream()
                .filter(r -> r.target() == Target.THROUGHPUT && r.split() == SplitKind.UNSEEN_CONFIGURATION)
                .findFirst().orElseThrow();
        assertThat(throughputUnseenConfig.repetitions()).isEqualTo(3);
        assertThat(throughputUnseenConfig.mean().mape()).isLessThan(8);
        assertThat(eval.compare(grid(), Map.of("RF", new RandomForestSurrogate.Trainer(60, 1.0, 2)),
                List.of(SplitKind.UNSEEN_CONFIGURATION), 42).get(0)).isEqualTo(rows.get(0));
    }

    @Test
    void learningCurveErrorFallsWithMoreSamples() {
        ModelEvaluation eval = new ModelEvaluation(ENCODER, 0.25, 3);
        List<CurvePoint> curve = eval.learningCurve(grid(), new RandomForestSurrogate.Trainer(60, 1.0, 2),
                Target.THROUGHPUT, new int[] {6, 60}, 42);
        assertThat(curve).hasSize(2);
        assertThat(curve.get(1).mean().mape()).isLessThan(curve.get(0).mean().mape());
    }

    @Test
    void heldOutPredictionsAreTheOnesTheTableIsComputedFrom() {
        ModelEvaluation eval = new ModelEvaluation(ENCODER, 0.25, 3);
        RandomForestSurrogate.Trainer rf = new RandomForestSurrogate.Trainer(60, 1.0, 2);
        for (SplitKind kind : SplitKind.values()) {
            EvaluationRow row = eval.compare(grid(), Map.of("RF", rf), List.of(kind), 42).stream()
                    .filter(r -> r.target() == Target.THROUGHPUT).findFirst().orElseThrow();
            List<HeldOutPrediction> held = eval.heldOut(grid(), rf, Target.THROUGHPUT, kind, 42);
            List<Metrics> perRepetition = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                int rep = r;
                List<HeldOutPrediction> these = held.stream().filter(p -> p.repetition() == rep).toList();
                assertThat(these).isNotEmpty();
                assertThat(these.stream().map(p -> kind.groupOf(p.sample(), ENCODER)).distinct().count())
                        .isEqualTo(kind == SplitKind.UNSEEN_CONFIGURATION ? 4 : 2);
                perRepetition.add(Metrics.of(these.stream().mapToDouble(HeldOutPrediction::actual).toArray(),
                        these.stream().mapToDouble(HeldOutPrediction::predicted).toArray()));
            }
            assertThat(Metrics.mean(perRepetition)).isEqualTo(row.mean());
        }
    }
}
