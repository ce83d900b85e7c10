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

    /**
     * PASSED: within the ratio, or no node had traffic to compare; FAILED: the canary's p99 is above
     * the ratio; NO_CANARY_DATA: the others published latencies since the change but the canary has
     * not (yet): the caller waits for it rather than pass a canary it has not measured.
     */
    public enum Outcome { PASSED, FAILED, NO_CANARY_DATA }

    /** Outcome and a summary of what was compared. */
    public record Verdict(Outcome outcome, String summary) {
        public boolean passed() {
            return outcome == Outcome.PASSED;
        }
    }

    public static Verdict compare(List<WorkloadSample> canary, Map<String, List<WorkloadSample>> others, Instant since,
                                  double maxRatio) {
        List<String> notes = new ArrayList<>();
        boolean passed = true;
        boolean canaryMissing = false;
        for (String op : List.of("read", "write")) {
            Function<WorkloadSample, LatencyPercentiles> pick = op.equals("read")
                    ? s -> s.performance().coordinatorRead() : s -> s.performance().coordinatorWrite();
            OptionalDouble mine = meanP99(canary, since, pick);
            List<Double> theirs = new ArrayList<>();
            others.values().forEach(samples -> meanP99(samples, since, pick).ifPresent(theirs::add));
            if (mine.isEmpty() && !theirs.isEmpty()) {
                notes.add(op + " p99: none from the canary since its change, while the others had traffic");
                canaryMissing = true;
                continue;
            }
            if (mine.isEmpty() || theirs.isEmpty()) {
                notes.add(op + " p99: no traffic on the other nodes to compare with");
                continue;
            }
            double median = median(theirs);
            double ratio = median == 0 ? 1 : mine.getAsDouble() / median;
            notes.add(String.format("%s p99 %.0f us vs median %.0f us (%.2fx)", op, mine.getAsDouble(), median, ratio));
            if (ratio > maxRatio) {
                passed = false;
            }
        }
        Outcome outcome = !passed ? Outcome.FAILED : canaryMissing ? Outcome.NO_CANARY_DATA : Outcome.PASSED;
        String head = outcome == Outcome.FAILED ? "canary worse than " + maxRatio + "x: "
                : outcome == Outcome.NO_CANARY_DATA ? "canary not measured yet: " : "canary within " + maxRatio + "x: ";
        return new Verdict(outcome, head + String.join("; ", notes));
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
