package dev.ctuner.advisor.abuse;

import dev.ctuner.advisor.abuse.OpenApiOperations.Operation;
import dev.ctuner.advisor.abuse.OpenApiOperations.Param;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Hostile requests for one operation of the OpenAPI document, drawn from a seeded random source so
 * a failing case is reproduced by its seed: path and query values (real ids, random strings, huge
 * strings, unicode, {@code ../}, negative and overflowing numbers), bodies of the schema's shape with
 * one or more mutations (wrong types, missing required fields, extra fields, nulls, huge strings and
 * arrays, deep nesting) or no JSON at all, wrong content types, and each of the three identities.
 *
 * <pre>{@code
 * AbuseRequest r = new AbuseRequests(ids, 64 * 1024).draw(op, new SplittableRandom(seed));
 * }</pre>
 */
final class AbuseRequests {

    enum Identity { OPERATOR, VIEWER, ANONYMOUS }

    /**
     * @param clean true when every path and query value is plain (letters, digits, {@code -_.}) and the body fits
     *              the limit, so that the security chain answers (401, 403) before anything looks at the values
     */
    record AbuseRequest(Identity identity, String method, String pathAndQuery, String contentType, String accept,
                        byte[] body, boolean clean, String what) {

        @Override
        public String toString() {
            return identity + " " + method + " " + abbreviate(pathAndQuery, 200) + " [" + contentType + ", "
                    + (body == null ? "no body" : body.length + " bytes") + "] " + what;
        }
    }

    /** Ids that exist in the advisor, so that some requests reach the services and not only the 404. */
    record KnownIds(List<String> recommendations, List<String> rollouts, List<String> clusters) {
    }

    static final List<String> HOSTILE_STRINGS = List.of("", " ", "\u0000", "\t\n", "../../etc/passwd", "'; DROP TABLE recommendation;--",
            "\" OR 1=1 --", "<script>alert(1)</script>", "${jndi:ldap://x/a}", "%s%s%n", "ßüñ 漢字 \uD83D\uDE00", "\u202Eevil",
            "\uFFFF", "NaN", "-1", "1e309", "null", "true", "P-1D", "2026-13-45T99:99:99Z", "\\u0000", "a".repeat(300),
            "concurrent_reads", "compaction.class", "SELECT * FROM recommendation");

    private static final List<String> CONTENT_TYPES = List.of("text/plain", "application/xml", "application/x-www-form-urlencoded",
            "multipart/form-data", "application/json; charset=UTF-16", "application/json;charset=x-nonsense", "garbage",
            "application/*", "application/problem+json", "text/html; charset=utf-8");

    private static final List<String> ACCEPTS = List.of("application/xml", "text/html", "image/png", "*/*", "application/json",
            "text/plain", "application/problem+json;q=0.1, text/csv");

    private final KnownIds ids;
    private final int bodyLimit;
    private final AbuseBodies bodies;

    AbuseRequests(KnownIds ids, int bodyLimit) {
        this.ids = ids;
        this.bodyLimit = bodyLimit;
        this.bodies = new AbuseBodies(ids, bodyLimit);
    }

    AbuseRequest draw(Operation op, SplittableRandom r) {
        Identity who = pick(r, 10) < 6 ? Identity.OPERATOR : pick(r, 2) == 0 ? Identity.VIEWER : Identity.ANONYMOUS;
        List<String> what = new ArrayList<>();
        boolean[] clean = {true};
        String path = op.path();
        for (Param p : op.pathParams()) {
            path = path.replace("{" + p.name() + "}", pathValue(p, r, clean, what));
        }
        String query = query(op, r, clean, what);
        String contentType = null;
        byte[] body = null;
        if (op.body() != null || pick(r, 8) == 0) {
            body = bodies.body(op, r, what);
            contentType = pick(r, 4) > 0 ? "application/json" : pick(r, 6) == 0 ? null : CONTENT_TYPES.get(pick(r, CONTENT_TYPES.size()));
            if (pick(r, 12) == 0) {
                body = null;
                what.add("no body");
            }
        }
        String accept = pick(r, 6) == 0 ? ACCEPTS.get(pick(r, ACCEPTS.size())) : null;
        boolean fits = body == null || body.length <= bodyLimit;
        return new AbuseRequest(who, op.method(), path + query, contentType, accept, body, clean[0] && fits, String.join("; ", what));
    }

    private String pathValue(Param p, SplittableRandom r, boolean[] clean, List<String> what) {
        boolean uuid = "uuid".equals(p.schema() == null ? null : p.schema().path("format").asString(""));
        List<String> known = uuid ? (pick(r, 2) == 0 ? ids.recommendations() : ids.rollouts()) : ids.clusters();
        switch (pick(r, 12)) {
            case 0, 1, 2, 3:
                return known.get(pick(r, known.size()));
            case 4:
                return UUID.randomUUID().toString();
            case 5:
                return pick(r, 2) == 0 ? "-1" : "99999999999999999999";
            case 6:
                return randomAlnum(r, 1 + pick(r, 40));
            default:
                clean[0] = false;
                String raw = switch (pick(r, 9)) {
                    case 0 -> "..";
                    case 1 -> "../../actuator/prometheus";
                    case 2 -> "%2e%2e%2f";
                    case 3 -> "a".repeat(3000 + pick(r, 3000));
                    case 4 -> "%00";
                    case 5 -> "a;jsessionid=x";
                    case 6 -> "%2F";
                    case 7 -> "%0d%0aSet-Cookie:%20x=1";
                    default -> null;
                };
                if (raw != null) {
                    what.add("raw path value " + abbreviate(raw, 40));
                    return raw;
                }
                String s = HOSTILE_STRINGS.get(pick(r, HOSTILE_STRINGS.size()));
                what.add("path value " + abbreviate(s, 40));
                return encode(s.isEmpty() ? " " : s).replace("+", "%20");
        }
    }

    private String query(Operation op, SplittableRandom r, boolean[] clean, List<String> what) {
        List<String> parts = new ArrayList<>();
        for (Param p : op.queryParams()) {
            if (pick(r, 2) == 0) {
                continue;
            }
            String type = p.schema() == null ? "string" : p.schema().path("type").asString("string");
            String v = switch (pick(r, 5)) {
                case 0 -> type.equals("integer") ? String.valueOf(r.nextInt(-5, 2000)) : type.equals("boolean") ? "true" : "x";
                case 1 -> pick(r, 2) == 0 ? "-1" : "99999999999999999999";
                case 2 -> randomAlnum(r, 1 + pick(r, 20));
                default -> {
                    clean[0] = false;
                    yield HOSTILE_STRINGS.get(pick(r, HOSTILE_STRINGS.size()));
                }
            };
            parts.add(encode(p.name()) + "=" + encode(v));
            if (pick(r, 8) == 0) {
                parts.add(encode(p.name()) + "=" + encode(randomAlnum(r, 3)));
                what.add("repeated " + p.name());
            }
        }
        if (pick(r, 6) == 0) {
            clean[0] = false;
            parts.add(encode("x".repeat(1 + pick(r, 10))) + "=" + encode("y".repeat(pick(r, 2) == 0 ? 5 : 4000)));
            what.add("unknown query parameter");
        }
        return parts.isEmpty() ? "" : "?" + String.join("&", parts);
    }

    static int pick(SplittableRandom r, int bound) {
        return bound <= 0 ? 0 : r.nextInt(bound);
    }

    static String randomAlnum(SplittableRandom r, int length) {
        String chars = "abcdefghijklmnopqrstuvwxyz0123456789-_";
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append(chars.charAt(r.nextInt(chars.length())));
        }
        return b.toString();
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "…(" + s.length() + " chars)";
    }
}
