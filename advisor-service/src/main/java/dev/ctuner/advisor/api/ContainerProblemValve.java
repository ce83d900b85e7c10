package dev.ctuner.advisor.api;

import java.io.IOException;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.Container;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.http.HttpStatus;

/**
 * Tomcat's own error report (for what it refuses before the application sees the request: a header
 * or address too large, a malformed request line) as an RFC 9457 problem instead of Tomcat's HTML
 * page. Replaces the host's {@link ErrorReportValve} once the context starts.
 *
 * <pre>
 * GET /api/v1/clusters/aaaa…(10 KiB)  →  400 application/problem+json
 * </pre>
 */
public class ContainerProblemValve extends ErrorReportValve {

    /** Installs the valve on the embedded Tomcat's host. */
    public static WebServerFactoryCustomizer<TomcatServletWebServerFactory> installer() {
        return factory -> factory.addContextCustomizers(context -> context.addLifecycleListener(event -> {
            Container host = context.getParent();
            if (!"before_start".equals(event.getType()) || !(host instanceof StandardHost h)) {
                return;
            }
            for (Valve v : h.getPipeline().getValves()) {
                if (v instanceof ErrorReportValve && !(v instanceof ContainerProblemValve)) {
                    h.getPipeline().removeValve(v);
                }
            }
            boolean present = false;
            for (Valve v : h.getPipeline().getValves()) {
                present |= v instanceof ContainerProblemValve;
            }
            if (!present) {
                h.getPipeline().addValve(new ContainerProblemValve());
            }
        }));
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int code = response.getStatus();
        if (code < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
            return;
        }
        AtomicBoolean io = new AtomicBoolean(false);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, io);
        if (!io.get()) {
            return;
        }
        HttpStatus status = HttpStatus.resolve(code);
        String title = status == null ? "Error" : status.getReasonPhrase();
        String detail = status == null ? "The request was refused; nothing was done." : ApiErrorController.detail(status);
        try {
            response.setContentType("application/problem+json");
            response.setCharacterEncoding("UTF-8");
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write("{\"type\":\"about:blank\",\"title\":\"" + title + "\",\"status\":" + code + ",\"detail\":\""
                        + detail.replace("\"", "\\\"") + "\"}");
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // the connection is gone or the response already started: nothing more to say
        }
    }
}
