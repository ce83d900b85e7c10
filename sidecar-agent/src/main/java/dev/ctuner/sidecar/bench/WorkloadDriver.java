package dev.ctuner.sidecar.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Runs a {@link Schedule} of phases against a Cassandra cluster and measures it.
 *
 * <pre>{@code
 * try (CqlSession session = CqlSession.builder().withLocalDatacenter("datacenter1").build()) {
 *     WorkloadSpec spec = WorkloadSpec.builder().recordCount(100_000).seed(7).build();
 *     Schema schema = new Schema(spec.keyspace());
 *     schema.create(session, Replication.simple(1));
 *     new Loader(session, schema).load(spec.recordCount(), 64, spec.seed(), spec.consistency());
 *     Schedule schedule = Schedule.of(Phase.builder("main").mix(OperationMix.ycsbB())
 *             .load(LoadControl.open(1000)).duration(Duration.ofMinutes(1)).build());
 *     RunResult result = new WorkloadDriver().run(session, spec, schedule);
 * }
 * }</pre>
 *
 * <p>{@link #run} blocks its caller, which is the issuing thread. If that thread is interrupted, the
 * run stops early and returns what it measured, with the interrupt flag set again.
 */
public final class WorkloadDriver {

    private final Ticker ticker;

    public WorkloadDriver() {
        this(Ticker.SYSTEM);
    }

    WorkloadDriver(Ticker ticker) {
        this.ticker = ticker;
    }

    /** Prepares the statements in {@code spec.keyspace()} (which must exist) and runs the schedule. */
    public RunResult run(CqlSession session, WorkloadSpec spec, Schedule schedule) {
        Schema.Statements statements = new Schema(spec.keyspace()).prepare(session);
        return run(new CqlOperationExecutor(session, statements, spec.consistency(), spec.serialConsistency()),
                spec, schedule);
    }

    RunResult run(OperationExecutor executor, WorkloadSpec spec, Schedule schedule) {
        KeySequence keySequence = new KeySequence(spec.keyRecording());
        long startNanos = ticker.nanoTime();
        Instant start = Instant.now();
        PhaseRunner runner = new PhaseRunner(executor, ticker, spec, keySequence, start, startNanos);
        List<PhaseResult> phases = new ArrayList<>();
        List<PhaseRecorder> recorders = new ArrayList<>();
        for (int i = 0; i < schedule.phases().size() && !runner.interrupted(); i++) {
            PhaseRecorder recorder = new PhaseRecorder();
            recorders.add(recorder);
            phases.add(runner.run(schedule.phases().get(i), i, recorder));
        }
        long endNanos = ticker.nanoTime();
        if (runner.interrupted()) {
            Thread.currentThread().interrupt();
        }
        Map<OperationType, OperationStats> perOperation = merge(recorders);
        long operations = phases.stream().mapToLong(PhaseResult::issued).sum();
        long errors = phases.stream().mapToLong(PhaseResult::errors).sum();
        long successes = perOperation.values().stream().mapToLong(OperationStats::count).sum();
        double seconds = Math.max(1e-9, (endNanos - startNanos) / 1e9);
        return new RunResult(start, runner.instantOf(endNanos), operations, errors, successes / seconds,
                perOperation, phases, keySequence);
    }

    private static Map<OperationType, OperationStats> merge(List<PhaseRecorder> recorders) {
        Map<OperationType, OperationStats> merged = new EnumMap<>(OperationType.class);
        for (OperationType type : OperationType.values()) {
            Histogram latencies = PhaseRecorder.newHistogram();
            Map<String, Long> errors = new HashMap<>();
            for (PhaseRecorder recorder : recorders) {
                recorder.addLatenciesTo(type, latencies);
                recorder.errors(type).forEach((name, count) -> errors.merge(name, count, Long::sum));
            }
            merged.put(type, OperationStats.of(latencies, errors));
        }
        return merged;
    }
}
