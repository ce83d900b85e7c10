package dev.ctuner.advisor.api;

import dev.ctuner.advisor.TestUsers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.ring.ReportedClusters;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import java.time.Instant;
import java.util.List;
import dev.ctuner.advisor.data.SyntheticCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * Training, advice and plans through security and MVC. The model is trained on a synthetic
 * experiment CSV (a made-up response surface, not Cassandra measurements) written to a temp dir.
 * Ordered: the first tests run before any model exists.
 */
@SpringBootTest
@AutoConfigureMockMvc
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdviceApiTest {

    private static final String OPERATOR = "olga";
    private static final String VIEWER = "victor";
    private static final String PASSWORD = "correct horse";

    static final String ADVICE = """
            {"clusterId": "prod",
             "workload": {"readProportion": 0.9, "updateProportion": 0.1},
             "physicalDesign": {"nodes": 1, "replicationFactor": 1},
             "objective": {"type": "MAX_THROUGHPUT"},
             "current": {"compaction.class": "SizeTieredCompactionStrategy", "concurrent_writes": "32"},
             "seed": 7}""";

    @Autowired
    MockMvc mvc;

    @Autowired
    ClusterRegistry registry;

    private static NodeStatus upWithoutTopology() {
        return new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, ReportedClusters.SCHEMA, "0.1.0", 1L, true, 0, 0, 0);
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-advice-test");
        Path csv = SyntheticCsv.write(dir.resolve("synthetic.csv"), 20, 11);
        TestUsers.database(registry, dir);
        TestUsers.users(registry, PASSWORD, OPERATOR, "OPERATOR", VIEWER, "VIEWER");
        registry.add("ctuner.advisor.learning.datasets[0]", () -> csv.toString());
        registry.add("ctuner.advisor.learning.datasets[1]", () -> dir.resolve("not-measured-yet.csv").toString());
        registry.add("ctuner.advisor.learning.train-at-startup", () -> "false");
        registry.add("ctuner.advisor.consistency.keyspaces.ledger", () -> "ALL");
        registry.add("ctuner.advisor.learning.search.population", () -> "20");
        registry.add("ctuner.advisor.learning.search.generations", () -> "25");
    }

    private ResultActions as(String user, MockHttpServletRequestBuilder request) throws Exception {
        return mvc.perform(request.with(httpBasic(user, PASSWORD)));
    }

    static MockHttpServletRequestBuilder postJson(String url, String json) {
        return post(url).contentType(MediaType.APPLICATION_JSON).content(json);
    }

    @Test
    @Order(1)
    void withoutCredentialsAdviceIsA401() throws Exception {
        mvc.perform(postJson("/api/v1/advice", ADVICE)).andExpect(status().isUnauthorized())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON));
    }

    @Test
    @Order(1)
    void theOpenApiDescriptionListsTheEndpoints() throws Exception {
        as(VIEWER, get("/v3/api-docs")).andExpect(status().isOk())
                .andExpect(jsonPath("$.paths['/api/v1/advice'].post.summary").value(containsString("Recommend")))
                .andExpect(jsonPath("$.paths['/api/v1/advice'].post.responses['503']").exists())
                .andExpect(jsonPath("$.paths['/api/v1/plans'].post.summary").value(containsString("Plan")))
                .andExpect(jsonPath("$.paths['/api/v1/models/train'].post").exists());
    }

    @Test
    @Order(2)
    void beforeTrainingAdviceIsA503ThatSaysHowToTrain() throws Exception {
        as(VIEWER, get("/api/v1/models/current")).andExpect(status().isOk())
                .andExpect(jsonPath("$.trained").value(false));
        as(VIEWER, postJson("/api/v1/advice", ADVICE))
                .andExpect(status().isServiceUnavailable())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(containsString("POST /api/v1/models/train")));
    }

    @Test
    @Order(3)
    void onlyAnOperatorTrainsAndTheModelKeepsItsProvenance() throws Exception {
        as(VIEWER, post("/api/v1/models/train")).andExpect(status().isForbidden());
        as(OPERATOR, post("/api/v1/models/train")).andExpect(status().isAccepted())
                .andExpect(jsonPath("$.outcome").value("RUNNING"))
                .andExpect(jsonPath("$.requestedBy").value(OPERATOR));
        String body = awaitTraining();
        assertThat((String) JsonPath.read(body, "$.lastAttempt.outcome")).isEqualTo("SUCCEEDED");
        assertThat((Boolean) JsonPath.read(body, "$.trained")).isTrue();
        assertThat((Integer) JsonPath.read(body, "$.model.samples")).isEqualTo(60);
        assertThat((String) JsonPath.read(body, "$.model.family")).isEqualTo("RANDOM_FOREST");
        assertThat((java.util.List<String>) JsonPath.read(body, "$.model.knobs"))
                .containsExactly("compaction.class", "concurrent_writes", "memtable_cleanup_threshold");
        // the file that does not exist yet is reported, not fatal
        assertThat((String) JsonPath.read(body, "$.model.files[1].status")).isEqualTo("MISSING");
        assertThat((String) JsonPath.read(body, "$.model.trainedAt")).isNotBlank();
    }

    private String awaitTraining() throws Exception {
        long deadline = System.nanoTime() + 180_000_000_000L;
        while (true) {
            String body = as(VIEWER, get("/api/v1/models/current")).andExpect(status().isOk())
                    .andReturn().getResponse().getContentAsString();
            if (!"RUNNING".equals(JsonPath.read(body, "$.lastAttempt.outcome"))) {
                return body;
            }
            assertThat(System.nanoTime()).as("training finished within 180 s").isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    @Test
    @Order(4)
    void aViewerGetsAdviceWithPredictionsChangesAndTiers() throws Exception {
        as(VIEWER, postJson("/api/v1/advice", ADVICE))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.clusterId").value("prod"))
                // the synthetic surface rewards leveled compaction for read-heavy mixes
                .andExpect(jsonPath("$.recommended['compaction.class']").value("LeveledCompactionStrategy"))
                .andExpect(jsonPath("$.changes[?(@.knob == 'compaction.class')].from").value(hasItem("SizeTieredCompactionStrategy")))
                .andExpect(jsonPath("$.changes[?(@.knob == 'compaction.class')].tier").value(hasItem("SCHEMA")))
                .andExpect(jsonPath("$.predicted.throughput.mean").value(greaterThan(0.0)))
                .andExpect(jsonPath("$.predicted.throughput.spread").value(greaterThanOrEqualTo(0.0)))
                .andExpect(jsonPath("$.predicted.p99ReadUs.unit").value("µs"))
                .andExpect(jsonPath("$.current.throughput.mean").value(greaterThan(0.0)))
                .andExpect(jsonPath("$.outsideData").isBoolean())
                .andExpect(jsonPath("$.reasons").isArray())
                .andExpect(jsonPath("$.evaluations").value(greaterThan(100)))
                .andExpect(jsonPath("$.elapsedMs").value(greaterThanOrEqualTo(0)))
                .andExpect(jsonPath("$.seed").value(7))
                .andExpect(jsonPath("$.model.samples").value(60));
    }

    @Test
    @Order(4)
    void recommendedThroughputBeatsTheCurrentOne() throws Exception {
        String body = as(VIEWER, postJson("/api/v1/advice", ADVICE)).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();
        double recommended = ((Number) JsonPath.read(body, "$.predicted.throughput.mean")).doubleValue();
        double current = ((Number) JsonPath.read(body, "$.current.throughput.mean")).doubleValue();
        assertThat(recommended).isGreaterThan(current);
    }

    @Test
    @Order(4)
    void badInputIsA400ThatNamesEveryViolation() throws Exception {
        String bad = """
                {"workload": {"readProportion": 0.7, "updateProportion": 0.2},
                 "physicalDesign": {"nodes": 1, "replicationFactor": 1},
                 "objective": {"type": "WEIGHTED"},
                 "current": {"no_such_knob": "1", "concurrent_writes": "1", "compaction.class": "Tiered"}}""";
        as(VIEWER, postJson("/api/v1/advice", bad))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.violations", hasSize(5)))
                .andExpect(jsonPath("$.violations[?(@.field == 'workload')].code").value(hasItem("SUM")))
                .andExpect(jsonPath("$.violations[?(@.field == 'objective.weights')].code").value(hasItem("MISSING")))
                .andExpect(jsonPath("$.violations[?(@.field == 'current.no_such_knob')].code").value(hasItem("UNKNOWN_KNOB")))
                .andExpect(jsonPath("$.violations[?(@.field == 'current.concurrent_writes')].code").value(hasItem("OUT_OF_RANGE")))
                .andExpect(jsonPath("$.violations[?(@.field == 'current.compaction.class')].code").value(hasItem("NOT_A_CHOICE")))
                .andExpect(jsonPath("$.detail").value(containsString("sum to 0.9000")));
    }

    @Test
    @Order(4)
    void aMalformedBodyIsA400WithTheFieldErrors() throws Exception {
        as(VIEWER, postJson("/api/v1/advice", "{\"workload\": {\"readProportion\": 1}, \"objective\": {}}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors").value(hasItem("physicalDesign must not be null")))
                .andExpect(jsonPath("$.errors").value(hasItem("objective.type must not be null")));
        as(VIEWER, postJson("/api/v1/advice", ADVICE.replace("MAX_THROUGHPUT", "FASTEST")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("Unreadable request body"));
    }

    static String readHeavyForecast(int steps) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < steps; i++) {
            out.append(i == 0 ? "" : ",").append("{\"readProportion\": 0.9, \"updateProportion\": 0.1, \"rate\": 30000}");
        }
        return "{\"stepSeconds\": 300, \"steps\": [" + out + "]}";
    }

    @Test
    @Order(5)
    void aPlanSwitchesToLeveledForALongReadPhaseWithBenefitAndLoss() throws Exception {
        String body = """
                {"forecast": %s, "physicalDesign": {"nodes": 3, "replicationFactor": 3},
                 "current": {"compaction.class": "SizeTieredCompactionStrategy"},
                 "candidates": [{"compaction.class": "LeveledCompactionStrategy"}],
                 "costs": {"restartSeconds": 14.8, "nodesDownPerRound": 1, "rounds": 3,
                           "rewriteFraction": 0.3, "rewriteSeconds": 600},
                 "minSpacingSeconds": 600}""".formatted(readHeavyForecast(40));
        String answer = as(VIEWER, postJson("/api/v1/plans", body))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.reconfigure").value(true))
                .andExpect(jsonPath("$.candidateSource").value("REQUEST"))
                .andExpect(jsonPath("$.candidates").value(2))
                .andExpect(jsonPath("$.changes", hasSize(1)))
                .andExpect(jsonPath("$.changes[0].step").value(0))
                .andExpect(jsonPath("$.changes[0].tiers[0]").value("SCHEMA"))
                .andExpect(jsonPath("$.changes[0].configuration['compaction.class']").value("LeveledCompactionStrategy"))
                .andExpect(jsonPath("$.changes[0].differences[0].from").value("SizeTieredCompactionStrategy"))
                .andExpect(jsonPath("$.cost.rounds").value(3))
                .andReturn().getResponse().getContentAsString();
        double benefit = ((Number) JsonPath.read(answer, "$.expectedBenefit")).doubleValue();
        double loss = ((Number) JsonPath.read(answer, "$.expectedLoss")).doubleValue();
        assertThat(loss).isPositive();
        assertThat(benefit).isGreaterThan(loss);
        // two steps of reads do not pay for a 600 s rewrite
        as(VIEWER, postJson("/api/v1/plans", body.replace(readHeavyForecast(40), readHeavyForecast(2))))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.reconfigure").value(false))
                .andExpect(jsonPath("$.changes", hasSize(0)));
    }

    static String ringPlan(int nodes, String cluster, String costs) {
        return """
                {"forecast": %s, "physicalDesign": {"nodes": %d, "replicationFactor": 3},
                 "current": {"compaction.class": "SizeTieredCompactionStrategy"},
                 "candidates": [{"compaction.class": "LeveledCompactionStrategy"}],
                 "costs": %s, "minSpacingSeconds": 600, "clusterId": %s}""".formatted(readHeavyForecast(40), nodes, costs,
                cluster == null ? "null" : "\"" + cluster + "\"");
    }

    @Test
    @Order(5)
    void withAClusterTheRestartRoundsAreTheSafetyPlannersOverItsReportedRing() throws Exception {
        registry.status(new ClusterId("unused"), new NodeId("x"), Instant.now(), upWithoutTopology());
        ReportedClusters.report(registry, new ClusterId("racks"), ReportedClusters.nodes(6, 1, 3), List.of(ReportedClusters.nts("shop", 3)));
        ReportedClusters.report(registry, new ClusterId("onerack"), ReportedClusters.nodes(3, 1), List.of(ReportedClusters.nts("shop", 3)));
        ReportedClusters.report(registry, new ClusterId("strict"), ReportedClusters.nodes(3, 1), List.of(ReportedClusters.nts("ledger", 3)));
        String costs = "{\"rewriteFraction\": 0.3, \"rewriteSeconds\": 600}";
        // three racks of two, RF 3 at LOCAL_QUORUM: a whole rack may be down at once, so 3 rounds of 2 nodes
        as(VIEWER, postJson("/api/v1/plans", ringPlan(6, "racks", costs)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.cost.rounds").value(3))
                .andExpect(jsonPath("$.cost.nodesDownPerRound").value(2))
                .andExpect(jsonPath("$.roundsFrom").value(containsString("safety planner over the ring the sidecars of racks report")));
        // one rack of three: one node at a time
        as(VIEWER, postJson("/api/v1/plans", ringPlan(3, "onerack", costs)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.cost.rounds").value(3))
                .andExpect(jsonPath("$.cost.nodesDownPerRound").value(1));
        // ALL allows no replica down: no safe rolling restart, said as a 422 with the reasons
        as(VIEWER, postJson("/api/v1/plans", ringPlan(3, "strict", costs)))
                .andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.reasons").isNotEmpty());
        // a cluster no sidecar reported, or one whose reports are incomplete
        as(VIEWER, postJson("/api/v1/plans", ringPlan(3, "nowhere", costs)))
                .andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.title").value("Unknown cluster"));
        as(VIEWER, postJson("/api/v1/plans", ringPlan(3, "unused", costs)))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.reasons[0]").value(containsString("reports no topology")));
        // a typed ring is refused, saying where the ring comes from now
        as(VIEWER, postJson("/api/v1/plans", ringPlan(3, null, costs).replace("\"clusterId\": null", "\"ring\": {\"nodes\": []}")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value(containsString("the ring now comes from the sidecars")));
        // the ring and the request must agree, and rounds come from one place only
        as(VIEWER, postJson("/api/v1/plans", ringPlan(4, "onerack", costs)))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value("ring has 3 nodes but physicalDesign.nodes is 4"));
        as(VIEWER, postJson("/api/v1/plans", ringPlan(3, "onerack", "{\"rounds\": 2}")))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value(containsString("not both")));
        // without a ring the answer says where its rounds came from
        as(VIEWER, postJson("/api/v1/plans", ringPlan(3, null, "{\"rounds\": 4}")))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.cost.rounds").value(4))
                .andExpect(jsonPath("$.roundsFrom").value("request"));
    }

    @Test
    @Order(5)
    void withoutCandidatesThePlanUsesTheSurrogatesOptima() throws Exception {
        String body = """
                {"forecast": {"stepSeconds": 300, "steps": [
                   {"readProportion": 0.1, "updateProportion": 0.9, "rate": 30000},
                   {"readProportion": 0.9, "updateProportion": 0.1, "rate": 30000}]},
                 "physicalDesign": {"nodes": 1, "replicationFactor": 1}, "seed": 3}""";
        String answer = as(VIEWER, postJson("/api/v1/plans", body))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.candidateSource").value("SURROGATE_OPTIMA"))
                .andExpect(jsonPath("$.candidates").value(greaterThan(1)))
                .andExpect(jsonPath("$.model.family").value("RANDOM_FOREST"))
                .andReturn().getResponse().getContentAsString();
        assertThat(((Number) JsonPath.read(answer, "$.stayOperations")).doubleValue()).isPositive();
    }

    @Test
    @Order(5)
    void aBadPlanRequestIsA400ThatNamesEveryViolation() throws Exception {
        String body = """
                {"forecast": {"stepSeconds": 300, "steps": [{"readProportion": 0.5, "rate": 1000}]},
                 "physicalDesign": {"nodes": 3, "replicationFactor": 3},
                 "candidates": [{"concurrent_writez": "64"}],
                 "costs": {"nodesDownPerRound": 1, "rounds": 2}}""";
        as(VIEWER, postJson("/api/v1/plans", body))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.violations", hasSize(3)))
                .andExpect(jsonPath("$.violations[?(@.field == 'forecast.steps[0]')].code").value(hasItem("SUM")))
                .andExpect(jsonPath("$.violations[?(@.field == 'candidates[0].concurrent_writez')].code")
                        .value(hasItem("UNKNOWN_KNOB")))
                .andExpect(jsonPath("$.violations[?(@.field == 'rounds')].allowed").value(hasItem("≥ 3")));
        as(VIEWER, postJson("/api/v1/plans", "{\"physicalDesign\": {\"nodes\": 1, \"replicationFactor\": 1}}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors").value(hasItem("forecast must not be null")));
    }
}
