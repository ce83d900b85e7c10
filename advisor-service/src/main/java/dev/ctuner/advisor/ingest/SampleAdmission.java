package dev.ctuner.advisor.ingest;

import dev.ctuner.common.protocol.message.WorkloadSample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Whether a node's workload sample is kept: it bounds how many samples one node can have stored,
 * whatever it sends. A sidecar's windows are at least a second long, follow each other and end at
 * about the time they are sent, so a sample is refused when its window is shorter than
 * {@code minWindow}, ends more than {@code maxAhead} after the advisor's clock, or starts before the
 * end of the node's latest kept window (overlapping or going back in time). A node can then have
 * at most one sample per {@code minWindow} of real time stored. The same window sent again (Kafka
 * delivers at least once) is a duplicate, neither kept twice nor refused.
 *
 * <pre>{@code
 * new SampleAdmission(Duration.ofSeconds(1), Duration.ofMinutes(5)).judge(kept, sample, clock.instant());
 * }</pre>
 */
public record SampleAdmission(Duration minWindow, Duration maxAhead) {

    public SampleAdmission {
        if (minWindow.isNegative() || maxAhead.isNegative()) {
            throw new IllegalArgumentException("minWindow and maxAhead must not be negative");
        }
    }

    public sealed interface Verdict {
        record Keep() implements Verdict { }

        record Duplicate() implements Verdict { }

        /** @param code for the dead-letter topic and the rejection counter */
        record Refuse(String code, String reason) implements Verdict { }
    }

    /**
     * @param kept the node's kept samples, oldest first
     */
    public Verdict judge(List<WorkloadSample> kept, WorkloadSample sample, Instant now) {
        Duration window = Duration.between(sample.windowStart(), sample.windowEnd());
        if (kept.stream().anyMatch(k -> k.windowStart().equals(sample.windowStart()) && k.windowEnd().equals(sample.windowEnd()))) {
            return new Verdict.Duplicate();
        }
        if (window.compareTo(minWindow) < 0) {
            return new Verdict.Refuse("WINDOW_TOO_SHORT", "the sample's window is " + window.toMillis() + " ms long, shorter than "
                    + minWindow.toMillis() + " ms (ctuner.advisor.kafka.min-sample-window)");
        }
        if (sample.windowEnd().isAfter(now.plus(maxAhead))) {
            return new Verdict.Refuse("WINDOW_IN_FUTURE", "the sample's window ends at " + sample.windowEnd() + ", more than "
                    + maxAhead + " after the advisor's clock (" + now + "; ctuner.advisor.kafka.max-sample-ahead)");
        }
        if (!kept.isEmpty()) {
            Instant latestEnd = kept.get(kept.size() - 1).windowEnd();
            if (sample.windowStart().isBefore(latestEnd)) {
                return new Verdict.Refuse("WINDOW_OVERLAPS", "the sample's window starts at " + sample.windowStart()
                        + ", before the end of the node's latest window (" + latestEnd + ")");
            }
        }
        return new Verdict.Keep();
    }
}
