package dev.ctuner.advisor.rollout;

import dev.ctuner.common.protocol.message.LatencyPercentiles;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The measured comparison after the canary: its coordinator read and write p99 over the window
 * against the median of the other nodes' over the same window. Pure.
 *
 * <pre>{@code
 * Optional<String> failure = CanaryComparison.compare(canarySamples, othersByNode, since, 3.0);
 * }</pre>
 */
public final class CanaryComparison {

    private CanaryComparison() {
    }

    /** Outcome: a failure reason, or a summary of what was compared. */
    public record Verdict(boolean passed, String summary) {
    }

    public static Verdict compare(List<WorkloadSample> canary, Map<String, List<WorkloadSample>> others, Instant since,
                                  double maxRatio) {
        List<String> notes = new ArrayList<>();
        boolean passed = true;
        for (String op : List.of("read", "write")) {
            Function<WorkloadSample, LatencyPercentiles> pick = op.equals("read")
                    ? s -> s.performance().coordinatorRead() : s -> s.performance().coordinatorWrite();
            OptionalDouble mine = meanP99(canary, since, pick);
            List<Double> theirs = new ArrayList<>();
            others.values().forEach(samples -> meanP99(samples, since, pick).ifPresent(theirs::add));
            if (mine.isEmpty() || theirs.isEmpty()) {
                notes.add(op + " p99: nothing to compare");
                continue;
            }
            double median = median(theirs);
            double ratio = median == 0 ? 1 : mine.getAsDouble() / median;
            notes.add(String.format("%s p99 %.0f us vs median %.0f us (%.2fx)", op, mine.getAsDouble(), median, ratio));
            if (ratio > maxRatio) {
                passed = false;
            }
        }
        return new Verdict(passed, (passed ? "canary within " : "canary worse than ") + maxRatio + "x: " + String.join("; ", notes));
    }

    private static OptionalDouble meanP99(List<WorkloadSample> samples, Instant since, Function<WorkloadSample, LatencyPercentiles> pick) {
        return samples.stream().filter(s -> !s.windowStart().isBefore(since))
                .map(s -> Optional.ofNullable(pick.apply(s).p99())).flatMap(Optional::stream)
                .mapToDouble(Double::doubleValue).average();
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(Double::compare);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
