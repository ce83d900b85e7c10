package dev.ctuner.advisor.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;

/**
 * 401 and 403 as RFC 9457 problem details, like every other error of the API. Written by hand:
 * these run in the security filter chain, before Spring MVC's message converters.
 *
 * <pre>{@code
 * http.exceptionHandling(e -> e.authenticationEntryPoint(ProblemResponses.unauthorized())
 *                              .accessDeniedHandler(ProblemResponses.forbidden()));
 * }</pre>
 */
public final class ProblemResponses {

    private ProblemResponses() {
    }

    public static AuthenticationEntryPoint unauthorized() {
        return (HttpServletRequest request, HttpServletResponse response, AuthenticationException e) -> {
            response.setHeader("WWW-Authenticate", "Basic realm=\"ctuner advisor\"");
            write(response, request, HttpStatus.UNAUTHORIZED,
                    "Sign in with HTTP Basic as an advisor user (an operator adds one with the advisor's users command)");
        };
    }

    public static AccessDeniedHandler forbidden() {
        return (HttpServletRequest request, HttpServletResponse response, AccessDeniedException e) ->
                write(response, request, HttpStatus.FORBIDDEN,
                        "This needs the OPERATOR role; reading needs VIEWER");
    }

    /**
     * Writes a problem outside Spring MVC (filters, the error page). The instance is the request's path,
     * left out when it is long: a 6 KiB path must not come back in the answer.
     */
    public static void write(HttpServletResponse response, HttpServletRequest request, HttpStatus status, String detail)
            throws IOException {
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        String path = request.getRequestURI();
        // JSON is UTF-8 by definition (RFC 8259): written as bytes, with no charset parameter on the type
        response.getOutputStream().write(("{\"type\":\"about:blank\",\"title\":\"" + status.getReasonPhrase()
                + "\",\"status\":" + status.value() + ",\"detail\":\"" + escape(detail) + "\""
                + (path != null && path.length() <= MAX_INSTANCE ? ",\"instance\":\"" + escape(path) + "\"" : "") + "}")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Longer request paths are not echoed as the problem's instance. */
    public static final int MAX_INSTANCE = 200;

    static String escape(String text) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
