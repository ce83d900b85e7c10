package dev.ctuner.advisor.abuse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.TestUsers;
import dev.ctuner.advisor.abuse.AbuseRequests.AbuseRequest;
import dev.ctuner.advisor.abuse.AbuseRequests.Identity;
import dev.ctuner.advisor.abuse.AbuseRequests.KnownIds;
import dev.ctuner.advisor.abuse.OpenApiOperations.Operation;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.ring.ReportedClusters;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import java.time.Instant;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Abuse of every REST input, through the real servlet container, security filters and error
 * handling: every operation of the advisor's own OpenAPI document gets seeded random hostile
 * requests ({@link AbuseRequests}) as OPERATOR, VIEWER and anonymous, and every answer is held to
 * {@link AbuseChecks}; bodies over the limit get 413; the store holds nothing the abuse created
 * except what a 2xx answer stands for, and no rollout was started. The UI's form actions refuse a
 * POST without a CSRF token and answer garbage fields with the page's error message.
 *
 * <p>Seeds are fixed and printed; {@code -Dctuner.abuse.seed=N -Dctuner.abuse.tries=N} replay or widen a run.
 */
class RestAbuseTest extends AbuseTestBase {

    List<Operation> operations() {
        // the first request of /v3/api-docs builds the document: slow on a busy machine
        HttpResponse<String> docs = advisor.send(advisor.api("GET", "/v3/api-docs", "victor", PASSWORD, null)
                .timeout(java.time.Duration.ofSeconds(120)).build());
        assertThat(docs.statusCode()).isEqualTo(200);
        List<Operation> ops = new ArrayList<>(OpenApiOperations.of(JSON.readTree(docs.body())));
        ops.sort(Comparator.comparing(Operation::toString));
        return ops;
    }

    @Test
    void everyOperationOfTheOpenApiDocumentAnswersHostileRequestsWithSmallProblemsAndChangesNothing() {
        List<Operation> ops = operations();
        assertThat(ops).as("operations in /v3/api-docs").hasSizeGreaterThan(20);
        Map<String, Long> before = counts();
        AbuseRequests requests = new AbuseRequests(ids, LIMIT);
        AbuseChecks checks = new AbuseChecks(LIMIT, READS_BY_POST);
        Map<String, String> defects = new LinkedHashMap<>();
        Map<Integer, Integer> statuses = new TreeMap<>();
        Map<String, Integer> created = new TreeMap<>();
        int sent = 0;
        int serverErrors = 0;
        long started = System.nanoTime();
        for (Operation op : ops) {
            long seed = SEED ^ op.toString().hashCode();
            System.out.printf("RestAbuseTest: %s seed %d, %d tries%n", op, seed, TRIES);
            SplittableRandom random = new SplittableRandom(seed);
            for (int i = 0; i < TRIES; i++) {
                AbuseRequest req = requests.draw(op, random);
                HttpResponse<String> res = advisor.send(build(req));
                sent++;
                int status = res.statusCode();
                statuses.merge(status, 1, Integer::sum);
                boolean noModel = status == 503 && res.body().contains("\"title\":\"No model trained yet\"");
                serverErrors += status >= 500 && !noModel ? 1 : 0;
                if (status / 100 == 2 && checks.mutating(op.method(), op.path())) {
                    created.merge(op.toString(), 1, Integer::sum);
                }
                for (String defect : checks.check(req, op.path(), status, res.headers().firstValue("Content-Type").orElse(null),
                        res.body())) {
                    defects.putIfAbsent(op + " | " + defect.replaceAll("\\d+", "N"), "try " + i + " of seed " + seed + ": " + req
                            + "\n      -> " + status + " " + AbuseRequests.abbreviate(res.body(), 400));
                }
            }
        }
        Map<String, Long> after = counts();
        System.out.printf("RestAbuseTest: %d operations, %d requests in %d ms, %d 5xx other than 503 No model trained yet, statuses %s, 2xx on mutating operations %s%n",
                ops.size(), sent, (System.nanoTime() - started) / 1_000_000, serverErrors, statuses, created);
        System.out.printf("RestAbuseTest: store before %s%nRestAbuseTest: store after  %s%n", before, after);
        defects.forEach((k, v) -> System.out.println("RestAbuseTest DEFECT " + k + "\n    " + v));
        assertThat(defects.keySet()).as("defects (details printed above)").isEmpty();
        assertThat(serverErrors).isZero();
        assertStoreChangedOnlyBy(before, after, created);
    }

    /**
     * Rows only where a 2xx answer of a mutating operation stands for them (at most a few per answer:
     * the row and its audit entries), and never a rollout: the one seeded recommendation that could
     * start one is already rolling out, and the other's cluster has no ring.
     */
    private static void assertStoreChangedOnlyBy(Map<String, Long> before, Map<String, Long> after, Map<String, Integer> created) {
        int accepted = created.values().stream().mapToInt(Integer::intValue).sum();
        assertThat(after.get("rollout")).as("rollouts").isEqualTo(before.get("rollout"));
        assertThat(after.get("rollout_node_step")).as("rollout steps").isEqualTo(before.get("rollout_node_step"));
        assertThat(after.get("recommendation") - before.get("recommendation")).as("recommendations")
                .isLessThanOrEqualTo(created.getOrDefault("POST /api/v1/recommendations", 0));
        for (String table : TABLES) {
            assertThat(after.get(table) - before.get(table)).as(table).isBetween(0L, 3L * accepted);
        }
    }

    private HttpRequest build(AbuseRequest req) {
        String user = switch (req.identity()) {
            case OPERATOR -> "olga";
            case VIEWER -> "victor";
            case ANONYMOUS -> null;
        };
        HttpRequest.Builder b = advisor.api(req.method(), req.pathAndQuery(), user, PASSWORD, req.body());
        if (req.contentType() != null) {
            b.header("Content-Type", req.contentType());
        }
        if (req.accept() != null) {
            b.header("Accept", req.accept());
        }
        return b.build();
    }

    @Test
    void aBodyOverTheLimitIsRefusedWith413WhateverItsFramingAndIdentity() {
        byte[] mebibyte = ("{\"comment\":\"" + "A".repeat(1024 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8);
        Map<String, Long> before = counts();
        List<String> defects = new ArrayList<>();
        for (Operation op : operations()) {
            if (op.method().equals("GET")) {
                continue;
            }
            for (Identity who : Identity.values()) {
                String user = who == Identity.OPERATOR ? "olga" : who == Identity.VIEWER ? "victor" : null;
                String path = op.path().replace("{id}", who == Identity.OPERATOR ? ids.recommendations().get(0) : "x");
                HttpRequest sized = advisor.api(op.method(), path, user, PASSWORD, mebibyte).header("Content-Type", "application/json").build();
                HttpRequest chunked = advisor.api(op.method(), path, user, PASSWORD, null).header("Content-Type", "application/json")
                        .method(op.method(), HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(mebibyte))).build();
                for (HttpRequest req : List.of(sized, chunked)) {
                    HttpResponse<String> res = advisor.send(req);
                    String framing = req == sized ? "Content-Length" : "chunked";
                    if (res.statusCode() != 413) {
                        defects.add(op + " as " + who + " (" + framing + "): " + res.statusCode() + " " + AbuseRequests.abbreviate(res.body(), 200));
                    }
                    AbuseChecks.problem(res.statusCode(), res.headers().firstValue("Content-Type").orElse(null), res.body())
                            .forEach(d -> defects.add(op + " as " + who + " (" + framing + "): " + d));
                }
            }
        }
        assertThat(defects).isEmpty();
        assertThat(counts()).isEqualTo(before);
    }

    @Test
    void aMethodAnOperationDoesNotHaveIsAProblem() {
        List<String> defects = new ArrayList<>();
        Map<String, Set<String>> declared = new TreeMap<>();
        for (Operation op : operations()) {
            declared.computeIfAbsent(op.path(), p -> new java.util.TreeSet<>()).add(op.method());
        }
        declared.forEach((path, methods) -> {
            String concrete = path.replace("{id}", ids.recommendations().get(0));
            for (String method : List.of("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")) {
                if (methods.contains(method)) {
                    continue;
                }
                HttpResponse<String> res = advisor.send(advisor.api(method, concrete, "olga", PASSWORD, null).build());
                if (res.statusCode() >= 500 || method.equals("OPTIONS") ? res.statusCode() >= 400 : res.statusCode() != 405) {
                    defects.add(method + " " + path + ": " + res.statusCode());
                }
                if (res.statusCode() >= 400) {
                    AbuseChecks.problem(res.statusCode(), res.headers().firstValue("Content-Type").orElse(null), res.body())
                            .forEach(d -> defects.add(method + " " + path + ": " + d));
                }
            }
        });
        assertThat(defects).isEmpty();
    }
}
