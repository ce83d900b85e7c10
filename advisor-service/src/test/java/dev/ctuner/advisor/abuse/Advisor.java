package dev.ctuner.advisor.abuse;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The advisor over real HTTP (java.net.http): Basic-authenticated API calls, and a UI session that
 * signs in through the login form and keeps its cookie.
 *
 * <pre>{@code
 * Advisor advisor = new Advisor(port);
 * HttpResponse<String> r = advisor.send(advisor.api("GET", "/api/v1/clusters", "olga", "pw").build());
 * }</pre>
 */
final class Advisor {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"\\s+value=\"([^\"]+)\"");

    private final String base;
    private final HttpClient client;

    Advisor(int port) {
        this(port, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).followRedirects(HttpClient.Redirect.NEVER).build());
    }

    private Advisor(int port, HttpClient client) {
        this.base = "http://localhost:" + port;
        this.client = client;
    }

    HttpRequest.Builder request(String pathAndQuery) {
        return HttpRequest.newBuilder(URI.create(base + pathAndQuery)).timeout(Duration.ofSeconds(20));
    }

    /** @param user null for an anonymous request */
    HttpRequest.Builder api(String method, String pathAndQuery, String user, String password, byte[] body) {
        HttpRequest.Builder b = request(pathAndQuery).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (user != null) {
            b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        }
        return b;
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(request.method() + " " + request.uri() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A UI session signed in as {@code user} through the login form. */
    Advisor signIn(String user, String password) {
        Advisor session = new Advisor(Integer.parseInt(base.substring(base.lastIndexOf(':') + 1)),
                HttpClient.newBuilder().cookieHandler(new CookieManager()).connectTimeout(Duration.ofSeconds(5))
                        .followRedirects(HttpClient.Redirect.NEVER).build());
        String token = session.csrfOf("/ui/login");
        HttpResponse<String> login = session.send(session.form("/ui/login", Map.of("username", user, "password", password,
                "_csrf", token)));
        if (login.statusCode() != 302 || login.headers().firstValue("Location").orElse("").contains("error")) {
            throw new IllegalStateException("sign-in of " + user + " failed: " + login.statusCode() + " " + login.headers().map());
        }
        return session;
    }

    /** The CSRF token of the form on a page of this session. */
    String csrfOf(String page) {
        HttpResponse<String> r = send(request(page).GET().build());
        Matcher m = CSRF.matcher(r.body());
        if (!m.find()) {
            throw new IllegalStateException("no CSRF token on " + page + " (" + r.statusCode() + ")");
        }
        return m.group(1);
    }

    HttpRequest form(String path, Map<String, String> fields) {
        String body = fields.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        return request(path).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    }
}
