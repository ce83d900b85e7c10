package dev.ctuner.advisor.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.store.ObservationSamples;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SampleAdmissionTest {

    private final SampleAdmission admission = new SampleAdmission(Duration.ofSeconds(1), Duration.ofMinutes(5));
    private final Instant now = Instant.parse("2026-11-20T10:00:00Z");

    private static WorkloadSample window(Instant start, Duration length) {
        WorkloadSample s = (WorkloadSample) ObservationSamples.sample("c1", "n1", start, 10, 10).payload();
        return new WorkloadSample(start, start.plus(length), s.operations(), s.readRatio(), s.tables(), s.performance(), s.keyReuse(),
                s.configuration(), s.unknownMetrics());
    }

    @Test
    void theFirstSampleOfANodeAndEachFollowingWindowAreKept() {
        WorkloadSample first = window(now.minusSeconds(60), Duration.ofSeconds(30));
        assertThat(admission.judge(List.of(), first, now)).isInstanceOf(SampleAdmission.Verdict.Keep.class);
        assertThat(admission.judge(List.of(first), window(now.minusSeconds(30), Duration.ofSeconds(30)), now))
                .as("starts exactly where the last one ended").isInstanceOf(SampleAdmission.Verdict.Keep.class);
        assertThat(admission.judge(List.of(first), window(now.minusSeconds(10), Duration.ofSeconds(1)), now))
                .as("after a gap (a sidecar restart), as short as the shortest window").isInstanceOf(SampleAdmission.Verdict.Keep.class);
    }

    @Test
    void theSameWindowAgainIsADuplicateEvenWhenItIsNotTheLatest() {
        WorkloadSample a = window(now.minusSeconds(90), Duration.ofSeconds(30));
        WorkloadSample b = window(now.minusSeconds(60), Duration.ofSeconds(30));
        assertThat(admission.judge(List.of(a, b), window(now.minusSeconds(90), Duration.ofSeconds(30)), now))
                .isInstanceOf(SampleAdmission.Verdict.Duplicate.class);
    }

    @Test
    void overlappingShortAndFutureWindowsAreRefusedWithTheirReason() {
        WorkloadSample last = window(now.minusSeconds(60), Duration.ofSeconds(30));
        assertThat(admission.judge(List.of(last), window(now.minusSeconds(45), Duration.ofSeconds(30)), now))
                .isEqualTo(new SampleAdmission.Verdict.Refuse("WINDOW_OVERLAPS", "the sample's window starts at 2026-11-20T09:59:15Z,"
                        + " before the end of the node's latest window (2026-11-20T09:59:30Z)"));
        assertThat(admission.judge(List.of(last), window(now.minusSeconds(600), Duration.ofSeconds(30)), now))
                .as("back in time").isInstanceOfSatisfying(SampleAdmission.Verdict.Refuse.class,
                        r -> assertThat(r.code()).isEqualTo("WINDOW_OVERLAPS"));
        assertThat(admission.judge(List.of(), window(now, Duration.ofMillis(999)), now))
                .isInstanceOfSatisfying(SampleAdmission.Verdict.Refuse.class, r -> assertThat(r.code()).isEqualTo("WINDOW_TOO_SHORT"));
        assertThat(admission.judge(List.of(), window(now.plusSeconds(300), Duration.ofSeconds(1)), now))
                .isInstanceOfSatisfying(SampleAdmission.Verdict.Refuse.class, r -> assertThat(r.reason())
                        .contains("ctuner.advisor.kafka.max-sample-ahead").contains("2026-11-20T10:05:01Z"));
        assertThat(admission.judge(List.of(), window(now.plusSeconds(299), Duration.ofSeconds(1)), now))
                .as("within the allowed clock skew").isInstanceOf(SampleAdmission.Verdict.Keep.class);
    }
}
