package dev.ctuner.advisor.store;

import static dev.ctuner.advisor.store.ObservationSamples.sample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.advisor.core.observation.ClusterWindow;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The observation store against H2 (a file in a temporary directory) and PostgreSQL, migrated by Flyway as in production. */
@ParameterizedClass
@EnumSource(StoreDatabase.class)
class ObservationStoreTest {

    static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    static final ClusterId PROD = new ClusterId("prod");
    static final Instant FAR_PAST = Instant.parse("2000-01-01T00:00:00Z");
    static final Instant FAR_FUTURE = Instant.parse("2100-01-01T00:00:00Z");

    @TempDir
    Path dir;
    ObservationStore store;
    private final StoreDatabase database;

    ObservationStoreTest(StoreDatabase database) {
        this.database = database;
    }

    @BeforeEach
    void migrate() {
        store = open();
    }

    private ObservationStore open() {
        return new ObservationStore(JdbcClient.create(database.migrated(dir)));
    }

    @Test
    void aSampleRoundTripsWholeAndIsStoredOnceOnRedelivery() {
        Envelope e = sample("prod", "n1", T0, 900, 100);
        assertThat(store.record(e)).isTrue();
        assertThat(store.record(e)).as("redelivered").isFalse();

        List<Observation> read = store.samples(PROD, Optional.empty(), FAR_PAST, FAR_FUTURE, 10);
        assertThat(read).singleElement().satisfies(o -> {
            assertThat(o.messageId()).isEqualTo(e.id());
            assertThat(o.clusterId()).isEqualTo(PROD);
            assertThat(o.nodeId()).isEqualTo(new NodeId("n1"));
            assertThat(o.sentAt()).isEqualTo(e.createdAt());
            assertThat(o.sample()).isEqualTo((WorkloadSample) e.payload());
        });
        assertThat(store.knows(PROD)).isTrue();
        assertThat(store.knows(new ClusterId("other"))).isFalse();
    }

    @Test
    void samplesSurviveAReopenedDatabase() {
        store.record(sample("prod", "n1", T0, 900, 100));
        store.record(sample("prod", "n2", T0, 800, 200));
        ObservationStore afterRestart = open();
        assertThat(afterRestart.samples(PROD, Optional.empty(), FAR_PAST, FAR_FUTURE, 10)).hasSize(2);
        assertThat(afterRestart.knows(PROD)).isTrue();
    }

    @Test
    void samplesAreFilteredByNodeAndRangeNewestFirstAndLimited() {
        for (int i = 0; i < 5; i++) {
            store.record(sample("prod", "n1", T0.plusSeconds(30L * i), 10, 10));
            store.record(sample("prod", "n2", T0.plusSeconds(30L * i), 10, 10));
        }
        store.record(sample("test", "n1", T0, 10, 10));

        List<Observation> n1 = store.samples(PROD, Optional.of(new NodeId("n1")), FAR_PAST, FAR_FUTURE, 100);
        assertThat(n1).hasSize(5).allMatch(o -> o.nodeId().value().equals("n1"));
        assertThat(n1).extracting(o -> o.sample().windowStart()).isSortedAccordingTo((a, b) -> b.compareTo(a));

        // window ends are T0+30 ... T0+150; [T0+60, T0+120) holds the windows ending at +60 and +90
        List<Observation> range = store.samples(PROD, Optional.empty(), T0.plusSeconds(60), T0.plusSeconds(120), 100);
        assertThat(range).hasSize(4).extracting(o -> o.sample().windowEnd())
                .containsExactly(T0.plusSeconds(90), T0.plusSeconds(90), T0.plusSeconds(60), T0.plusSeconds(60));

        assertThat(store.samples(PROD, Optional.empty(), FAR_PAST, FAR_FUTURE, 3)).hasSize(3)
                .first().satisfies(o -> assertThat(o.sample().windowEnd()).isEqualTo(T0.plusSeconds(150)));
    }

    @Test
    void theSeriesHasOnePointPerWindowOverTheNodes() {
        store.record(sample("prod", "n1", T0, 900, 100, 1000.0, 300.0, Map.of("concurrent_reads", "32")));
        store.record(sample("prod", "n2", T0.plusSeconds(2), 100, 900, 4000.0, 200.0, Map.of("concurrent_reads", "64")));
        store.record(sample("prod", "n1", T0.plusSeconds(30), 300, 300, 800.0, 100.0, Map.of("concurrent_reads", "32")));

        List<ClusterWindow> series = store.series(PROD, FAR_PAST, FAR_FUTURE, Duration.ofSeconds(30));
        assertThat(series).hasSize(2);
        ClusterWindow first = series.get(0);
        assertThat(first.start()).isEqualTo(T0);
        assertThat(first.nodes()).extracting(NodeId::value).containsExactly("n1", "n2");
        assertThat(first.readRatio()).isCloseTo(0.5, within(1e-12));
        assertThat(first.opsPerSecond()).isCloseTo(2000 / 30.0, within(1e-9));
        assertThat(first.p99ReadMicros()).isEqualTo(4000.0);
        assertThat(first.p99WriteMicros()).isEqualTo(300.0);
        assertThat(first.fingerprints()).hasSize(2);
        assertThat(series.get(1).nodes()).extracting(NodeId::value).containsExactly("n1");
        assertThat(series.get(1).fingerprints()).hasSize(1);

        // the steps that start in [from, to), each with all its samples: the first step's n2 window ends after T0+30
        List<ClusterWindow> first30s = store.series(PROD, T0, T0.plusSeconds(30), Duration.ofSeconds(30));
        assertThat(first30s).singleElement().satisfies(w -> assertThat(w.nodes()).hasSize(2));
        assertThat(store.series(PROD, T0.plusSeconds(1), FAR_FUTURE, Duration.ofSeconds(30)))
                .extracting(ClusterWindow::start).containsExactly(T0.plusSeconds(30));
    }

    @Test
    void theLatestSampleOfEachRecentNodeIsFound() {
        store.record(sample("prod", "old", T0.minusSeconds(7200), 1, 1));
        store.record(sample("prod", "n1", T0, 1, 1, 1.0, 1.0, Map.of("concurrent_reads", "16")));
        store.record(sample("prod", "n1", T0.plusSeconds(30), 1, 1, 1.0, 1.0, Map.of("concurrent_reads", "32")));
        store.record(sample("prod", "n2", T0, 1, 1, 1.0, 1.0, Map.of("concurrent_reads", "64")));

        Map<NodeId, Observation> latest = store.latestPerNode(PROD, Duration.ofMinutes(15));
        assertThat(latest).containsOnlyKeys(new NodeId("n1"), new NodeId("n2"));
        assertThat(latest.get(new NodeId("n1")).sample().configuration().values()).containsEntry("concurrent_reads", "32");
        assertThat(store.latestPerNode(PROD, Duration.ofHours(3))).containsKey(new NodeId("old"));
        assertThat(store.latestPerNode(new ClusterId("none"), Duration.ofHours(3))).isEmpty();
    }

    @Test
    void retentionDeletesOnlySamplesThatEndedBeforeTheCutoff() {
        store.record(sample("prod", "n1", T0, 1, 1));                  // ends T0+30
        store.record(sample("prod", "n1", T0.plusSeconds(30), 1, 1));  // ends T0+60
        store.record(sample("test", "n1", T0, 1, 1));
        assertThat(store.deleteEndedBefore(T0.plusSeconds(60))).isEqualTo(2);
        assertThat(store.samples(PROD, Optional.empty(), FAR_PAST, FAR_FUTURE, 10)).singleElement()
                .satisfies(o -> assertThat(o.sample().windowEnd()).isEqualTo(T0.plusSeconds(60)));
        assertThat(store.deleteEndedBefore(T0.plusSeconds(60))).isZero();
    }

    @Test
    void anIdentifierTooLongForTheTableIsRefusedBeforeAnythingIsWritten() {
        Envelope longNode = sample("prod", "n".repeat(201), T0, 1, 1);
        assertThat(ObservationStore.unstorable(longNode)).get().asString().contains("nodeId is 201 characters");
        assertThatThrownBy(() -> store.record(longNode)).isInstanceOf(IllegalArgumentException.class);
        assertThat(store.knows(PROD)).isFalse();
        assertThat(ObservationStore.unstorable(sample("prod", "n1", T0, 1, 1))).isEmpty();
    }
}
