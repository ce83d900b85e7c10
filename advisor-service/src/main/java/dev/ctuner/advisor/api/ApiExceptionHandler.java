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
import dev.ctuner.advisor.security.ProblemResponses;
import jakarta.validation.ConstraintViolationException;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
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

    /** An operator limited to other clusters ({@link dev.ctuner.advisor.security.ClusterScope}): nothing changed. */
    @ExceptionHandler(org.springframework.security.access.AccessDeniedException.class)
    ProblemDetail forbidden(org.springframework.security.access.AccessDeniedException e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.FORBIDDEN, e.getMessage());
        problem.setTitle("Forbidden");
        return problem;
    }

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

    @ExceptionHandler(dev.ctuner.advisor.campaign.CampaignStateException.class)
    ProblemDetail campaignState(dev.ctuner.advisor.campaign.CampaignStateException e) {
        return problem(HttpStatus.CONFLICT, "Not allowed in the campaign's current state", e.getMessage());
    }

    @ExceptionHandler(LoopConflictException.class)
    ProblemDetail loopConflict(LoopConflictException e) {
        return problem(HttpStatus.CONFLICT, "Not allowed in the loop's current state", e.getMessage());
    }

    @ExceptionHandler(InvalidSettingsException.class)
    ProblemDetail invalidSettings(InvalidSettingsException e) {
        ProblemDetail p = problem(HttpStatus.BAD_REQUEST, "Invalid settings", e.getMessage() + ": "
                + String.join("; ", e.violations().stream().map(v -> v.reason()).toList()));
        // at most 20 violations, each cut to size: a body of thousands of unknown knobs must not come back whole
        p.setProperty("violations", e.violations().stream().limit(20)
                .map(v -> Map.of("knobs", v.knobs().stream().map(k -> ProblemText.abbreviate(String.valueOf(k))).toList(),
                        "reason", ProblemText.abbreviate(v.reason()))).toList());
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
        m.put("value", ProblemText.abbreviate(v.value()));
        m.put("allowed", v.allowed());
        m.put("message", ProblemText.abbreviate(v.message()));
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

    /** A parameter out of its range: named as the client spells it, not by the controller method's path. */
    @ExceptionHandler(ConstraintViolationException.class)
    ProblemDetail constraintViolation(ConstraintViolationException e) {
        List<String> errors = e.getConstraintViolations().stream().map(v -> {
            String name = "value";
            for (jakarta.validation.Path.Node node : v.getPropertyPath()) {
                name = node.getName();
            }
            return name + " " + v.getMessage();
        }).sorted().toList();
        return problem(HttpStatus.BAD_REQUEST, "Invalid request", String.join("; ", errors));
    }

    /** A path or query value of the wrong type: which parameter, what was sent (cut when long), what is expected. */
    @Override
    protected ResponseEntity<Object> handleTypeMismatch(TypeMismatchException e, HttpHeaders headers, HttpStatusCode status,
                                                        WebRequest request) {
        String name = e instanceof MethodArgumentTypeMismatchException m ? m.getName() : e.getPropertyName();
        return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, "Invalid request", "'" + name + "' must be "
                + ProblemText.typeWords(e.getRequiredType()) + ", not '" + ProblemText.value(e.getValue()) + "'"));
    }

    /**
     * Every problem the framework builds (415, 405, 406, a missing parameter, ...) gets a type and a
     * detail cut to size, like the ones above.
     */
    @Override
    protected ResponseEntity<Object> createResponseEntity(Object body, HttpHeaders headers, HttpStatusCode status,
                                                          WebRequest request) {
        if (body instanceof ProblemDetail p) {
            tidy(p);
        }
        return super.createResponseEntity(body, headers, status, request);
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
        // the parser's own message names Java classes and library limits: describe the JSON instead
        String detail = "The request body is not valid JSON for this endpoint: " + ProblemText.unreadable(e.getCause());
        return ResponseEntity.badRequest().body(problem(HttpStatus.BAD_REQUEST, "Unreadable request body", detail));
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setTitle(title);
        return tidy(p);
    }

    /** about:blank as the type (RFC 9457: the status says it all), and a detail that no input makes large. */
    private static ProblemDetail tidy(ProblemDetail p) {
        p.setType(ABOUT_BLANK);
        p.setDetail(p.getDetail() == null ? p.getTitle() : ProblemText.abbreviate(p.getDetail()));
        if (p.getInstance() == null && RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes a) {
            p.setInstance(instance(a.getRequest().getRequestURI()));
        }
        return p;
    }

    /** The request path as the problem's instance; a long one cut back to its last whole segment within the limit. */
    static URI instance(String path) {
        String cut = path;
        if (path.length() > ProblemResponses.MAX_INSTANCE) {
            cut = path.substring(0, ProblemResponses.MAX_INSTANCE);
            cut = cut.substring(0, cut.lastIndexOf('/') + 1);
        }
        try {
            return URI.create(cut);
        } catch (IllegalArgumentException e) {
            return URI.create("/");
        }
    }

    private static final URI ABOUT_BLANK = URI.create("about:blank");
}
