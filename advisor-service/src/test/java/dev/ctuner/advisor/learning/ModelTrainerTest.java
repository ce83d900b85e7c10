package dev.ctuner.advisor.learning;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelDiagnostics;
import dev.ctuner.advisor.core.learning.ModelFamily;
import dev.ctuner.advisor.core.learning.SplitKind;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.data.SyntheticCsv;
import dev.ctuner.common.catalog.KnobCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A training run keeps the model's diagnostics with it, and a run that cannot compute them still gives a model. */
class ModelTrainerTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-03-02T10:15:00Z"), ZoneOffset.UTC);

    static LearningProperties properties(List<Path> datasets) {
        return new LearningProperties(datasets, List.of(), ModelFamily.RANDOM_FOREST, FeatureEncoder.EnumEncoding.ONE_HOT, 42,
                false, 0.25, new LearningProperties.Search(20, 10), true);
    }

    @Test
    void aModelIsPutInUseFirstThenDiagnosedWithItsCrossValidatedErrorLearningCurveAndKnobInfluence() throws Exception {
        Path csv = SyntheticCsv.write(Files.createTempDirectory("trainer").resolve("synthetic.csv"), 20, 11);
        ModelTrainer trainer = new ModelTrainer(properties(List.of(csv)), KnobCatalog.cassandra50(), CLOCK);
        ModelTrainer.Result r = trainer.train();
        TrainedModel model = r.model().orElseThrow();
        assertThat(model.assessment().status()).isEqualTo(ModelAssessment.Status.COMPUTING);   // put in use before its diagnostics
        assertThat(r.samples()).hasSize(60);
        ModelAssessment assessed = trainer.assess(model, r.samples());
        assertThat(assessed.status()).isEqualTo(ModelAssessment.Status.DONE);
        assertThat(assessed.failure()).isEmpty();
        ModelDiagnostics d = assessed.diagnostics().orElseThrow();
        assertThat(d.trainer()).isEqualTo("rf(trees=60, mtry=0.33, node=2)");
        assertThat(d.row(Target.THROUGHPUT, SplitKind.UNSEEN_CONFIGURATION)).isPresent();
        assertThat(d.learningCurve()).hasSizeGreaterThanOrEqualTo(2);
        // the synthetic response moves most with concurrent_writes (2,000 ops/s per doubling, 2 to 256)
        assertThat(d.influence().get(0).knob().value()).isEqualTo("concurrent_writes");
        assertThat(assessed.computeMs()).isPositive();
    }
}
