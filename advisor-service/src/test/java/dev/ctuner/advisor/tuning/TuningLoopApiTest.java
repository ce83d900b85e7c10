package dev.ctuner.advisor.tuning;

import dev.ctuner.advisor.TestUsers;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
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

/** The tuning loop's REST API through security, MVC, the service and an H2 file database. */
@SpringBootTest
@AutoConfigureMockMvc
class TuningLoopApiTest {

    private static final String OPERATOR = "olga";
    private static final String VIEWER = "victor";
    private static final String PASSWORD = "correct horse";
    private static int clusters;

    @Autowired
    MockMvc mvc;
    @Autowired
    ClusterRegistry registry;

    private String cluster;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-loop-test");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
        TestUsers.users(registry, PASSWORD, OPERATOR, "OPERATOR", VIEWER, "VIEWER");
    }

    @BeforeEach
    void aClusterASidecarReported() {
        cluster = "loop" + (++clusters);
        registry.status(new ClusterId(cluster), new NodeId("n1"), Instant.now(),
                new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, "s1", "0.1.0", 1L, true, 0, 0, 0));
    }

    private ResultActions as(String user, MockHttpServletRequestBuilder request) throws Exception {
        return mvc.perform(request.with(httpBasic(user, PASSWORD)));
    }

    private static MockHttpServletRequestBuilder json(MockHttpServletRequestBuilder request, String body) {
        return request.contentType(MediaType.APPLICATION_JSON).content(body);
    }

    @Test
    void aReportedClusterHasARunningLoopWithTheManualPolicy() throws Exception {
        as(VIEWER, get("/api/v1/clusters/" + cluster + "/loop")).andExpect(status().isOk())
                .andExpect(jsonPath("$.state").value("RUNNING"))
                .andExpect(jsonPath("$.policy.mode").value("MANUAL"))
                .andExpect(jsonPath("$.policy.allowedTiers[0]").value("LIVE"))
                .andExpect(jsonPath("$.policy.minPredictedGain").value(0.05))
                .andExpect(jsonPath("$.lastDecisions", hasSize(0)))
                .andExpect(jsonPath("$.verifications", hasSize(0)))
                .andExpect(jsonPath("$.modelHealth.verifiedPredictions").value(0))
                .andExpect(jsonPath("$.audit[0].action").value("CREATED"));
    }

    @Test
    void anUnknownClusterIsA404Problem() throws Exception {
        as(VIEWER, get("/api/v1/clusters/nobody-reported-this/loop")).andExpect(status().isNotFound())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(containsString("nobody-reported-this")));
        as(OPERATOR, json(post("/api/v1/clusters/nobody-reported-this/loop/pause"), "{\"comment\":\"x\"}"))
                .andExpect(status().isNotFound());
    }

    @Test
    void pauseAndResumeAreAuditedAndAPauseOfAPausedLoopIsA409() throws Exception {
        String url = "/api/v1/clusters/" + cluster + "/loop";
        as(VIEWER, json(post(url + "/pause"), "{\"comment\":\"x\"}")).andExpect(status().isForbidden());
        as(OPERATOR, json(post(url + "/pause"), "{\"comment\":\"traffic peak\"}")).andExpect(status().isOk())
                .andExpect(jsonPath("$.state").value("PAUSED")).andExpect(jsonPath("$.pausedReason").value("traffic peak"));
        as(OPERATOR, json(post(url + "/pause"), "{\"comment\":\"again\"}")).andExpect(status().isConflict())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(containsString("already paused (by olga: traffic peak)")));
        as(OPERATOR, json(post(url + "/pause"), "{}")).andExpect(status().isBadRequest());
        as(OPERATOR, json(post(url + "/resume"), "{\"comment\":\"peak over\"}")).andExpect(status().isOk())
                .andExpect(jsonPath("$.state").value("RUNNING"))
                .andExpect(jsonPath("$.audit[0].action").value("RESUMED"))
                .andExpect(jsonPath("$.audit[0].actor").value(OPERATOR))
                .andExpect(jsonPath("$.audit[1].action").value("PAUSED"));
        as(OPERATOR, json(post(url + "/resume"), "{\"comment\":\"again\"}")).andExpect(status().isConflict())
                .andExpect(jsonPath("$.detail").value(containsString("is not paused")));
    }

    @Test
    void anOperatorSetsAnAutoPolicyWithAWindowAndItIsReadBack() throws Exception {
        String url = "/api/v1/clusters/" + cluster + "/loop";
        as(VIEWER, json(put(url + "/policy"), "{\"mode\":\"AUTO\",\"comment\":\"x\"}")).andExpect(status().isForbidden());
        as(OPERATOR, json(put(url + "/policy"), """
                {"mode":"AUTO","allowedTiers":["LIVE","RESTART"],"minPredictedGain":0.08,"minLowerBound":0.01,
                 "maxChangesPerDay":3,"maintenanceWindow":{"days":["SATURDAY","SUNDAY"],"start":"22:00","end":"04:00",
                 "zone":"Europe/Berlin"},"comment":"weekend nights"}""")).andExpect(status().isOk())
                .andExpect(jsonPath("$.policy.mode").value("AUTO"))
                .andExpect(jsonPath("$.policy.allowedTiers", hasSize(2)))
                .andExpect(jsonPath("$.policy.maintenanceWindow.zone").value("Europe/Berlin"))
                .andExpect(jsonPath("$.audit[0].detail").value(containsString("weekend nights")));
        as(VIEWER, get(url)).andExpect(jsonPath("$.policy.minPredictedGain").value(0.08))
                .andExpect(jsonPath("$.policy.maxChangesPerDay").value(3))
                .andExpect(jsonPath("$.policy.maintenanceWindow.days[0]").value("SATURDAY"));
    }

    @Test
    void aPolicyOutOfRangeIsA400NamingEveryLimitAndChangesNothing() throws Exception {
        String url = "/api/v1/clusters/" + cluster + "/loop";
        as(OPERATOR, json(put(url + "/policy"), """
                {"mode":"AUTO","allowedTiers":["BOOTSTRAP"],"minPredictedGain":2,"maxChangesPerDay":0,
                 "maintenanceWindow":{"days":["MONDAY"],"start":"25:00","end":"04:00"},"comment":"bad"}"""))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(containsString("BOOTSTRAP")))
                .andExpect(jsonPath("$.detail").value(containsString("minPredictedGain must be within [0, 1]")))
                .andExpect(jsonPath("$.detail").value(containsString("maxChangesPerDay must be within [1, 24], was 0")))
                .andExpect(jsonPath("$.detail").value(containsString("HH:mm")));
        as(OPERATOR, json(put(url + "/policy"), "{\"mode\":\"SOMETIMES\",\"comment\":\"bad\"}")).andExpect(status().isBadRequest());
        as(OPERATOR, json(put(url + "/policy"), "{\"mode\":\"AUTO\",\"comment\":\"bad\",\"maintenanceWindow\":"
                + "{\"days\":[\"MONDAY\"],\"start\":\"01:00\",\"end\":\"02:00\",\"zone\":\"Mars/Olympus\"}}"))
                .andExpect(status().isBadRequest()).andExpect(jsonPath("$.detail").value(containsString("Mars/Olympus")));
        as(VIEWER, get(url)).andExpect(jsonPath("$.policy.mode").value("MANUAL"))
                .andExpect(jsonPath("$.audit", hasSize(1)));
        as(VIEWER, get(url + "/decisions?limit=0")).andExpect(status().isBadRequest());
    }
}
