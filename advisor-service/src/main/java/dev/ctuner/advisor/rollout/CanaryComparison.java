package dev.ctuner.advisor.rollout;

import dev.ctuner.common.protocol.message.LatencyPercentiles;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The measured comparison after the canary: its coordinator read and write p99 over the sampling
 * windows that started after the change and its warm-up, against the median of the other nodes'
 * over the same windows. Pure.
 *
 * <pre>{@code
 * Verdict v = CanaryComparison.compare(canarySamples, othersByNode, appliedAt, new Criteria(3.0, Duration.ofSeconds(10), 100));
 * }</pre>
 *
 * Two things keep the comparison honest. A node's p99 counts only when it served at least
 * {@code minOperations} of that kind in those windows: with no client traffic the "latency" is a
 * handful of the sidecar's own queries, and a freshly started JVM answered those ten times slower
 * than its warm peers (measured in the rollout benchmark, no load: 42.5 ms against 4.2 ms). And
 * windows starting within {@code warmup} of the change are left out: a restarted JVM runs its
 * first seconds interpreted, which says nothing about the new configuration.
 */
public final class CanaryComparison {

    private CanaryComparison() {
    }

    /**
     * PASSED: within the ratio, or measured windows exist but too little traffic to compare; FAILED:
     * the canary's p99 is above the ratio; NO_CANARY_DATA: the canary, or every other node, has not
     * published a sampling window that started after the change and its warm-up (yet), or the others
     * had traffic while the canary had too little: the caller waits rather than pass a canary it has
     * not measured.
     */
    public enum Outcome { PASSED, FAILED, NO_CANARY_DATA }

    /** Outcome and a summary of what was compared. */
    public record Verdict(Outcome outcome, String summary) {
        public boolean passed() {
            return outcome == Outcome.PASSED;
        }
    }

    /**
     * @param maxRatio      the canary fails when its p99 exceeds the others' median by more than this factor
     * @param warmup        windows starting less than this after the change are not compared
     * @param minOperations a node's p99 of a kind counts only with at least this many operations of that kind
     */
    public record Criteria(double maxRatio, Duration warmup, long minOperations) {
        public Criteria {
            if (!(maxRatio >= 1) || warmup.isNegative() || minOperations < 0) {
                throw new IllegalArgumentException("canary criteria need a ratio >= 1, a warm-up >= 0 and minimum operations >= 0, not "
                        + maxRatio + ", " + warmup + ", " + minOperations);
            }
        }
    }

    private record Kind(String name, Function<WorkloadSample, LatencyPercentiles> latency, ToLongFunction<WorkloadSample> count) {
    }

    private static final List<Kind> KINDS = List.of(
            new Kind("read", s -> s.performance().coordinatorRead(), s -> s.operations().reads()),
            new Kind("write", s -> s.performance().coordinatorWrite(), s -> s.operations().writes()));

    public static Verdict compare(List<WorkloadSample> canary, Map<String, List<WorkloadSample>> others, Instant since,
                                  Criteria criteria) {
        return compareFrom(canary, others, since.plus(criteria.warmup()), criteria,
                criteria.warmup().toSeconds() + " s or more after the change");
    }

    /**
     * The same comparison over the windows starting at {@code from} or later only: a second look at
     * a canary that looked worse, on windows the first look did not see.
     *
     * @param fromWhat what {@code from} is, for the summary ("10 s or more after the change")
     */
    public static Verdict compareFrom(List<WorkloadSample> canary, Map<String, List<WorkloadSample>> others, Instant from,
                                      Criteria criteria, String fromWhat) {
        List<WorkloadSample> mineAfter = after(canary, from);
        List<List<WorkloadSample>> theirsAfter = others.values().stream().map(s -> after(s, from)).filter(s -> !s.isEmpty()).toList();
        if (mineAfter.isEmpty() || theirsAfter.isEmpty()) {
            String who = mineAfter.isEmpty() && theirsAfter.isEmpty() ? "the canary nor the other nodes"
                    : mineAfter.isEmpty() ? "the canary" : "the other nodes";
            return new Verdict(Outcome.NO_CANARY_DATA, "canary not measured yet: no sampling window starting "
                    + fromWhat + " from " + who);
        }
        List<String> notes = new ArrayList<>();
        boolean passed = true;
        boolean canaryMissing = false;
        for (Kind kind : KINDS) {
            OptionalDouble mine = meanP99(mineAfter, kind, criteria.minOperations());
            List<Double> theirs = new ArrayList<>();
            theirsAfter.forEach(samples -> meanP99(samples, kind, criteria.minOperations()).ifPresent(theirs::add));
            if (mine.isEmpty() && !theirs.isEmpty()) {
                notes.add(kind.name() + " p99: the canary served fewer than " + criteria.minOperations() + " " + kind.name()
                        + "s since its change, while the others had traffic");
                canaryMissing = true;
                continue;
            }
            if (mine.isEmpty() || theirs.isEmpty()) {
                notes.add(kind.name() + " p99: no traffic to compare (fewer than " + criteria.minOperations() + " " + kind.name()
                        + "s on " + (mine.isEmpty() ? "any node" : "the other nodes") + ")");
                continue;
            }
            double median = median(theirs);
            double ratio = median == 0 ? 1 : mine.getAsDouble() / median;
            notes.add(String.format("%s p99 %.0f us vs median %.0f us (%.2fx)", kind.name(), mine.getAsDouble(), median, ratio));
            if (ratio > criteria.maxRatio()) {
                passed = false;
            }
        }
        Outcome outcome = !passed ? Outcome.FAILED : canaryMissing ? Outcome.NO_CANARY_DATA : Outcome.PASSED;
        String head = outcome == Outcome.FAILED ? "canary worse than " + criteria.maxRatio() + "x: "
                : outcome == Outcome.NO_CANARY_DATA ? "canary not measured yet: " : "canary within " + criteria.maxRatio() + "x: ";
        return new Verdict(outcome, head + String.join("; ", notes));
    }

    private static List<WorkloadSample> after(List<WorkloadSample> samples, Instant from) {
        return samples.stream().filter(s -> !s.windowStart().isBefore(from)).toList();
    }

    /** The mean p99 over windows that report one, if the node served at least {@code minOperations} of the kind in all of them. */
    private static OptionalDouble meanP99(List<WorkloadSample> samples, Kind kind, long minOperations) {
        long served = samples.stream().mapToLong(kind.count()).sum();
        if (served < Math.max(1, minOperations)) {
            return OptionalDouble.empty();
        }
        return samples.stream().map(s -> Optional.ofNullable(kind.latency().apply(s).p99())).flatMap(Optional::stream)
                .mapToDouble(Double::doubleValue).average();
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(Double::compare);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
