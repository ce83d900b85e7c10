package dev.ctuner.advisor.abuse;

import dev.ctuner.advisor.abuse.AbuseRequests.AbuseRequest;
import dev.ctuner.advisor.abuse.AbuseRequests.Identity;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What every answer of the API to a hostile request must be: never a 5xx; no stack trace, Java class
 * name, framework package or SQL in the body; an error as an RFC 9457 problem
 * ({@code application/problem+json} with type, title, status and detail) that stays small whatever
 * the input; 401 for anonymous and 403 for a VIEWER on a mutating operation, 413 for a body over the limit.
 *
 * <pre>{@code
 * List<String> defects = new AbuseChecks(64 * 1024, readsByPost).check(request, status, contentType, body);
 * }</pre>
 */
final class AbuseChecks {

    /** Error bodies larger than this echo the input or carry internals. */
    static final int MAX_ERROR_BODY = 4096;

    /** Text that only internals put in a body. */
    static final List<String> LEAKS = List.of("Exception", "at dev.ctuner", "dev.ctuner.", "org.springframework", "java.lang",
            "java.util", "tools.jackson", "com.fasterxml", "org.h2", "jdbc", "SQLState", "SELECT ", "INSERT INTO", "UPDATE ",
            "org.apache", "jakarta.", "StreamReadConstraints", "Caused by", "\tat ");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final int bodyLimit;
    private final Set<String> readsByPost;

    AbuseChecks(int bodyLimit, Set<String> readsByPost) {
        this.bodyLimit = bodyLimit;
        this.readsByPost = readsByPost;
    }

    boolean mutating(String method, String pathTemplate) {
        return !method.equals("GET") && !(method.equals("POST") && readsByPost.contains(pathTemplate));
    }

    List<String> check(AbuseRequest req, String pathTemplate, int status, String contentType, String body) {
        List<String> defects = new ArrayList<>();
        // 503 "No model trained yet" is the advice and plan endpoints' documented answer before a model exists
        if (status >= 500 && !(status == 503 && body.contains("\"title\":\"No model trained yet\""))) {
            defects.add("status " + status);
        }
        for (String leak : LEAKS) {
            if (body.contains(leak) && !echoedByTheRequest(req, leak)) {
                defects.add("body contains \"" + leak.strip() + "\"");
            }
        }
        boolean tooLarge = req.body() != null && req.body().length > bodyLimit;
        // a path the container refuses (encoded slash, ...) is answered 400 before the body is looked at
        if (tooLarge && status != 413 && !(status == 400 && !cleanPath(req))) {
            defects.add("a body of " + req.body().length + " bytes (limit " + bodyLimit + ") got " + status + ", not 413");
        }
        if (req.clean() && req.identity() == Identity.ANONYMOUS && status != 401) {
            defects.add("anonymous got " + status + ", not 401");
        }
        if (req.identity() == Identity.ANONYMOUS && status < 400) {
            defects.add("anonymous got " + status);
        }
        if (req.identity() == Identity.VIEWER && mutating(req.method(), pathTemplate)) {
            if (req.clean() && status != 403) {
                defects.add("VIEWER on a mutating operation got " + status + ", not 403");
            } else if (status < 400) {
                defects.add("VIEWER on a mutating operation got " + status);
            }
        }
        if (status >= 400) {
            defects.addAll(problem(status, contentType, body));
        }
        return defects;
    }

    private static boolean cleanPath(AbuseRequest req) {
        return req.what().isEmpty() || !(req.what().contains("raw path value") || req.what().contains("path value"));
    }

    /** An error body must be a small RFC 9457 problem. */
    static List<String> problem(int status, String contentType, String body) {
        List<String> defects = new ArrayList<>();
        if (body.length() > MAX_ERROR_BODY) {
            defects.add("error body of " + body.length() + " characters");
        }
        if (contentType == null || !contentType.startsWith("application/problem+json")) {
            defects.add("error content type " + contentType);
            return defects;
        }
        try {
            JsonNode p = JSON.readTree(body);
            for (String field : List.of("type", "title", "status", "detail")) {
                if (!p.hasNonNull(field)) {
                    defects.add("problem without " + field);
                }
            }
            if (p.path("status").asInt() != status) {
                defects.add("problem status " + p.path("status") + " on a " + status);
            }
        } catch (RuntimeException e) {
            defects.add("problem body is not JSON");
        }
        return defects;
    }

    /** A hostile string the request itself carried may come back in a field name or as the offending value. */
    private static boolean echoedByTheRequest(AbuseRequest req, String leak) {
        return req.pathAndQuery().contains(leak.replace(" ", "+")) || req.pathAndQuery().contains(leak)
                || req.body() != null && new String(req.body(), java.nio.charset.StandardCharsets.UTF_8).contains(leak);
    }
}
