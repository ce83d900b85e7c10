package dev.ctuner.advisor.learning;

import java.time.Instant;
import java.util.List;

/**
 * One training run as the API reports it: who asked, when it ran, whether it produced a model and,
 * when not, why.
 *
 * <pre>{@code
 * TrainingAttempt a = learning.startTraining("alice");   // RUNNING
 * learning.lastAttempt();                                 // later SUCCEEDED or FAILED with the reason
 * }</pre>
 *
 * @param finishedAt null while RUNNING
 * @param reason     why it FAILED or KEPT_PREVIOUS, else null
 * @param files      what each dataset file gave (empty while RUNNING)
 */
public record TrainingAttempt(String requestedBy, Instant startedAt, Instant finishedAt, Outcome outcome, String reason,
                              List<DatasetReport> files) {

    /**
     * RUNNING; SUCCEEDED (the new model is in use); FAILED (no model: {@link #reason}); KEPT_PREVIOUS (an
     * automatic retraining produced a model whose cross-validated error is worse than the one in use's,
     * which stays: {@link #reason} gives both errors).
     */
    public enum Outcome { RUNNING, SUCCEEDED, FAILED, KEPT_PREVIOUS }

    public TrainingAttempt {
        files = List.copyOf(files);
    }

    static TrainingAttempt running(String requestedBy, Instant startedAt) {
        return new TrainingAttempt(requestedBy, startedAt, null, Outcome.RUNNING, null, List.of());
    }
}
