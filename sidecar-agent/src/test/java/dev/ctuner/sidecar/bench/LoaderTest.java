package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LoaderTest {

    @Test
    void loadsEveryRecordWithBoundedInFlightAndReportsRate() {
        ScheduledExecutorService completer = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxSeen = new AtomicInteger();
        Map<Long, Boolean> seen = new ConcurrentHashMap<>();
        List<Long> progress = new ArrayList<>();
        try {
            Loader.LoadResult r = Loader.load(record -> {
                seen.put(record, true);
                maxSeen.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                CompletableFuture<Void> done = new CompletableFuture<>();
                completer.schedule(() -> {
                    inFlight.decrementAndGet();
                    done.complete(null);
                }, 100, TimeUnit.MICROSECONDS);
                return done;
            }, 1000, 8, progress::add, Ticker.SYSTEM);
            assertThat(r.records()).isEqualTo(1000);
            assertThat(r.failed()).isZero();
            assertThat(seen).hasSize(1000);
            assertThat(maxSeen.get()).isBetween(2, 8);
            assertThat(r.recordsPerSecond()).isPositive();
            assertThat(progress).hasSize(20).endsWith(1000L);
        } finally {
            completer.shutdownNow();
        }
    }

    @Test
    void retriesFailedInsertsAndCountsWhatStillFails() {
        Map<Long, AtomicInteger> attempts = new ConcurrentHashMap<>();
        ManualTicker ticker = new ManualTicker();
        Loader.LoadResult r = Loader.load(record -> {
            int attempt = attempts.computeIfAbsent(record, k -> new AtomicInteger()).incrementAndGet();
            ticker.advance(1_000_000);
            boolean fails = record == 3 || (record == 5 && attempt == 1);
            return fails ? CompletableFuture.failedFuture(new TimeoutException("slow"))
                    : CompletableFuture.completedFuture(null);
        }, 10, 2, n -> { }, ticker);
        assertThat(r.records()).isEqualTo(9);
        assertThat(r.failed()).isEqualTo(1);
        assertThat(attempts.get(3L).get()).isEqualTo(Loader.MAX_ATTEMPTS);
        assertThat(attempts.get(5L).get()).isEqualTo(2);
        assertThat(r.errorsByType()).containsExactly(Map.entry("TimeoutException", 4L));
        assertThat(r.elapsed().toMillis()).isEqualTo(13);
        assertThat(r.recordsPerSecond()).isCloseTo(9 / 0.013, org.assertj.core.api.Assertions.within(1e-6));
    }
}
