package dev.ctuner.sidecar.bench;

import java.time.Instant;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Issues the operations of one phase from the calling thread and measures them. One issuing thread
 * decides every operation (so the sequence is reproducible from the seed) and sends it with the async
 * API; a semaphore bounds the requests in flight; completions record into a {@link PhaseRecorder}
 * on the driver's I/O threads.
 */
final class PhaseRunner {

    private static final long PHASE_SEED_STEP = 0x9E3779B97F4A7C15L;

    private final OperationExecutor executor;
    private final Ticker ticker;
    private final WorkloadSpec spec;
    private final OperationGenerator.RecordCounter records;
    private final KeySequence keySequence;
    private final Instant runStart;
    private final long runStartNanos;
    private long nextOperationIndex;
    private boolean interrupted;

    PhaseRunner(OperationExecutor executor, Ticker ticker, WorkloadSpec spec, KeySequence keySequence,
            Instant runStart, long runStartNanos) {
        this.executor = executor;
        this.ticker = ticker;
        this.spec = spec;
        this.records = new OperationGenerator.RecordCounter(spec.recordCount());
        this.keySequence = keySequence;
        this.runStart = runStart;
        this.runStartNanos = runStartNanos;
    }

    /** True once the issuing thread was interrupted; the caller should stop running phases. */
    boolean interrupted() {
        return interrupted;
    }

    Instant instantOf(long nanos) {
        return runStart.plusNanos(nanos - runStartNanos);
    }

    PhaseResult run(Phase phase, int phaseIndex, PhaseRecorder recorder) {
        // Each phase gets its own stream, so a phase's operations do not depend on how long earlier phases ran.
        SplittableRandom rng = new SplittableRandom(Mixing.mix64(spec.seed() + (phaseIndex + 1) * PHASE_SEED_STEP));
        // The scramble permutation depends on the run seed only: the hot records stay hot across phases.
        KeyChooser keys = phase.keys().newChooser(records.count(), Mixing.mix64(spec.seed()));
        OperationGenerator generator = new OperationGenerator(phase.mix(), keys, rng, records,
                spec.maxScanLength(), spec.batchSize());
        int maxInFlight = phase.load().maxInFlight();
        Semaphore permits = new Semaphore(maxInFlight);
        long start = ticker.nanoTime();
        long deadline = phase.stop().deadlineNanos(start);
        long maxOperations = phase.stop().maxOperations();
        OpenLoopPacer pacer = phase.load() instanceof LoadControl.OpenLoop
                ? new OpenLoopPacer(((LoadControl.OpenLoop) phase.load()).opsPerSecond(), start) : null;

        long issued = 0;
        try {
            while (issued < maxOperations) {
                long intended = 0;
                if (pacer != null) {
                    intended = pacer.intendedStartNanos(issued);
                    if (intended - deadline >= 0) {
                        break;
                    }
                    ticker.sleepUntil(intended);
                }
                if (!acquire(permits, deadline)) {
                    break;
                }
                Operation op = generator.next(nextOperationIndex++);
                keySequence.record(op.index(), op.type(), op.recordNumber());
                long sent = ticker.nanoTime();
                issue(op, pacer != null ? intended : sent, permits, recorder);
                issued++;
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        long stoppedIssuing = ticker.nanoTime();
        long notIssued = 0;
        if (pacer != null && !interrupted) {
            long end = stoppedIssuing - deadline < 0 ? stoppedIssuing : deadline;
            long due = Math.min(maxOperations, pacer.dueBefore(end));
            notIssued = Math.max(0, due - issued);
        }
        long unfinished = drain(permits, maxInFlight);
        long end = ticker.nanoTime();
        Map<OperationType, OperationStats> stats = recorder.stats();
        long errors = stats.values().stream().mapToLong(OperationStats::errors).sum();
        long successes = stats.values().stream().mapToLong(OperationStats::count).sum();
        double seconds = Math.max(1e-9, (end - start) / 1e9);
        return new PhaseResult(phase.name(), instantOf(start), instantOf(end), issued, errors, successes / seconds,
                notIssued, unfinished, stats);
    }

    private void issue(Operation op, long latencyStart, Semaphore permits, PhaseRecorder recorder) {
        CompletionStage<Void> done;
        try {
            done = executor.execute(op);
        } catch (RuntimeException e) {
            // A request that could not even be built or sent is a failed operation, not a crashed run.
            done = CompletableFuture.failedFuture(e);
        }
        done.whenComplete((ignored, error) -> {
            try {
                if (error == null) {
                    recorder.success(op.type(), ticker.nanoTime() - latencyStart);
                } else {
                    recorder.failure(op.type(), error);
                }
            } finally {
                permits.release();
            }
        });
    }

    /** Takes a permit, waiting at most until the deadline; false when the deadline came first. */
    private boolean acquire(Semaphore permits, long deadline) throws InterruptedException {
        long remaining = deadline - ticker.nanoTime();
        return remaining > 0 && permits.tryAcquire(remaining, TimeUnit.NANOSECONDS);
    }

    /** Waits for the phase's requests to finish; returns how many were still in flight at the timeout. */
    private long drain(Semaphore permits, int maxInFlight) {
        try {
            if (permits.tryAcquire(maxInFlight, spec.drainTimeout().toNanos(), TimeUnit.NANOSECONDS)) {
                return 0;
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        return maxInFlight - permits.availablePermits();
    }
}
