package dev.ctuner.advisor.learning;

/**
 * A training run was asked for while one is still running.
 *
 * <pre>{@code
 * learning.startTraining("alice");
 * learning.startTraining("bob");   // throws: the first run has not finished
 * }</pre>
 */
public final class TrainingInProgressException extends RuntimeException {

    private final TrainingAttempt running;

    public TrainingInProgressException(TrainingAttempt running) {
        super("a training run asked for by " + running.requestedBy() + " at " + running.startedAt()
                + " is still running; wait for it (GET /api/v1/models/current)");
        this.running = running;
    }

    public TrainingAttempt running() {
        return running;
    }
}
