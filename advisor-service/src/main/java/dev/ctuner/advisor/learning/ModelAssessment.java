package dev.ctuner.advisor.learning;

import dev.ctuner.advisor.core.learning.ModelDiagnostics;
import java.util.Objects;
import java.util.Optional;

/**
 * How far the model in use can be trusted: the core's {@link ModelDiagnostics} (cross-validated
 * error, learning curve, knob influence), computed once in the background right after the model is
 * put in use and kept with it; or that they are still being computed, or why they could not be. A
 * failure here never costs the model.
 *
 * <pre>{@code
 * ModelAssessment a = learning.require().assessment();
 * a.status();                                          // COMPUTING, then DONE or FAILED
 * a.diagnostics().map(ModelDiagnostics::learningCurve);
 * }</pre>
 *
 * @param failure   why there are no diagnostics (FAILED)
 * @param computeMs wall-clock milliseconds the diagnostics took (0 while COMPUTING)
 */
public record ModelAssessment(Status status, Optional<ModelDiagnostics> diagnostics, Optional<String> failure, long computeMs) {

    /** COMPUTING: the model is in use, its diagnostics not yet; DONE: they are; FAILED: see {@link #failure}. */
    public enum Status { COMPUTING, DONE, FAILED }

    public ModelAssessment {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(diagnostics, "diagnostics");
        Objects.requireNonNull(failure, "failure");
    }

    static ModelAssessment computing() {
        return new ModelAssessment(Status.COMPUTING, Optional.empty(), Optional.empty(), 0);
    }

    static ModelAssessment of(ModelDiagnostics diagnostics, long computeMs) {
        return new ModelAssessment(Status.DONE, Optional.of(diagnostics), Optional.empty(), computeMs);
    }

    static ModelAssessment failed(String why, long computeMs) {
        return new ModelAssessment(Status.FAILED, Optional.empty(), Optional.of(why), computeMs);
    }
}
