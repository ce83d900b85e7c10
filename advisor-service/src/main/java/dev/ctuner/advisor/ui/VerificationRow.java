package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.store.VerificationStore.ChangeVerification;
import java.time.Instant;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.UUID;

/**
 * A verification as the pages show it: the verdict, the after/before ratios of throughput and p99
 * with their p-values, the realized gain next to the predicted one and whether the prediction missed
 * by more than its own uncertainty. Values that could not be measured (too few windows) are "—".
 *
 * <pre>{@code
 * VerificationRow.of(v).throughputRatio();   // "×1.12"
 * }</pre>
 *
 * @param missed "missed", "within its interval", or "—" when there was no prediction to check
 */
public record VerificationRow(UUID recommendationId, String verdict, String throughputRatio, String p99Ratio, String throughputP,
                              String p99P, String predicted, String realized, String missed, boolean missedPrediction,
                              int windowsBefore, int windowsAfter, Instant verifiedAt, String detail) {

    static final String NONE = "—";

    public static VerificationRow of(ChangeVerification v) {
        boolean missed = v.missedPrediction().orElse(false);
        return new VerificationRow(v.recommendationId(), v.verdict(), format(v.throughputRatio(), "×%.2f"), format(v.p99Ratio(), "×%.2f"),
                format(v.throughputP(), "%.3f"), format(v.p99P(), "%.3f"), percent(v.predictedGain()), percent(v.realizedGain()),
                v.missedPrediction().map(m -> m ? "missed" : "within its interval").orElse(NONE), missed,
                v.windowsBefore(), v.windowsAfter(), v.verifiedAt(), v.detail());
    }

    private static String format(OptionalDouble d, String pattern) {
        return d.isPresent() && Double.isFinite(d.getAsDouble()) ? String.format(Locale.ROOT, pattern, d.getAsDouble()) : NONE;
    }

    private static String percent(OptionalDouble d) {
        return d.isPresent() && Double.isFinite(d.getAsDouble()) ? String.format(Locale.ROOT, "%+.1f %%", d.getAsDouble() * 100) : NONE;
    }
}
