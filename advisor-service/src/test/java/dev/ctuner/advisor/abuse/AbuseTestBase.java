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
 * One advisor for the abuse tests (Kafka off, users olga OPERATOR and victor VIEWER, an H2 file
 * database), seeded once over REST: a cluster whose sidecars report a ring with a rollout running on
 * it, and a waiting recommendation of a cluster whose ring never assembles, so that no request can
 * start another rollout. Subclasses share the context (same properties).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class AbuseTestBase {


    static final String PASSWORD = "pw";
    static final long SEED = Long.getLong("ctuner.abuse.seed", 20261207L);
    static final int TRIES = Integer.getInteger("ctuner.abuse.tries", 40);
    static final int LIMIT = 64 * 1024;
    /** POSTs that only compute (SecurityConfiguration.READS_BY_POST): VIEWER may call them. */
    static final Set<String> READS_BY_POST = Set.of("/api/v1/advice", "/api/v1/plans");
    static final List<String> TABLES = List.of("recommendation", "recommendation_audit", "rollout", "rollout_audit",
            "rollout_node_step", "tuning_loop", "tuning_loop_audit", "command_result", "observation");

    static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;
    @Autowired
    ClusterRegistry registry;
    @Autowired
    JdbcTemplate jdbc;

    Advisor advisor;
    static KnownIds ids;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, Files.createTempDirectory("advisor-abuse"));
        TestUsers.users(registry, PASSWORD, "olga", "OPERATOR", "victor", "VIEWER");
        // a training run asked for by the abuse finds no data and ends at once, instead of taking the CPU for a minute
        registry.add("ctuner.advisor.learning.datasets", () -> "/nonexistent/abuse-training.csv");
    }

    @BeforeEach
    void seed() {
        advisor = new Advisor(port);
        if (ids != null) {
            return;
        }
        ClusterId ringed = new ClusterId("abuse-ring");
        ReportedClusters.report(registry, ringed, ReportedClusters.nodes(3, 4, 2), List.of(ReportedClusters.nts("shop", 3)));
        String rolledOut = submit(ringed.value());
        assertThat(call("POST", "/api/v1/recommendations/" + rolledOut + "/approve", "{\"comment\":\"seed\"}").statusCode()).isEqualTo(200);
        HttpResponse<String> started = call("POST", "/api/v1/recommendations/" + rolledOut + "/rollouts",
                "{\"canaryFirst\":true,\"comment\":\"seed\"}");
        assertThat(started.statusCode()).as(started.body()).isEqualTo(201);
        String rollout = JSON.readTree(started.body()).path("id").asString();
        // heard of, but its sidecars report no topology: its ring never assembles, so nothing can start a rollout there
        registry.status(new ClusterId("abuse-no-ring"), new NodeId("n1"), Instant.now(),
                new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, "schema-1", "0.1.0", 3600L, true, 0, 0, 0));
        String waiting = submit("abuse-no-ring");
        // a cluster's tuning loop is created by its first read: read both now, so that the counts below see no lazy creation
        for (String cluster : List.of(ringed.value(), "abuse-no-ring")) {
            assertThat(advisor.send(advisor.api("GET", "/api/v1/clusters/" + cluster + "/loop", "olga", PASSWORD, null).build())
                    .statusCode()).isEqualTo(200);
        }
        ids = new KnownIds(List.of(waiting, rolledOut), List.of(rollout), List.of(ringed.value(), "abuse-no-ring", "abuse-unknown"));
    }

    private String submit(String cluster) {
        HttpResponse<String> r = call("POST", "/api/v1/recommendations", "{\"clusterId\":\"" + cluster
                + "\",\"settings\":{\"concurrent_reads\":\"64\"},\"comment\":\"seed\"}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        return JSON.readTree(r.body()).path("id").asString();
    }

    private HttpResponse<String> call(String method, String path, String json) {
        return advisor.send(advisor.api(method, path, "olga", PASSWORD, json.getBytes(StandardCharsets.UTF_8))
                .header("Content-Type", "application/json").build());
    }

    Map<String, Long> counts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String table : TABLES) {
            counts.put(table, jdbc.queryForObject("select count(*) from " + table, Long.class));
        }
        return counts;
    }

}
