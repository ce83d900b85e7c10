package dev.ctuner.sidecar.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.sidecar.publish.BacklogPublisher;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SampleGaugesTest {

    /** A clock the test moves by hand. */
    private static final class HandClock extends Clock {
        final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-01-01T00:00:00Z"));

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    }

    @Test
    void beforeTheFirstWindowTheSampleGaugesReadNaNAndTheSamplingLagGrowsFromTheStart() throws Exception {
        HandClock clock = new HandClock();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WorkloadObserver observer = new WorkloadObserver(null, null, null, null, null, new Topics("t"), new ClusterId("c"),
                new NodeId("n"), clock);
        try (BacklogPublisher publisher = new BacklogPublisher((topic, key, value, timeout) -> { }, 10, Duration.ofSeconds(1), clock)) {
            SampleGauges.register(registry, observer, publisher, clock);

            assertThat(registry.get("ctuner.workload.throughput.ops.per.second").gauge().value()).isNaN();
            assertThat(registry.get("ctuner.workload.mix.ratio").gauges()).hasSize(SampleGauges.TYPES.length)
                    .allSatisfy(g -> assertThat(g.value()).isNaN());
            assertThat(registry.get("ctuner.sidecar.sampling.lag.seconds").gauge().value()).isZero();
            clock.now.set(clock.now.get().plusMillis(95_500));
            assertThat(registry.get("ctuner.sidecar.sampling.lag.seconds").gauge().value()).isEqualTo(95.5);
            assertThat(registry.get("ctuner.publisher.backlog.messages").gauge().value()).isZero();
        }
    }

    @Test
    void lagIsTheTimeFromTheWindowEndToNowInSeconds() {
        Instant end = Instant.parse("2026-01-01T00:00:00Z");
        assertThat(SampleGauges.lagSeconds(end, end.plusMillis(30_250))).isEqualTo(30.25);
        assertThat(SampleGauges.lagSeconds(end, end)).isZero();
    }
}
