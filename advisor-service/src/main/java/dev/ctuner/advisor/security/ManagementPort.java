package dev.ctuner.advisor.security;

import jakarta.servlet.http.HttpServletRequest;
import java.util.OptionalInt;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The separate management port, when {@code management.server.port} gives one: learnt from the
 * management server's start (so {@code 0}, a random port, works too). A request matches when it
 * arrived on that port; with no separate port, nothing matches.
 */
public final class ManagementPort implements ApplicationListener<WebServerInitializedEvent>, RequestMatcher {

    static final String NAMESPACE = "management";

    private volatile OptionalInt port = OptionalInt.empty();

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        if (NAMESPACE.equals(event.getApplicationContext().getServerNamespace())) {
            port = OptionalInt.of(event.getWebServer().getPort());
        }
    }

    @Override
    public boolean matches(HttpServletRequest request) {
        OptionalInt p = port;
        return p.isPresent() && request.getLocalPort() == p.getAsInt();
    }

    /** The management server's port, once it listens. */
    public OptionalInt port() {
        return port;
    }
}
