package dev.ctuner.sidecar.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ctuner.common.protocol.message.LatencyPercentiles;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.sidecar.observe.NodeSnapshot.CacheCounters;
import dev.ctuner.sidecar.observe.NodeSnapshot.TableCounters;
import dev.ctuner.sidecar.observe.NodeSnapshot.TableRef;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WindowMetricsTest {

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    private static final TableRef USERS = new TableRef("app", "users");
    private static final TableRef ORDERS = new TableRef("app", "orders");

    private static NodeSnapshot snapshot(Instant at, long start, Map<TableRef, TableCounters> tables, Long casReads, Long casWrites,
                                         Long batches, Map<String, CacheCounters> caches, Map<String, Long> dropped, Long gcMillis) {
        return new NodeSnapshot(at, start, tables, casReads, casWrites, batches, new LatencyPercentiles(100.0, 200.0, 300.0, 900.0),
                null, null, null, List.of(), 3L, null, caches, dropped, 10L, gcMillis, 1000L, 4000L);
    }

    @Test
    void countsDisjointOperationClassesAndTheReadRatio() {
        NodeSnapshot before = snapshot(T0, 1, Map.of(USERS, new TableCounters(1000, 500, 10, 5L), ORDERS, new TableCounters(0, 0, 0, 0L)),
                0L, 5L, 2L, Map.of("keys", new CacheCounters(100, 200)), Map.of("MUTATION", 4L), 50L);
        // In 10 s: users 600 reads (of which 20 are LWT reads), 300 writes (of which 30 batches), 40 scans; orders 100 writes.
        NodeSnapshot after = snapshot(T0.plusSeconds(10), 1,
                Map.of(USERS, new TableCounters(1600, 800, 50, 25L), ORDERS, new TableCounters(0, 100, 0, 0L)),
                0L, 25L, 32L, Map.of("keys", new CacheCounters(550, 700)), Map.of("MUTATION", 9L, "READ", 0L), 80L);

        WindowMetrics w = WindowMetrics.between(before, after).orElseThrow();

        assertThat(w.operations()).isEqualTo(new OperationCounts(580, 370, 40, 20, 30));
        assertThat(w.readRatio()).isCloseTo((580.0 + 40) / (580 + 370 + 40 + 20 + 30), within(1e-9));
        assertThat(w.performance().throughputOpsPerSecond()).isCloseTo(104.0, within(1e-9));
        assertThat(w.performance().cacheHitRatios().key()).isCloseTo(450.0 / 500, within(1e-9));
        assertThat(w.performance().cacheHitRatios().row()).isNull();
        assertThat(w.performance().droppedMessages()).containsExactly(Map.entry("MUTATION", 5L));
        assertThat(w.performance().gcPauseMillisTotal()).isEqualTo(30L);
        assertThat(w.tables()).hasSize(2);
        assertThat(w.tables().get(1).table()).isEqualTo("users");
        assertThat(w.tables().get(1).operations()).isEqualTo(new OperationCounts(580, 300, 40, 20, 0));
        assertThat(w.unknown()).anyMatch(u -> u.startsWith("tables.batches"));
    }

    @Test
    void unknownStaysUnknownAndNeverBecomesZero() {
        NodeSnapshot before = snapshot(T0, 1, Map.of(USERS, new TableCounters(0, 0, 0, null)), null, null, null, null, null, null);
        NodeSnapshot after = snapshot(T0.plusSeconds(5), 1, Map.of(USERS, new TableCounters(10, 0, 0, null)), null, null, null, null, null, null);

        WindowMetrics w = WindowMetrics.between(before, after).orElseThrow();

        assertThat(w.unknown()).contains("operations.lwts", "operations.batches", "droppedMessages", "tables.lwts");
        assertThat(w.performance().gcPauseMillisTotal()).isNull();
        assertThat(w.performance().cacheHitRatios().key()).isNull();
        assertThat(w.performance().pendingCompactions()).isEqualTo(3L);
    }

    @Test
    void aWindowOverANodeRestartCountsFromTheRestart() {
        NodeSnapshot before = snapshot(T0, 1, Map.of(USERS, new TableCounters(5000, 5000, 0, 0L)), 0L, 0L, 0L, null, Map.of(), 900L);
        NodeSnapshot after = snapshot(T0.plusSeconds(30), 2, Map.of(USERS, new TableCounters(70, 30, 0, 0L)), 0L, 0L, 0L, null, Map.of(), 15L);

        WindowMetrics w = WindowMetrics.between(before, after).orElseThrow();

        assertThat(w.operations().reads()).isEqualTo(70);
        assertThat(w.operations().writes()).isEqualTo(30);
        assertThat(w.performance().gcPauseMillisTotal()).isEqualTo(15L);
        assertThat(w.unknown()).anyMatch(u -> u.startsWith("operations: the node restarted"));
    }

    @Test
    void noWindowWithoutTwoReadableSnapshots() {
        NodeSnapshot readable = snapshot(T0, 1, Map.of(), 0L, 0L, 0L, null, null, null);
        NodeSnapshot unreachable = snapshot(T0.plusSeconds(30), 1, null, null, null, null, null, null, null);
        assertThat(WindowMetrics.between(null, readable)).isEmpty();
        assertThat(WindowMetrics.between(readable, unreachable)).isEmpty();
        assertThat(WindowMetrics.between(readable, snapshot(T0.plusSeconds(30), 1, Map.of(), 0L, 0L, 0L, null, null, null))
                .orElseThrow().readRatio()).as("no operations: RR is undefined, not 0").isNull();
    }
}
