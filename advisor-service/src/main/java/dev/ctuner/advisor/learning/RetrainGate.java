package dev.ctuner.advisor.learning;

import dev.ctuner.advisor.core.learning.SplitKind;
import dev.ctuner.advisor.core.learning.Target;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Whether a model the advisor trained by itself may replace the one in use: only if its
 * cross-validated throughput error on unseen configurations (the split a tuner's picks are, RAFIKI's
 * "prediction error") is no worse. Where either error is unknown (the model in use still being
 * diagnosed, or its diagnostics failed), the new model is taken: it was trained on more data.
 *
 * <pre>{@code
 * RetrainGate.worse(OptionalDouble.of(20.0), OptionalDouble.of(23.5));
 * // Optional["cross-validated throughput error on unseen configurations 23.5 % is worse than the model in use's 20.0 %"]
 * }</pre>
 */
final class RetrainGate {

    private RetrainGate() {
    }

    /** The model's cross-validated MAPE of throughput on unseen configurations, when its diagnostics are done. */
    static OptionalDouble error(ModelAssessment assessment) {
        return assessment.diagnostics().flatMap(d -> d.row(Target.THROUGHPUT, SplitKind.UNSEEN_CONFIGURATION))
                .map(row -> OptionalDouble.of(row.mean().mape())).orElse(OptionalDouble.empty());
    }

    /** Why the candidate may not replace the model in use; empty when it may. */
    static Optional<String> worse(OptionalDouble inUse, OptionalDouble candidate) {
        if (inUse.isEmpty() || candidate.isEmpty() || !(candidate.getAsDouble() > inUse.getAsDouble())) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "cross-validated throughput error on unseen configurations %.1f %% is "
                + "worse than the model in use's %.1f %%", candidate.getAsDouble(), inUse.getAsDouble()));
    }
}
