package dev.ctuner.advisor.api;

import static dev.ctuner.advisor.store.ObservationSamples.sample;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.ctuner.advisor.store.ObservationStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/** The observation endpoints through security, MVC, the service and an H2 file database in a temp dir. */
@SpringBootTest
@AutoConfigureMockMvc
class ObservationApiTest {

    private static final String VIEWER = "victor";
    private static final String PASSWORD = "correct horse";
    /** Recent enough for the retention, aligned to a minute so the 30 s series steps are predictable. */
    private static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(1, ChronoUnit.HOURS);

    @Autowired
    MockMvc mvc;
    @Autowired
    ObservationStore store;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-observation-api-test");
        String hash = new BCryptPasswordEncoder(4).encode(PASSWORD);
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        registry.add("ctuner.advisor.learning.train-at-startup", () -> "false");
        registry.add("spring.datasource.url", () -> "jdbc:h2:file:" + dir.resolve("advisor").toAbsolutePath());
        registry.add("ctuner.advisor.security.initial-admin-password-file", () -> dir.resolve("pw").toString());
        registry.add("ctuner.advisor.security.users[0].name", () -> VIEWER);
        registry.add("ctuner.advisor.security.users[0].password-hash", () -> hash);
        registry.add("ctuner.advisor.security.users[0].roles", () -> "VIEWER");
    }

    @BeforeEach
    void samples() {
        if (store.knows(new dev.ctuner.common.protocol.ClusterId("prod"))) {
            return;
        }
        store.record(sample("prod", "n1", T0, 900, 100, 1000.0, 300.0, Map.of("concurrent_reads", "32", "concurrent_writes", "32")));
        store.record(sample("prod", "n2", T0.plusSeconds(2), 100, 900, 4000.0, 200.0,
                Map.of("concurrent_reads", "64", "concurrent_writes", "32")));
        store.record(sample("prod", "n1", T0.plusSeconds(30), 300, 300, 800.0, 100.0,
                Map.of("concurrent_reads", "32", "concurrent_writes", "32")));
    }

    private ResultActions viewer(MockHttpServletRequestBuilder request) throws Exception {
        return mvc.perform(request.with(httpBasic(VIEWER, PASSWORD)));
    }

    private static String range() {
        return "from=" + T0.minusSeconds(60) + "&to=" + T0.plusSeconds(600);
    }

    @Test
    void aViewerReadsTheSamplesNewestFirstByNodeAndLimited() throws Exception {
        viewer(get("/api/v1/clusters/prod/observations?" + range()))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.observations", hasSize(3)))
                .andExpect(jsonPath("$.observations[0].nodeId").value("n1"))
                .andExpect(jsonPath("$.observations[0].windowStart").value(T0.plusSeconds(30).toString()))
                .andExpect(jsonPath("$.observations[0].operations.reads").value(300))
                .andExpect(jsonPath("$.observations[0].performance.coordinatorRead.p99").value(800.0))
                .andExpect(jsonPath("$.observations[0].keyReuse.meanKrd").value(40.0))
                .andExpect(jsonPath("$.observations[0].configuration.values.concurrent_reads").value("32"));
        viewer(get("/api/v1/clusters/prod/observations?node=n2&" + range()))
                .andExpect(jsonPath("$.observations", hasSize(1)))
                .andExpect(jsonPath("$.observations[0].nodeId").value("n2"));
        viewer(get("/api/v1/clusters/prod/observations?limit=1&" + range()))
                .andExpect(jsonPath("$.observations", hasSize(1)))
                .andExpect(jsonPath("$.limit").value(1));
    }

    @Test
    void theSeriesHasOneWindowPerStepOverTheNodes() throws Exception {
        viewer(get("/api/v1/clusters/prod/series?" + range()))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.stepSeconds").value(30))
                .andExpect(jsonPath("$.aggregation").value(containsString("worst node")))
                .andExpect(jsonPath("$.windows", hasSize(2)))
                .andExpect(jsonPath("$.windows[0].start").value(T0.toString()))
                .andExpect(jsonPath("$.windows[0].nodes", hasSize(2)))
                .andExpect(jsonPath("$.windows[0].readRatio").value(closeTo(0.5, 1e-9)))
                .andExpect(jsonPath("$.windows[0].opsPerSecond").value(closeTo(2000 / 30.0, 1e-9)))
                .andExpect(jsonPath("$.windows[0].p99ReadMicros").value(4000.0))
                .andExpect(jsonPath("$.windows[0].mix.READ").value(closeTo(0.5, 1e-9)))
                .andExpect(jsonPath("$.windows[0].uniformConfiguration").value(false))
                .andExpect(jsonPath("$.windows[1].nodes", hasSize(1)));
        viewer(get("/api/v1/clusters/prod/series?step=1m&" + range()))
                .andExpect(jsonPath("$.stepSeconds").value(60))
                .andExpect(jsonPath("$.windows", hasSize(1)));
    }

    @Test
    void driftShowsTheKnobThatDiffersWithEachNodesValue() throws Exception {
        viewer(get("/api/v1/clusters/prod/drift"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.drift").value(true))
                .andExpect(jsonPath("$.nodes", hasSize(2)))
                .andExpect(jsonPath("$.drifted", hasSize(1)))
                .andExpect(jsonPath("$.drifted[0].knob").value("concurrent_reads"))
                .andExpect(jsonPath("$.drifted[0].values.n1").value("32"))
                .andExpect(jsonPath("$.drifted[0].values.n2").value("64"))
                .andExpect(jsonPath("$.unreported.n1", hasSize(org.hamcrest.Matchers.greaterThan(0))));
    }

    @Test
    void anUnknownClusterIsA404Problem() throws Exception {
        for (String path : new String[] {"observations", "series", "drift"}) {
            viewer(get("/api/v1/clusters/nowhere/" + path))
                    .andExpect(status().isNotFound())
                    .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                    .andExpect(jsonPath("$.detail").value(containsString("nowhere")));
        }
    }

    @Test
    void badParametersAreA400ProblemNamingTheParameter() throws Exception {
        String base = "/api/v1/clusters/prod/";
        expectBad(base + "observations?limit=0", "limit");
        expectBad(base + "observations?limit=1001", "limit");
        expectBad(base + "observations?limit=many", "limit");
        expectBad(base + "observations?from=yesterday", "from");
        expectBad(base + "observations?to=2026-13-01T00:00:00Z", "to");
        expectBad(base + "observations?from=" + T0 + "&to=" + T0.minusSeconds(1), "from");
        expectBad(base + "series?step=1500ms", "step");
        expectBad(base + "series?step=0s", "step");
        expectBad(base + "series?step=1s&from=2020-01-01T00:00:00Z&to=2021-01-01T00:00:00Z", "from");
        // unknown cluster with bad parameters: the parameters are reported first
        expectBad("/api/v1/clusters/nowhere/observations?limit=0", "limit");
    }

    private void expectBad(String url, String field) throws Exception {
        viewer(get(url))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.violations[0].field").value(field))
                .andExpect(jsonPath("$.detail").value(containsString(field)));
    }

    @Test
    void withoutCredentialsNothingIsShown() throws Exception {
        mvc.perform(get("/api/v1/clusters/prod/observations")).andExpect(status().isUnauthorized());
    }
}
