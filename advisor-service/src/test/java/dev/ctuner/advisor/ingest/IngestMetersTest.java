package dev.ctuner.advisor.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.TopicKind;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class IngestMetersTest {

    private static final Instant NOW = Instant.parse("2026-11-20T10:00:00Z");

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final IngestMeters meters = new IngestMeters(registry, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void everyIngestedTopicHasALagGaugeAndADeadLetterCounterBeforeTheFirstRecord() {
        for (TopicKind kind : IngestMeters.INGESTED) {
            String topic = IngestMeters.label(kind);
            assertThat(registry.get("ctuner.ingest.lag.seconds").tag("topic", topic).gauge().value()).as(topic).isNaN();
            assertThat(registry.get("ctuner.ingest.dlq.records").tag("topic", topic).counter().count()).as(topic).isZero();
        }
    }

    @Test
    void theLagIsTheAgeOfTheNewestRecordHandledAndAnOlderOneDoesNotLowerIt() {
        meters.handled(TopicKind.WORKLOAD, NOW.minusSeconds(40));
        meters.handled(TopicKind.WORKLOAD, NOW.minusSeconds(12));
        meters.handled(TopicKind.WORKLOAD, NOW.minusSeconds(90));
        meters.deadLettered(TopicKind.STATUS);
        meters.deadLettered(TopicKind.STATUS);

        assertThat(registry.get("ctuner.ingest.lag.seconds").tag("topic", "workload").gauge().value()).isEqualTo(12);
        assertThat(registry.get("ctuner.ingest.lag.seconds").tag("topic", "status").gauge().value()).isNaN();
        assertThat(registry.get("ctuner.ingest.dlq.records").tag("topic", "status").counter().count()).isEqualTo(2);
        assertThat(registry.get("ctuner.ingest.dlq.records").tag("topic", "workload").counter().count()).isZero();
    }
}
