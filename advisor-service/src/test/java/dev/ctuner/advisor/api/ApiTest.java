package dev.ctuner.advisor.api;

import dev.ctuner.advisor.TestUsers;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.ring.ReportedClusters;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/** The REST API end to end through security, MVC, services and an H2 file database in a temp dir. */
@SpringBootTest
@AutoConfigureMockMvc
class ApiTest {

    private static final String OPERATOR = "olga";
    private static final String VIEWER = "victor";
    private static final String STRICT_OPERATOR = "sam";   // may change the cluster "strict" only
    private static final String PASSWORD = "correct horse";

    @Autowired
    MockMvc mvc;

    @Autowired
    ClusterRegistry registry;

    /** The sidecars of "prod" (keyspace shop, RF 3, default LOCAL_QUORUM) and "strict" (ledger, RF 3, read at ALL). */
    @BeforeEach
    void sidecarsReport() {
        List<ReportedClusters.Node> nodes = ReportedClusters.nodes(3, 16);
        ReportedClusters.report(registry, new ClusterId("prod"), nodes, List.of(ReportedClusters.nts("shop", 3)));
        ReportedClusters.report(registry, new ClusterId("strict"), nodes, List.of(ReportedClusters.nts("ledger", 3)));
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-api-test");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
        TestUsers.users(registry, PASSWORD, OPERATOR, "OPERATOR", VIEWER, "VIEWER");
        TestUsers.limited(registry, 2, STRICT_OPERATOR, "OPERATOR", PASSWORD, "strict");
        registry.add("ctuner.advisor.vetting.max-tier", () -> "SCHEMA");
        registry.add("ctuner.advisor.consistency.keyspaces.ledger", () -> "ALL");
    }

    private ResultActions as(String user, MockHttpServletRequestBuilder request) throws Exception {
        return mvc.perform(request.with(httpBasic(user, PASSWORD)));
    }

    private static MockHttpServletRequestBuilder postJson(String url, String json) {
        return post(url).contentType(MediaType.APPLICATION_JSON).content(json);
    }

    private String submit(String settings) throws Exception {
        return submit("prod", settings);
    }

    private String submit(String cluster, String settings) throws Exception {
        String body = as(OPERATOR, postJson("/api/v1/recommendations",
                "{\"clusterId\":\"" + cluster + "\",\"settings\":" + settings + ",\"comment\":\"try it\"}"))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString();
        return JsonPath.read(body, "$.id");
    }

    /** The ring comes from the sidecars: a rollout request says only how to roll out. */
    private static final String START = "{\"canaryFirst\":true,\"comment\":\"go\"}";

    @Test
    void withoutCredentialsTheAnswerIsA401Problem() throws Exception {
        mvc.perform(get("/api/v1/recommendations"))
                .andExpect(status().isUnauthorized())
                .andExpect(header().string("WWW-Authenticate", startsWith("Basic")))
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.status").value(401))
                .andExpect(jsonPath("$.instance").value("/api/v1/recommendations"));
        mvc.perform(get("/api/v1/recommendations").with(httpBasic(OPERATOR, "wrong"))).andExpect(status().isUnauthorized());
    }

    @Test
    void aViewerReadsButMayNotChangeAnything() throws Exception {
        as(VIEWER, get("/api/v1/recommendations")).andExpect(status().isOk());
        as(VIEWER, postJson("/api/v1/recommendations", "{\"clusterId\":\"prod\",\"settings\":{\"concurrent_reads\":\"64\"},\"comment\":\"x\"}"))
                .andExpect(status().isForbidden())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(containsString("OPERATOR")));
        String id = submit("{\"concurrent_reads\":\"64\"}");
        as(VIEWER, postJson("/api/v1/recommendations/" + id + "/approve", "{\"comment\":\"ok\"}")).andExpect(status().isForbidden());
        as(VIEWER, get("/api/v1/recommendations/" + id)).andExpect(status().isOk());
    }

    @Test
    void anOperatorOfOneClusterReadsEverythingButChangesOnlyThatCluster() throws Exception {
        String decision = "{\"comment\":\"not mine\"}";
        String prod = submit("{\"concurrent_reads\":\"64\"}");
        as(STRICT_OPERATOR, get("/api/v1/recommendations/" + prod)).andExpect(status().isOk());
        as(STRICT_OPERATOR, postJson("/api/v1/recommendations/" + prod + "/approve", decision))
                .andExpect(status().isForbidden()).andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value("your account may change only the clusters strict, not prod"));
        as(STRICT_OPERATOR, postJson("/api/v1/recommendations/" + prod + "/reject", decision)).andExpect(status().isForbidden());
        as(STRICT_OPERATOR, postJson("/api/v1/recommendations",
                "{\"clusterId\":\"prod\",\"settings\":{\"concurrent_reads\":\"48\"},\"comment\":\"x\"}")).andExpect(status().isForbidden());
        as(VIEWER, get("/api/v1/recommendations/" + prod)).andExpect(jsonPath("$.state").value("VETTED"));

        as(OPERATOR, postJson("/api/v1/recommendations/" + prod + "/approve", "{\"comment\":\"ok\"}")).andExpect(status().isOk());
        as(STRICT_OPERATOR, postJson("/api/v1/recommendations/" + prod + "/rollouts", START)).andExpect(status().isForbidden());
        String rollout = JsonPath.read(as(OPERATOR, postJson("/api/v1/recommendations/" + prod + "/rollouts", START))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString(), "$.id");
        for (String action : List.of("pause", "abort", "rollback")) {
            as(STRICT_OPERATOR, postJson("/api/v1/rollouts/" + rollout + "/" + action, decision)).andExpect(status().isForbidden());
        }
        as(VIEWER, get("/api/v1/rollouts/" + rollout)).andExpect(jsonPath("$.state").value("RUNNING"));
        as(STRICT_OPERATOR, postJson("/api/v1/clusters/prod/loop/pause", decision)).andExpect(status().isForbidden());
        as(STRICT_OPERATOR, post("/api/v1/models/train")).andExpect(status().isForbidden())
                .andExpect(jsonPath("$.detail").value(containsString("concerns every cluster")));

        String strict = JsonPath.read(as(STRICT_OPERATOR, postJson("/api/v1/recommendations",
                "{\"clusterId\":\"strict\",\"settings\":{\"concurrent_reads\":\"64\"},\"comment\":\"mine\"}"))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString(), "$.id");
        as(STRICT_OPERATOR, postJson("/api/v1/recommendations/" + strict + "/approve", "{\"comment\":\"mine\"}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.state").value("APPROVED"));
        as(STRICT_OPERATOR, postJson("/api/v1/clusters/strict/loop/pause", "{\"comment\":\"mine\"}")).andExpect(status().isOk());
        as(OPERATOR, postJson("/api/v1/rollouts/" + rollout + "/abort", "{\"comment\":\"done\"}")).andExpect(status().isOk());
    }

    @Test
    void submitApproveRolloutPauseResumeAbort() throws Exception {
        String id = submit("{\"concurrent_reads\":\"64\",\"compaction_throughput\":\"128MiB/s\"}");
        as(VIEWER, get("/api/v1/recommendations/" + id))
                .andExpect(jsonPath("$.state").value("VETTED"))
                .andExpect(jsonPath("$.costTier").value("LIVE"))
                .andExpect(jsonPath("$.settings.compaction_throughput").value("128MiB/s"))
                .andExpect(jsonPath("$.audit", hasSize(2)))
                .andExpect(jsonPath("$.audit[0].actor").value(OPERATOR))
                .andExpect(jsonPath("$.audit[1].actor").value("vetting"))
                .andExpect(jsonPath("$.allowedMoves", hasSize(3)));
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/approve", "{\"comment\":\"fits the window\"}"))
                .andExpect(status().isOk()).andExpect(jsonPath("$.state").value("APPROVED"))
                .andExpect(jsonPath("$.audit[2].reason").value("fits the window"));

        String rollout = as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/rollouts", START))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.state").value("RUNNING"))
                .andExpect(jsonPath("$.totalRounds").value(3))
                .andExpect(jsonPath("$.rounds[0].nodes", hasSize(1)))
                .andExpect(jsonPath("$.rounds[0].nodes[0].canary").value(true))
                .andExpect(jsonPath("$.rounds[2].nodes[0].status").value("PENDING"))
                .andReturn().getResponse().getContentAsString();
        String rolloutId = JsonPath.read(rollout, "$.id");
        as(VIEWER, get("/api/v1/recommendations/" + id)).andExpect(jsonPath("$.state").value("ROLLING_OUT"));

        as(OPERATOR, postJson("/api/v1/rollouts/" + rolloutId + "/pause", "{\"comment\":\"traffic peak\"}"))
                .andExpect(jsonPath("$.state").value("PAUSED"));
        as(OPERATOR, postJson("/api/v1/rollouts/" + rolloutId + "/resume", "{\"comment\":\"peak over\"}"))
                .andExpect(jsonPath("$.state").value("RUNNING"));
        as(OPERATOR, postJson("/api/v1/rollouts/" + rolloutId + "/abort", "{\"comment\":\"changed plans\"}"))
                .andExpect(jsonPath("$.state").value("ABORTED"))
                .andExpect(jsonPath("$.rounds[1].nodes[0].status").value("SKIPPED"))
                .andExpect(jsonPath("$.audit", hasSize(4)));
        as(VIEWER, get("/api/v1/recommendations/" + id)).andExpect(jsonPath("$.state").value("FAILED"));
        as(VIEWER, get("/api/v1/rollouts/" + rolloutId)).andExpect(jsonPath("$.allowedMoves", hasSize(1)))
                .andExpect(jsonPath("$.allowedMoves[0]").value("ROLLING_BACK"));
    }

    @Test
    void aRollbackIsRequestedByAnOperatorWithACommentAndRefusedAsProblemsOtherwise() throws Exception {
        String id = submit("{\"concurrent_reads\":\"48\"}");
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/approve", "{\"comment\":\"ok\"}")).andExpect(status().isOk());
        String rolloutId = JsonPath.read(as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/rollouts", START))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString(), "$.id");

        as(OPERATOR, postJson("/api/v1/rollouts/" + rolloutId + "/rollback", "{\"comment\":\"undo\"}"))
                .andExpect(status().isConflict())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.currentState").value("RUNNING"))
                .andExpect(jsonPath("$.requestedState").value("ROLLING_BACK"))
                .andExpect(jsonPath("$.allowedMoves", hasSize(4)))
                .andExpect(jsonPath("$.detail").value(containsString("allowed from RUNNING")));
        as(OPERATOR, postJson("/api/v1/rollouts/" + rolloutId + "/pause", "{\"comment\":\"wait\"}")).andExpect(status().isOk());
        as(OPERATOR, postJson("/api/v1/rollouts/" + rolloutId + "/rollback", "{}"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(containsString("comment must not be blank")));
        as(OPERATOR, postJson("/api/v1/rollouts/" + rolloutId + "/rollback", "")).andExpect(status().isBadRequest());
        as(VIEWER, postJson("/api/v1/rollouts/" + rolloutId + "/rollback", "{\"comment\":\"undo\"}")).andExpect(status().isForbidden());
        as(OPERATOR, postJson("/api/v1/rollouts/00000000-0000-0000-0000-000000000000/rollback", "{\"comment\":\"undo\"}"))
                .andExpect(status().isNotFound())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON));

        as(OPERATOR, postJson("/api/v1/rollouts/" + rolloutId + "/rollback", "{\"comment\":\"p99 worse\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.state").value("ROLLING_BACK"))
                .andExpect(jsonPath("$.rounds[0].nodes[0].status").value("SKIPPED"))
                .andExpect(jsonPath("$.audit[2].actor").value(OPERATOR))
                .andExpect(jsonPath("$.audit[2].reason").value(containsString("p99 worse")));
        as(VIEWER, get("/api/v1/recommendations/" + id)).andExpect(jsonPath("$.state").value("ROLLING_BACK"));
        as(OPERATOR, postJson("/api/v1/rollouts/" + rolloutId + "/rollback", "{\"comment\":\"again\"}"))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.currentState").value("ROLLING_BACK"))
                .andExpect(jsonPath("$.allowedMoves", hasSize(2)));
    }

    @Test
    void everyCatalogViolationIsA400Problem() throws Exception {
        as(OPERATOR, postJson("/api/v1/recommendations",
                "{\"clusterId\":\"prod\",\"settings\":{\"concurrent_reads\":\"100000\",\"no_such_knob\":\"1\"},\"comment\":\"x\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.title").value("Invalid settings"))
                .andExpect(jsonPath("$.violations", hasSize(2)))
                .andExpect(jsonPath("$.detail").value(containsString("no_such_knob")));
    }

    @Test
    void tableOptionsWithoutTablesAreA400ProblemAndWithTablesAreStored() throws Exception {
        as(OPERATOR, postJson("/api/v1/recommendations",
                "{\"clusterId\":\"prod\",\"settings\":{\"compaction.class\":\"LeveledCompactionStrategy\"},\"comment\":\"x\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.title").value("Invalid settings"))
                .andExpect(jsonPath("$.detail").value(containsString("keyspace.table")));
        as(OPERATOR, postJson("/api/v1/recommendations", "{\"clusterId\":\"prod\",\"settings\":{\"compaction.class\":"
                + "\"LeveledCompactionStrategy\"},\"comment\":\"x\",\"tables\":[\"shop.orders\"]}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.costTier").value("SCHEMA"))
                .andExpect(jsonPath("$.tables[0]").value("shop.orders"));
    }

    @Test
    void aChangeCostlierThanTheOperatorsTierIsRejectedByVettingWithTheReason() throws Exception {
        String id = submit("{\"native_transport_max_threads\":\"256\"}");
        as(VIEWER, get("/api/v1/recommendations/" + id))
                .andExpect(jsonPath("$.state").value("REJECTED"))
                .andExpect(jsonPath("$.audit[1].reason").value(containsString("applied by RESTART but the operator accepts at most SCHEMA")));
    }

    @Test
    void malformedInputIsA400ProblemWithASpecificMessage() throws Exception {
        as(OPERATOR, postJson("/api/v1/recommendations", "{\"clusterId\":\" \",\"settings\":{}}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors", hasSize(3)))
                .andExpect(jsonPath("$.detail").value(containsString("comment must not be blank")));
        as(OPERATOR, postJson("/api/v1/recommendations", "{not json"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("Unreadable request body"));
        as(VIEWER, get("/api/v1/recommendations/not-a-uuid")).andExpect(status().isBadRequest())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON));
        as(VIEWER, get("/api/v1/recommendations?state=NOPE")).andExpect(status().isBadRequest());
    }

    @Test
    void unknownIdsAre404Problems() throws Exception {
        as(VIEWER, get("/api/v1/recommendations/00000000-0000-0000-0000-000000000000"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.detail").value("no recommendation with id 00000000-0000-0000-0000-000000000000"));
        as(VIEWER, get("/api/v1/rollouts/00000000-0000-0000-0000-000000000000")).andExpect(status().isNotFound());
        as(OPERATOR, postJson("/api/v1/recommendations/00000000-0000-0000-0000-000000000000/approve", "{\"comment\":\"x\"}"))
                .andExpect(status().isNotFound());
    }

    @Test
    void illegalMovesAre409ProblemsNamingTheStateAndTheAllowedMoves() throws Exception {
        String id = submit("{\"concurrent_reads\":\"64\"}");
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/rollouts", START))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.currentState").value("VETTED"))
                .andExpect(jsonPath("$.requestedState").value("ROLLING_OUT"));
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/reject", "{\"comment\":\"not now\"}")).andExpect(status().isOk());
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/approve", "{\"comment\":\"after all\"}"))
                .andExpect(status().isConflict())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.currentState").value("REJECTED"))
                .andExpect(jsonPath("$.allowedMoves", hasSize(0)))
                .andExpect(jsonPath("$.detail").value(containsString("none (final state)")));
    }

    @Test
    void aLiveChangeTakesNoReplicaDownSoRfEqualToClNeedsNoAggressiveFlag() throws Exception {
        String id = submit("strict", "{\"concurrent_reads\":\"64\"}");
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/approve", "{\"comment\":\"ok\"}")).andExpect(status().isOk());
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/rollouts", START))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.aggressive").value(false))
                .andExpect(jsonPath("$.method").value("NODE_BY_NODE"))
                .andExpect(jsonPath("$.totalRounds").value(3))
                .andExpect(jsonPath("$.rounds[0].nodes[0].canary").value(true))
                .andExpect(jsonPath("$.rounds[1].nodes", hasSize(1)));
    }

    @Test
    void aRolloutRequestThatStillTypesARingIsA400SayingWhereTheRingComesFrom() throws Exception {
        String id = submit("{\"concurrent_reads\":\"60\"}");
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/approve", "{\"comment\":\"ok\"}")).andExpect(status().isOk());
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/rollouts",
                "{\"nodes\":[{\"id\":\"n1\",\"dc\":\"dc1\",\"rack\":\"r1\"}],\"comment\":\"go\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(containsString("the ring now comes from the sidecars")));
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/rollouts", "{\"keyspaces\":[],\"comment\":\"go\"}"))
                .andExpect(status().isBadRequest());
        as(VIEWER, get("/api/v1/recommendations/" + id)).andExpect(jsonPath("$.state").value("APPROVED"));
    }

    @Test
    void anIncompleteRingIsA409ListingEveryReasonAndChangesNothing() throws Exception {
        List<ReportedClusters.Node> nodes = ReportedClusters.nodes(3, 16);
        ReportedClusters.report(registry, new ClusterId("partial"), nodes, nodes.subList(0, 2),
                List.of(ReportedClusters.nts("shop", 3)), Instant.now());
        String id = submit("partial", "{\"concurrent_reads\":\"56\"}");
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/approve", "{\"comment\":\"ok\"}")).andExpect(status().isOk());
        as(OPERATOR, postJson("/api/v1/recommendations/" + id + "/rollouts", START))
                .andExpect(status().isConflict())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.clusterId").value("partial"))
                .andExpect(jsonPath("$.reasons", hasSize(1)))
                .andExpect(jsonPath("$.reasons[0]").value(containsString("seen by n1, n2, has no sidecar report")));
        as(VIEWER, get("/api/v1/recommendations/" + id)).andExpect(jsonPath("$.state").value("APPROVED"));
        as(VIEWER, get("/api/v1/clusters/partial/ring"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.assembled").value(false))
                .andExpect(jsonPath("$.reasons[0]").value(containsString("has no sidecar report")));
    }

    @Test
    void theAssembledRingIsShownWithTokenCountsAndLevels() throws Exception {
        as(VIEWER, get("/api/v1/clusters/prod/ring"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.assembled").value(true))
                .andExpect(jsonPath("$.nodes", hasSize(3)))
                .andExpect(jsonPath("$.nodes[0].nodeId").value("n1"))
                .andExpect(jsonPath("$.nodes[0].tokens").value(16))
                .andExpect(jsonPath("$.nodes[0].dc").value("dc1"))
                .andExpect(jsonPath("$.keyspaces[0].name").value("shop"))
                .andExpect(jsonPath("$.keyspaces[0].replication.dc1").value(3))
                .andExpect(jsonPath("$.keyspaces[0].consistency").value("LOCAL_QUORUM"))
                .andExpect(jsonPath("$.keyspaces[0].ranges").value(48))
                .andExpect(jsonPath("$.nodes[0].tokenList").doesNotExist());
        as(VIEWER, get("/api/v1/clusters/prod/ring?withTokens=true"))
                .andExpect(jsonPath("$.nodes[1].tokenList", hasSize(16)))
                .andExpect(jsonPath("$.nodes[1].tokenList[0]").value(ReportedClusters.nodes(3, 16).get(1).tokens().get(0)));
        as(VIEWER, get("/api/v1/clusters/nowhere/ring")).andExpect(status().isNotFound())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON));
    }

    @Test
    void aRecommendationForAClusterNoSidecarReportedIsA422AndNothingIsStored() throws Exception {
        as(OPERATOR, postJson("/api/v1/recommendations",
                "{\"clusterId\":\"nowhere\",\"settings\":{\"concurrent_reads\":\"64\"},\"comment\":\"x\"}"))
                .andExpect(status().isUnprocessableContent())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.title").value("Unknown cluster"))
                .andExpect(jsonPath("$.detail").value(containsString("no sidecar has reported cluster 'nowhere'")));
        as(VIEWER, get("/api/v1/recommendations?clusterId=nowhere")).andExpect(status().isOk())
                .andExpect(jsonPath("$", hasSize(0)));
    }

    @Test
    void theOpenApiDescriptionIsServedToViewers() throws Exception {
        as(VIEWER, get("/v3/api-docs")).andExpect(status().isOk())
                .andExpect(jsonPath("$.openapi").exists())
                .andExpect(jsonPath("$.paths['/api/v1/recommendations/{id}/approve']").exists());
        mvc.perform(get("/v3/api-docs")).andExpect(status().isUnauthorized());
    }
}
