package dev.ctuner.advisor.api;

import dev.ctuner.advisor.security.ProblemResponses;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a request body over {@code ctuner.advisor.api.max-body-size} with 413, before the security
 * chain and the JSON parser spend anything on it: at once when its Content-Length says so; a chunked
 * body is read here up to the limit first (at most the limit is held in memory) and served from
 * memory after. Tomcat never hands on more bytes than a Content-Length announces.
 *
 * <pre>
 * POST /api/v1/recommendations  (1 MiB)   →  413 application/problem+json
 * </pre>
 */
public class RequestBodyLimitFilter extends OncePerRequestFilter {

    private final long limit;

    public RequestBodyLimitFilter(long limit) {
        this.limit = limit;
    }

    static String detail(long limit) {
        return "The request body is larger than the " + limit + " bytes this API reads (ctuner.advisor.api.max-body-size); "
                + "nothing was done.";
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > limit) {
            response.setHeader("Connection", "close");
            ProblemResponses.write(response, request, HttpStatus.CONTENT_TOO_LARGE, detail(limit));
            return;
        }
        if (request.getContentLengthLong() < 0 && request.getHeader("Transfer-Encoding") != null) {
            // chunked: read up to the limit now, so that the answer is 413 before anyone (security included) acts on it
            byte[] body = request.getInputStream().readNBytes((int) limit + 1);
            if (body.length > limit) {
                response.setHeader("Connection", "close");
                ProblemResponses.write(response, request, HttpStatus.CONTENT_TOO_LARGE, detail(limit));
                return;
            }
            chain.doFilter(new Buffered(request, body), response);
            return;
        }
        chain.doFilter(request, response);
    }

    /** A chunked body already read (within the limit), served from memory. */
    private static final class Buffered extends HttpServletRequestWrapper {

        private final byte[] body;

        Buffered(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            java.io.ByteArrayInputStream in = new java.io.ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the body is already read");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            return new BufferedReader(new InputStreamReader(getInputStream(),
                    encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding)));
        }
    }
}
