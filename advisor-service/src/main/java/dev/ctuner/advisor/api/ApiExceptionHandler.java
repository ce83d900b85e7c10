package dev.ctuner.advisor.api;

import dev.ctuner.advisor.advice.InputViolation;
import dev.ctuner.advisor.advice.InvalidInputException;
import dev.ctuner.advisor.advice.UnsupportedByModelException;
import dev.ctuner.advisor.core.lifecycle.IllegalTransitionException;
import dev.ctuner.advisor.learning.NoModelException;
import dev.ctuner.advisor.learning.TrainingInProgressException;
import dev.ctuner.advisor.recommendation.InvalidSettingsException;
import dev.ctuner.advisor.ring.RingRefusedException;
import dev.ctuner.advisor.ring.UnknownClusterException;
import dev.ctuner.advisor.rollout.PlanRefusedException;
import dev.ctuner.advisor.rollout.RollbackConflictException;
import dev.ctuner.advisor.store.ConcurrentUpdateException;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.advisor.tuning.LoopConflictException;
import jakarta.validation.ConstraintViolationException;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error of the API as an RFC 9457 problem detail with a specific message: 400 for bad input
 * (with every violation), 404 for an unknown id, 409 for a move the state machine does not allow
 * (naming the current state and the allowed moves), a concurrent change, or a ring the sidecars'
 * reports do not give (with every reason); 422 when no safe rollout plan exists, a cluster no
 * sidecar has reported is named, or the trained model cannot answer; 503 when no model is trained yet.
 */
@RestControllerAdvice
public class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    @ExceptionHandler(NotFoundException.class)
    ProblemDetail notFound(NotFoundException e) {
        return problem(HttpStatus.NOT_FOUND, "Not found", e.getMessage());
    }

    @ExceptionHandler(IllegalTransitionException.class)
    ProblemDetail illegalTransition(IllegalTransitionException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "Not allowed in the current state", e.getMessage());
        p.setProperty("currentState", e.current());
        p.setProperty("requestedState", e.requested());
        p.setProperty("allowedMoves", e.allowed());
        return p;
    }

    @ExceptionHandler(RollbackConflictException.class)
    ProblemDetail rollbackConflict(RollbackConflictException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "A later rollout changed the same settings", e.getMessage());
        p.setProperty("conflicts", e.conflicts());
        return p;
    }

    @ExceptionHandler(ConcurrentUpdateException.class)
    ProblemDetail concurrent(ConcurrentUpdateException e) {
        return problem(HttpStatus.CONFLICT, "Changed concurrently", e.getMessage());
    }

    @ExceptionHandler(LoopConflictException.class)
    ProblemDetail loopConflict(LoopConflictException e) {
        return problem(HttpStatus.CONFLICT, "Not allowed in the loop's current state", e.getMessage());
    }

    @ExceptionHandler(InvalidSettingsException.class)
    ProblemDetail invalidSettings(InvalidSettingsException e) {
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "Invalid settings", e.getMessage() + ": "
                + String.join("; ", e.violations().stream().map(v -> v.reason()).toList()));
        p.setProperty("violations", e.violations().stream()
                .map(v -> Map.of("knobs", v.knobs(), "reason", v.reason())).toList());
        return p;
    }

    @ExceptionHandler(PlanRefusedException.class)
    ProblemDetail planRefused(PlanRefusedException e) {
        ProblemDetail p = problem(HttpStatus.UNPROCESSABLE_CONTENT, "No safe rollout plan", e.getMessage());
        p.setProperty("reasons", e.reasons());
        return p;
    }

    @ExceptionHandler(RingRefusedException.class)
    ProblemDetail ringRefused(RingRefusedException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "The ring cannot be taken from the sidecars' reports", e.getMessage());
        p.setProperty("clusterId", e.cluster().value());
        p.setProperty("reasons", e.reasons());
        return p;
    }

    @ExceptionHandler(UnknownClusterException.class)
    ProblemDetail unknownCluster(UnknownClusterException e) {
        return problem(HttpStatus.UNPROCESSABLE_CONTENT, "Unknown cluster", e.getMessage());
    }

    @ExceptionHandler(InvalidInputException.class)
    ProblemDetail invalidInput(InvalidInputException e) {
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "Invalid request", e.getMessage());
        p.setProperty("violations", e.violations().stream().map(ApiExceptionHandler::violation).toList());
        return p;
    }

    private static Map<String, String> violation(InputViolation v) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("field", v.field());
        m.put("code", v.code());
        m.put("value", v.value());
        m.put("allowed", v.allowed());
        m.put("message", v.message());
        return m;
    }

    @ExceptionHandler(NoModelException.class)
    ProblemDetail noModel(NoModelException e) {
        return problem(HttpStatus.SERVICE_UNAVAILABLE, "No model trained yet", e.getMessage());
    }

    @ExceptionHandler(UnsupportedByModelException.class)
    ProblemDetail unsupportedByModel(UnsupportedByModelException e) {
        return problem(HttpStatus.UNPROCESSABLE_CONTENT, "The trained model cannot answer this", e.getMessage());
    }

    @ExceptionHandler(TrainingInProgressException.class)
    ProblemDetail trainingInProgress(TrainingInProgressException e) {
        ProblemDetail p = problem(HttpStatus.CONFLICT, "Training already running", e.getMessage());
        p.setProperty("startedAt", e.running().startedAt());
        return p;
    }

    /** Identifiers, rings and requests that the domain types refuse (blank node id, unknown replica, ...). */
    @ExceptionHandler(IllegalArgumentException.class)
    ProblemDetail badArgument(IllegalArgumentException e) {
        return problem(HttpStatus.BAD_REQUEST, "Invalid request", e.getMessage());
    }

    @ExceptionHandler(ConstraintViolationException.class)
    ProblemDetail constraintViolation(ConstraintViolationException e) {
        return problem(HttpStatus.BAD_REQUEST, "Invalid request", e.getMessage());
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        List<String> errors = e.getBindingResult().getFieldErrors().stream()
                .map(f -> f.getField() + " " + f.getDefaultMessage()).sorted().toList();
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "Invalid request", String.join("; ", errors));
        p.setProperty("errors", errors);
        return ResponseEntity.badRequest().body(p);
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(HandlerMethodValidationException e,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        List<String> errors = e.getAllErrors().stream().map(err -> String.valueOf(err.getDefaultMessage())).toList();
        return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, "Invalid request",
                String.join("; ", errors)));
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        Throwable cause = e.getMostSpecificCause();
        String detail = "The request body is not valid JSON for this endpoint: "
                + (cause.getMessage() == null ? cause.getClass().getSimpleName() : firstLine(cause.getMessage()));
        return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, "Unreadable request body", detail));
    }

    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setTitle(title);
        return p;
    }
}
