package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.lifecycle.IllegalTransitionException;
import dev.ctuner.advisor.recommendation.InvalidSettingsException;
import dev.ctuner.advisor.rollout.PlanRefusedException;
import dev.ctuner.advisor.rollout.RollbackConflictException;
import dev.ctuner.advisor.store.ConcurrentUpdateException;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.advisor.tuning.LoopConflictException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.validation.BindException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Every error of a UI request as a readable page with the status it deserves: 404 for an unknown
 * object or page, 409 for a move the state machine does not allow (its message names the allowed
 * moves), 403 for a change of a cluster the operator's account is not for, 400 for a malformed id or a form field of the wrong type, 500 with no detail but a pointer to the log. Runs before the REST
 * API's {@code ApiExceptionHandler} and only for paths under {@code /ui}, so the API keeps its
 * problem details.
 *
 * <pre>
 * GET /ui/recommendations/not-a-uuid   →  400 page "'not-a-uuid' is not a valid id"
 * </pre>
 */
@Component
public class UiErrorResolver implements HandlerExceptionResolver, Ordered {

    private static final Logger log = LoggerFactory.getLogger(UiErrorResolver.class);

    /** A page's status, heading and message. */
    record UiError(HttpStatus status, String title, String message) {
    }

    @Override
    public ModelAndView resolveException(HttpServletRequest request, HttpServletResponse response, Object handler,
                                         Exception e) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if (!path.equals("/ui") && !path.startsWith("/ui/")) {
            return null;
        }
        UiError error = classify(e);
        if (error.status().is5xxServerError()) {
            log.error("UI request {} {} failed", request.getMethod(), path, e);
        }
        response.setStatus(error.status().value());
        ModelAndView page = new ModelAndView("ui/error");
        page.setStatus(error.status());
        page.addObject("status", error.status().value());
        page.addObject("title", error.title());
        page.addObject("message", error.message());
        UiUser.addTo(page.getModel());
        return page;
    }

    static UiError classify(Exception e) {
        if (e instanceof NotFoundException || e instanceof NoResourceFoundException) {
            String message = e instanceof NotFoundException ? capitalize(e.getMessage()) + "." : "There is no page at this address.";
            return new UiError(HttpStatus.NOT_FOUND, "Not found", message);
        }
        if (e instanceof org.springframework.security.access.AccessDeniedException) {
            return new UiError(HttpStatus.FORBIDDEN, "Not yours to change", capitalize(e.getMessage()) + "; nothing was changed.");
        }
        if (e instanceof IllegalTransitionException || e instanceof LoopConflictException) {
            return new UiError(HttpStatus.CONFLICT, "Not allowed in the current state", capitalize(e.getMessage()) + ".");
        }
        if (e instanceof RollbackConflictException) {
            return new UiError(HttpStatus.CONFLICT, "A later rollout changed the same settings", e.getMessage());
        }
        if (e instanceof ConcurrentUpdateException) {
            return new UiError(HttpStatus.CONFLICT, "Changed by someone else meanwhile", capitalize(e.getMessage()) + ".");
        }
        if (e instanceof PlanRefusedException) {
            return new UiError(HttpStatus.UNPROCESSABLE_CONTENT, "No safe rollout plan", e.getMessage());
        }
        if (e instanceof InvalidSettingsException) {
            return new UiError(HttpStatus.BAD_REQUEST, "Invalid settings", e.getMessage());
        }
        if (e instanceof MethodArgumentTypeMismatchException m) {
            return new UiError(HttpStatus.BAD_REQUEST, "Not a valid address",
                    "'" + m.getValue() + "' is not a valid " + m.getName() + ".");
        }
        if (e instanceof BindException b) {
            // a form field the page's object cannot hold (a checkbox sent as "perhaps"): name the fields, not the binder
            return new UiError(HttpStatus.BAD_REQUEST, "Invalid form", "These fields have values the form cannot take: "
                    + String.join(", ", b.getFieldErrors().stream().map(f -> f.getField()).distinct().sorted().toList())
                    + ". Go back, reload the page and fill it in again; nothing was changed.");
        }
        if (e instanceof MissingServletRequestParameterException || e instanceof IllegalArgumentException) {
            return new UiError(HttpStatus.BAD_REQUEST, "Invalid request", e.getMessage());
        }
        if (e instanceof HttpRequestMethodNotSupportedException m) {
            return new UiError(HttpStatus.METHOD_NOT_ALLOWED, "Not allowed here",
                    "This address does not accept " + m.getMethod() + "; follow the links and buttons of the pages.");
        }
        return new UiError(HttpStatus.INTERNAL_SERVER_ERROR, "Something went wrong",
                "The advisor could not complete this request. Its log has the details; nothing shown here was changed by "
                        + "the failed request unless the page says otherwise.");
    }

    private static String capitalize(String text) {
        return text == null || text.isEmpty() ? "" : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    @Override
    public int getOrder() {
        // after DefaultErrorAttributes (which only records the error), before the API's exception handlers
        return Ordered.HIGHEST_PRECEDENCE + 1;
    }
}
