package dev.ctuner.advisor.api;

import dev.ctuner.advisor.security.ProblemResponses;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.web.WebProperties;
import org.springframework.boot.webmvc.autoconfigure.error.BasicErrorController;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorViewResolver;
import org.springframework.boot.webmvc.error.ErrorAttributes;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.servlet.ModelAndView;

/**
 * The error page ({@code /error}) for everything outside the UI as an RFC 9457 problem, whatever the
 * client accepts: what the servlet container or a filter refused before Spring MVC saw the request
 * (a path the firewall rejects, a body it cannot parse as a form, ...). The detail names the status
 * only; the exception's message stays in the log. UI pages keep Spring Boot's HTML error page.
 *
 * <pre>
 * GET /api/v1/rollouts/..;/x   →  400 {"type":"about:blank","title":"Bad Request","status":400,"detail":"…"}
 * </pre>
 */
@Controller
public class ApiErrorController extends BasicErrorController {

    public ApiErrorController(ErrorAttributes errorAttributes, WebProperties web, ObjectProvider<ErrorViewResolver> views) {
        super(errorAttributes, web.getError(), views.orderedStream().toList());
    }

    @Override
    public ModelAndView errorHtml(HttpServletRequest request, HttpServletResponse response) {
        if (ui(request)) {
            return super.errorHtml(request, response);
        }
        HttpStatus status = getStatus(request);
        return new ModelAndView((model, req, res) -> ProblemResponses.write(res, original(req), status, detail(status)));
    }

    @Override
    public ResponseEntity<Map<String, Object>> error(HttpServletRequest request) {
        HttpStatus status = getStatus(request);
        if (status == HttpStatus.NO_CONTENT) {
            return new ResponseEntity<>(status);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "about:blank");
        body.put("title", status.getReasonPhrase());
        body.put("status", status.value());
        body.put("detail", detail(status));
        String path = (String) request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        if (path != null && path.length() <= ProblemResponses.MAX_INSTANCE) {
            body.put("instance", path);
        }
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(body);
    }

    static String detail(HttpStatus status) {
        return switch (status) {
            case BAD_REQUEST -> "The request is malformed (its address, a header, a parameter or the body) and was refused "
                    + "before it reached the API; nothing was done.";
            case NOT_FOUND -> "There is nothing at this address; GET /v3/api-docs lists the API.";
            case CONTENT_TOO_LARGE -> "The request is too large; nothing was done.";
            default -> status.is5xxServerError()
                    ? "The advisor could not complete this request; its log has the details."
                    : "The request was refused (" + status.getReasonPhrase() + "); nothing was done.";
        };
    }

    private static boolean ui(HttpServletRequest request) {
        String path = (String) request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        return path == null || path.equals("/") || path.equals("/ui") || path.startsWith("/ui/");
    }

    /** The failed request's path as the problem's instance, not /error. */
    private static HttpServletRequest original(HttpServletRequest request) {
        String path = (String) request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        return new jakarta.servlet.http.HttpServletRequestWrapper(request) {
            @Override
            public String getRequestURI() {
                return path == null ? super.getRequestURI() : path;
            }
        };
    }
}
