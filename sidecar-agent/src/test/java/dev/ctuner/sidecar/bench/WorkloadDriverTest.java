package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WorkloadDriverTest {

    private static final long MS = 1_000_000;

    private final ManualTicker ticker = new ManualTicker();
    private final List<Operation> sent = new ArrayList<>();
    private final List<Long> sentAt = new ArrayList<>();

    /** Succeeds at once, after moving the manual clock by {@code serviceNanos}. */
    private OperationExecutor taking(long serviceNanos) {
        return op -> {
            sent.add(op);
            sentAt.add(ticker.nanoTime());
            ticker.advance(serviceNanos);
            return CompletableFuture.completedFuture(null);
        };
    }

    private static WorkloadSpec.Builder spec() {
        return WorkloadSpec.builder().recordCount(1000).seed(42);
    }

    private static Phase.Builder phase(String name) {
        return Phase.builder(name).mix(OperationMix.ycsbA()).keys(KeyDistribution.uniform());
    }

    @Test
    void closedLoopStopsAfterTheOperationCount() {
        RunResult r = new WorkloadDriver(ticker).run(taking(MS), spec().build(),
                Schedule.of(phase("p").operations(1000).build()));
        assertThat(r.operations()).isEqualTo(1000);
        assertThat(r.successes()).isEqualTo(1000);
        assertThat(r.errors()).isZero();
        OperationStats reads = r.perOperation().get(OperationType.READ);
        assertThat(reads.count() + r.perOperation().get(OperationType.UPDATE).count()).isEqualTo(1000);
        assertThat(reads.p50Micros()).isEqualTo(1000);
        assertThat(reads.maxMicros()).isEqualTo(1000);
        assertThat(r.throughput()).isCloseTo(1000, within(1e-6)); // 1000 ops in 1 s of manual time
        assertThat(r.elapsed()).isEqualTo(Duration.ofSeconds(1));
        assertThat(sent).extracting(Operation::index).containsExactlyElementsOf(
                java.util.stream.LongStream.range(0, 1000).boxed().toList());
    }

    @Test
    void closedLoopStopsAtTheDurationWhenThatComesFirst() {
        RunResult r = new WorkloadDriver(ticker).run(taking(MS), spec().build(),
                Schedule.of(phase("p").stop(StopCondition.firstOf(1000, Duration.ofMillis(100))).build()));
        assertThat(r.operations()).isEqualTo(100);
        assertThat(r.phases().get(0).notIssued()).isZero();
    }

    @Test
    void openLoopSendsOnTheTimetable() {
        RunResult r = new WorkloadDriver(ticker).run(taking(0), spec().build(),
                Schedule.of(phase("p").load(LoadControl.open(1000)).duration(Duration.ofSeconds(1)).build()));
        assertThat(r.operations()).isEqualTo(1000);
        for (int i = 0; i < sentAt.size(); i++) {
            assertThat(sentAt.get(i)).isEqualTo(i * MS);
        }
        assertThat(r.phases().get(0).notIssued()).isZero();
    }

    @Test
    void openLoopLatencyIncludesQueueingBehindASlowCluster() {
        // Due every 1 ms, served in 3 ms one at a time: operation i is sent at 3i ms and ends at 3(i+1) ms,
        // so measured from its due time (i ms) it takes (2i + 3) ms.
        Phase open = phase("open").mix(OperationMix.ycsbC()).load(LoadControl.open(1000, 1)).operations(50).build();
        RunResult r = new WorkloadDriver(ticker).run(taking(3 * MS), spec().build(), Schedule.of(open));
        OperationStats all = combined(r);
        assertThat(all.count()).isEqualTo(50);
        assertThat(all.meanMicros()).isCloseTo(52_000, within(52.0));   // mean of 2i+3 ms over i < 50
        assertThat(all.maxMicros()).isCloseTo(101_000, within(101L));

        // The same cluster in closed loop reports only the service time: the omission open loop avoids.
        ManualTicker other = new ManualTicker();
        OperationExecutor slow = op -> {
            other.advance(3 * MS);
            return CompletableFuture.completedFuture(null);
        };
        RunResult closed = new WorkloadDriver(other).run(slow, spec().build(),
                Schedule.of(phase("closed").mix(OperationMix.ycsbC()).load(LoadControl.closed(1)).operations(50).build()));
        assertThat(combined(closed).maxMicros()).isCloseTo(3000, within(3L)); // 3 significant digits
    }

    @Test
    void openLoopCountsOperationsItFellBehindOn() {
        Phase open = phase("open").load(LoadControl.open(1000, 1)).duration(Duration.ofMillis(30)).build();
        RunResult r = new WorkloadDriver(ticker).run(taking(3 * MS), spec().build(), Schedule.of(open));
        assertThat(r.operations()).isEqualTo(10);              // sent at 0, 3, ..., 27 ms
        assertThat(r.phases().get(0).notIssued()).isEqualTo(20); // 30 were due before 30 ms
    }

    @Test
    void closedLoopNeverExceedsItsInFlightBound() {
        ScheduledExecutorService completer = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxSeen = new AtomicInteger();
        OperationExecutor async = op -> {
            maxSeen.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            CompletableFuture<Void> done = new CompletableFuture<>();
            completer.schedule(() -> {
                inFlight.decrementAndGet();
                done.complete(null);
            }, 200, TimeUnit.MICROSECONDS);
            return done;
        };
        try {
            RunResult r = new WorkloadDriver().run(async, spec().build(),
                    Schedule.of(phase("p").load(LoadControl.closed(4)).operations(400).build()));
            assertThat(r.successes()).isEqualTo(400);
            assertThat(r.phases().get(0).unfinished()).isZero();
            assertThat(maxSeen.get()).isBetween(2, 4);
        } finally {
            completer.shutdownNow();
        }
    }

    @Test
    void classifiesErrorsByExceptionClass() {
        OperationExecutor flaky = op -> {
            if (op.type() == OperationType.UPDATE) {
                return CompletableFuture.failedFuture(new CompletionException(new IllegalStateException("timeout")));
            }
            if (op.index() == 0) {
                throw new UnsupportedOperationException("cannot send");
            }
            return CompletableFuture.completedFuture(null);
        };
        RunResult r = new WorkloadDriver(ticker).run(flaky, spec().build(),
                Schedule.of(phase("p").operations(500).build()));
        OperationStats updates = r.perOperation().get(OperationType.UPDATE);
        assertThat(updates.count()).isZero();
        assertThat(updates.errorsByType()).containsOnlyKeys("IllegalStateException")
                .containsEntry("IllegalStateException", updates.errors());
        long firstReadErrors = r.perOperation().get(OperationType.READ).errors();
        assertThat(firstReadErrors).isIn(0L, 1L);
        assertThat(r.errors()).isEqualTo(updates.errors() + firstReadErrors);
        assertThat(r.successes() + r.errors()).isEqualTo(500);
    }

    @Test
    void phasesRunInOrderAndInsertsContinueTheRecordNumbers() {
        Schedule schedule = Schedule.of(
                phase("reads").mix(OperationMix.ycsbC()).operations(100).build(),
                phase("inserts").mix(OperationMix.builder().insert(1).build()).operations(50).build(),
                phase("latest").mix(OperationMix.ycsbC()).keys(KeyDistribution.latest()).operations(2000).build());
        RunResult r = new WorkloadDriver(ticker).run(taking(MS), spec().build(), schedule);
        assertThat(r.phases()).extracting(PhaseResult::name).containsExactly("reads", "inserts", "latest");
        assertThat(r.phases()).extracting(PhaseResult::issued).containsExactly(100L, 50L, 2000L);
        assertThat(sent.subList(100, 150)).extracting(Operation::recordNumber)
                .containsExactlyElementsOf(java.util.stream.LongStream.range(1000, 1050).boxed().toList());
        assertThat(sent.get(100).writes()).hasSize(RecordFormat.FIELD_COUNT);
        // LATEST in the last phase favours the records inserted just before.
        long newest = sent.subList(150, 2150).stream().filter(op -> op.recordNumber() == 1049).count();
        assertThat(newest).isGreaterThan(150);
        assertThat(r.perOperation().get(OperationType.READ).count()).isEqualTo(2100);
    }

    @Test
    void everyOperationTypeIsWellFormed() {
        OperationMix all = OperationMix.builder().read(0.2).update(0.1).insert(0.1).scan(0.2)
                .readModifyWrite(0.1).lwt(0.1).batch(0.2).build();
        new WorkloadDriver(ticker).run(taking(0), spec().maxScanLength(7).batchSize(3).build(),
                Schedule.of(phase("p").mix(all).operations(2000).build()));
        for (Operation op : sent) {
            switch (op.type()) {
                case SCAN:
                    assertThat(op.scanLength()).isBetween(1, 7);
                    break;
                case BATCH:
                    assertThat(op.writes()).hasSize(3);
                    break;
                case LWT:
                    assertThat(op.writes()).singleElement().extracting(Operation.FieldWrite::field).isEqualTo(0);
                    break;
                case UPDATE:
                case READ_MODIFY_WRITE:
                    assertThat(op.writes()).hasSize(1);
                    break;
                case INSERT:
                    assertThat(op.writes()).hasSize(10);
                    break;
                default:
                    assertThat(op.writes()).isEmpty();
            }
            op.writes().forEach(w -> assertThat(w.value()).hasSize(RecordFormat.FIELD_LENGTH));
        }
        assertThat(sent).extracting(Operation::scanLength).contains(1, 7);
    }

    @Test
    void recordsTheKeySequenceAndIsReproducibleFromTheSeed() {
        WorkloadSpec recorded = spec().keyRecording(KeyRecording.sampled(0.2, 100_000)).build();
        Schedule schedule = Schedule.of(phase("p").keys(KeyDistribution.scrambledZipfian()).operations(3000).build());
        RunResult first = new WorkloadDriver(ticker).run(taking(0), recorded, schedule);
        List<Operation> firstSent = new ArrayList<>(sent);
        KeySequence keys = first.keySequence();
        List<Operation> sampled = firstSent.stream()
                .filter(op -> KeySequence.isSampled(op.recordNumber(), 0.2)).toList();
        assertThat(keys.size()).isEqualTo(sampled.size()).isGreaterThan(0);
        for (int i = 0; i < keys.size(); i++) {
            assertThat(keys.operationIndex(i)).isEqualTo(sampled.get(i).index());
            assertThat(keys.recordNumber(i)).isEqualTo(sampled.get(i).recordNumber());
            assertThat(keys.type(i)).isEqualTo(sampled.get(i).type());
        }

        sent.clear();
        RunResult again = new WorkloadDriver(new ManualTicker()).run(taking(0), recorded, schedule);
        assertThat(sent).isEqualTo(firstSent);
        assertThat(again.keySequence().recordNumbers()).isEqualTo(keys.recordNumbers());

        sent.clear();
        new WorkloadDriver(new ManualTicker()).run(taking(0), spec().seed(43).build(), schedule);
        assertThat(sent).isNotEqualTo(firstSent);
    }

    @Test
    void specAndStopConditionValidation() {
        assertThatThrownBy(() -> spec().recordCount(0).build()).hasMessageContaining("record count");
        assertThatThrownBy(() -> spec().consistency(com.datastax.oss.driver.api.core.DefaultConsistencyLevel.SERIAL)
                .build()).hasMessageContaining("serial");
        assertThatThrownBy(() -> spec().keyspace("bad-name").build()).hasMessageContaining("CQL identifier");
        assertThatThrownBy(() -> new StopCondition(StopCondition.NO_OPERATION_LIMIT, StopCondition.NO_TIME_LIMIT))
                .hasMessageContaining("needs an operation limit, a duration limit or both");
        assertThatThrownBy(() -> StopCondition.operations(0)).hasMessageContaining(">= 1");
        assertThatThrownBy(() -> StopCondition.duration(Duration.ZERO)).hasMessageContaining("positive");
        assertThatThrownBy(() -> Phase.builder("p").build()).hasMessageContaining("stop condition");
        // Deadlines wrap like nanoTime and compare by difference.
        long nearWrap = Long.MAX_VALUE - 10;
        long deadline = StopCondition.duration(Duration.ofSeconds(1)).deadlineNanos(nearWrap);
        assertThat(deadline - nearWrap).isEqualTo(1_000_000_000L);
        long never = StopCondition.operations(5).deadlineNanos(nearWrap);
        assertThat(never - nearWrap).isEqualTo(Duration.ofDays(36_500).toNanos());
        assertThat(StopCondition.firstOf(5, Duration.ofSeconds(2)).toString()).isEqualTo("5 operations or PT2S");
    }

    private static OperationStats combined(RunResult r) {
        return r.perOperation().get(OperationType.READ);
    }
}
