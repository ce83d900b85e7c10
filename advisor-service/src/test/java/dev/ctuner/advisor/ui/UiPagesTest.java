package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.TestUsers;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestBuilders.formLogin;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.security.test.web.servlet.response.SecurityMockMvcResultMatchers.authenticated;
import static org.springframework.security.test.web.servlet.response.SecurityMockMvcResultMatchers.unauthenticated;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.recommendation.Submission;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.tuning.TuningLoopService;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.protocol.ClusterId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

/** The operator UI through security, MVC, the templates, the services and an H2 file database. */
@SpringBootTest
@AutoConfigureMockMvc
@Import(UiFixtures.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class UiPagesTest {

    private static final String PASSWORD = "correct horse";
    private static final RequestPostProcessor OPERATOR = user("olga").roles("OPERATOR", "VIEWER");
    private static final RequestPostProcessor VIEWER = user("victor").roles("VIEWER");

    @Autowired
    MockMvc mvc;
    @Autowired
    UiFixtures fixtures;
    @Autowired
    RecommendationService recommendations;
    @Autowired
    TuningLoopService loops;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        registry.add("ctuner.advisor.learning.datasets[0]", () -> "docs/data/training.csv");   // relative: not found from here
        Path dir = Files.createTempDirectory("advisor-ui-test");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
        TestUsers.users(registry, PASSWORD, "olga", "OPERATOR", "victor", "VIEWER");
    }

    @Test
    @Order(1)
    void beforeAnySidecarReportsTheClusterPageSaysHowToStartOne() throws Exception {
        mvc.perform(get("/ui/clusters").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("No cluster has reported yet")))
                .andExpect(content().string(containsString("--ctuner.sidecar.cluster-id=")));
        mvc.perform(get("/ui/recommendations").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("No recommendation yet")));
    }

    @Test
    void everyPageButSignInNeedsASessionAndTheApiKeepsHttpBasic() throws Exception {
        mvc.perform(get("/ui/clusters")).andExpect(status().is3xxRedirection())
                .andExpect(header().string("Location", containsString("/ui/login")));
        mvc.perform(get("/")).andExpect(status().is3xxRedirection());
        // a deep link is remembered for after signing in; a live fragment's poll is not
        MockHttpSession session = new MockHttpSession();
        mvc.perform(get("/ui/recommendations").session(session)).andExpect(status().is3xxRedirection());
        mvc.perform(get("/ui/clusters/prod/live").session(session)).andExpect(status().is3xxRedirection());
        mvc.perform(post("/ui/login").session(session).with(csrf()).param("username", "victor").param("password", PASSWORD))
                .andExpect(redirectedUrl("http://localhost/ui/recommendations?continue"));
        mvc.perform(get("/ui/login")).andExpect(status().isOk())
                .andExpect(content().string(containsString("name=\"_csrf\"")))
                .andExpect(header().string("Content-Security-Policy", containsString("script-src 'self'")));
        mvc.perform(get("/ui/assets/ui.css")).andExpect(status().isOk());
        mvc.perform(formLogin("/ui/login").user("olga").password(PASSWORD)).andExpect(authenticated().withUsername("olga"))
                .andExpect(redirectedUrl("/ui/clusters"));
        mvc.perform(formLogin("/ui/login").user("olga").password("wrong")).andExpect(unauthenticated())
                .andExpect(redirectedUrl("/ui/login?error"));
        // a sign-in without the form's CSRF token is refused
        mvc.perform(post("/ui/login").param("username", "olga").param("password", PASSWORD)).andExpect(status().isForbidden())
                .andExpect(unauthenticated());
        // the API is unchanged: stateless Basic, problem details
        mvc.perform(get("/api/v1/recommendations")).andExpect(status().isUnauthorized())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON));
        mvc.perform(get("/api/v1/recommendations").with(httpBasic("victor", PASSWORD))).andExpect(status().isOk());
        mvc.perform(post("/api/v1/recommendations/" + UUID.randomUUID() + "/approve").with(httpBasic("olga", PASSWORD))
                .contentType(MediaType.APPLICATION_JSON).content("{\"comment\":\"x\"}")).andExpect(status().isNotFound())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON));
    }

    @Test
    void aViewerSeesTheClusterWithNodesChartsDriftAndLoopButNoAction() throws Exception {
        String cluster = fixtures.clusterWithDrift("seen");
        mvc.perform(get("/ui/clusters").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("href=\"/ui/clusters/" + cluster + "\"")))
                .andExpect(content().string(containsString("n2")));
        mvc.perform(get("/ui/clusters/" + cluster).with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("<polyline")))
                .andExpect(content().string(containsString("concurrent_reads")))       // drifted: 32 on n1, 64 on n2
                .andExpect(content().string(containsString("RUNNING")))
                .andExpect(content().string(containsString("UP_NORMAL")))
                .andExpect(content().string(not(containsString("Pause the loop"))));
        mvc.perform(get("/ui/clusters/" + cluster + "/live").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("data-live")))
                .andExpect(content().string(not(containsString("<html"))));
        mvc.perform(get("/ui/clusters/" + cluster).with(OPERATOR))
                .andExpect(content().string(containsString("/ui/act/clusters/" + cluster + "/loop/pause")));
    }

    @Test
    void anOperatorPausesTheLoopThroughAConfirmationWithARequiredComment() throws Exception {
        String cluster = fixtures.clusterWithDrift("pause");
        String url = "/ui/act/clusters/" + cluster + "/loop/pause";
        mvc.perform(get(url).with(OPERATOR)).andExpect(status().isOk())
                .andExpect(content().string(containsString("What will happen")))
                .andExpect(content().string(containsString("stops proposing and approving")));
        mvc.perform(post(url).with(OPERATOR).param("comment", "no token")).andExpect(status().isForbidden())
                .andExpect(content().string(containsString("This form is out of date")));
        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("comment", "  ")).andExpect(status().isBadRequest())
                .andExpect(content().string(containsString("A comment is required")));
        assertThat(loops.get(new ClusterId(cluster)).paused()).isFalse();
        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("comment", "traffic peak"))
                .andExpect(redirectedUrl("/ui/clusters/" + cluster)).andExpect(flash().attribute("flash", "The tuning loop is paused."));
        assertThat(loops.get(new ClusterId(cluster)).pausedReason()).contains("traffic peak");
        mvc.perform(get("/ui/clusters/" + cluster).with(VIEWER)).andExpect(content().string(containsString("PAUSED")))
                .andExpect(content().string(containsString("traffic peak")));
        mvc.perform(get(url).with(OPERATOR)).andExpect(content().string(containsString("The loop is already paused.")));
        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("comment", "again")).andExpect(status().isConflict())
                .andExpect(content().string(containsString("already paused (by olga: traffic peak)")));
    }

    @Test
    void aViewerIsRefusedEveryActionWithAReadable403AndNothingChanges() throws Exception {
        String cluster = fixtures.clusterWithDrift("refused");
        Recommendation r = fixtures.submitted(cluster);
        for (String url : new String[] {"/ui/act/clusters/" + cluster + "/loop/pause", "/ui/act/recommendations/" + r.id() + "/approve"}) {
            mvc.perform(get(url).with(VIEWER)).andExpect(status().isForbidden())
                    .andExpect(content().string(containsString("needs the OPERATOR role; you are signed in as victor")));
            mvc.perform(post(url).with(VIEWER).with(csrf()).param("comment", "let me")).andExpect(status().isForbidden());
        }
        assertThat(loops.get(new ClusterId(cluster)).paused()).isFalse();
        assertThat(recommendations.get(r.id()).state()).isEqualTo(RecommendationState.VETTED);
        mvc.perform(get("/ui/recommendations/" + r.id()).with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(not(containsString("Approve…"))));
    }

    @Test
    void recommendationsAreFilteredAndOneShowsItsGainAndIsApprovedWithItsAuditTrail() throws Exception {
        String cluster = fixtures.clusterWithDrift("recs");
        // a model's RESTART proposal without race evidence is REJECTED by vetting; its page still shows the prediction and why
        Recommendation proposed = recommendations.propose(new ClusterId(cluster), Map.of("memtable_heap_space", "1024MiB"),
                Configuration.EMPTY, new GainEstimate(0.08, 0.03, 0.13), "reads grew to 80 %", "tuning-loop");
        assertThat(proposed.state()).isEqualTo(RecommendationState.REJECTED);
        Recommendation submitted = fixtures.submitted(cluster);
        mvc.perform(get("/ui/recommendations").param("cluster", cluster).param("state", "VETTED").with(VIEWER))
                .andExpect(content().string(containsString(submitted.id().toString())))
                .andExpect(content().string(not(containsString(proposed.id().toString()))));
        mvc.perform(get("/ui/recommendations").param("cluster", cluster).param("state", "REJECTED").with(VIEWER))
                .andExpect(content().string(containsString(proposed.id().toString())))
                .andExpect(content().string(not(containsString(submitted.id().toString()))));
        mvc.perform(get("/ui/recommendations").param("state", "SOMETIMES").with(VIEWER)).andExpect(status().isBadRequest())
                .andExpect(content().string(containsString("&#39;SOMETIMES&#39; is not a valid state")));
        mvc.perform(get("/ui/recommendations/" + proposed.id()).with(OPERATOR)).andExpect(status().isOk())
                .andExpect(content().string(containsString("+8.0 % (between +3.0 % and +13.0 %)")))
                .andExpect(content().string(containsString("reads grew to 80 %")))
                .andExpect(content().string(containsString("must first win a race")))
                .andExpect(content().string(containsString("href=\"/ui/model\" data-model-link")))   // where the prediction came from
                .andExpect(content().string(not(containsString("Approve…"))));
        String page = "/ui/recommendations/" + submitted.id();
        mvc.perform(get(page).with(OPERATOR)).andExpect(status().isOk())
                .andExpect(content().string(containsString("No prediction")))
                .andExpect(content().string(containsString("Approve…")));
        mvc.perform(post("/ui/act/recommendations/" + submitted.id() + "/approve").with(OPERATOR).with(csrf())
                .param("comment", "fits the window")).andExpect(redirectedUrl(page));
        mvc.perform(get(page).with(VIEWER)).andExpect(content().string(containsString("APPROVED")))
                .andExpect(content().string(containsString("fits the window")))
                .andExpect(content().string(containsString("Not rolled out")));
        mvc.perform(post("/ui/act/recommendations/" + submitted.id() + "/approve").with(OPERATOR).with(csrf())
                .param("comment", "twice")).andExpect(status().isConflict())
                .andExpect(content().string(containsString("cannot move from APPROVED to APPROVED")));
    }

    @Test
    void unknownObjectsAndPagesAreReadablePagesNotStackTracesOrJson() throws Exception {
        UUID nobody = UUID.randomUUID();
        mvc.perform(get("/ui/recommendations/" + nobody).with(VIEWER)).andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith(MediaType.TEXT_HTML))
                .andExpect(content().string(containsString("No recommendation with id " + nobody)));
        mvc.perform(get("/ui/rollouts/not-a-uuid").with(VIEWER)).andExpect(status().isBadRequest())
                .andExpect(content().string(containsString("is not a valid id")));
        mvc.perform(get("/ui/clusters/nobody-reported-this").with(VIEWER)).andExpect(status().isNotFound())
                .andExpect(content().string(containsString("nobody-reported-this")));
        mvc.perform(get("/ui/no-such-page").with(VIEWER)).andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith(MediaType.TEXT_HTML))
                .andExpect(content().string(containsString("There is no page at this address")));
        mvc.perform(get("/ui/act/rollouts/" + nobody + "/explode").with(OPERATOR)).andExpect(status().isNotFound());
    }

    @Test
    void aRolloutShowsItsRoundsAndTheRollbackConfirmationSaysWhatWillHappen() throws Exception {
        String cluster = fixtures.clusterWithDrift("roll");
        Recommendation r = fixtures.submitted(cluster);
        recommendations.approve(r.id(), "olga", "go");
        String rollout = fixtures.startRollout(mvc, r.id(), PASSWORD);
        String page = "/ui/rollouts/" + rollout;
        mvc.perform(get(page).with(OPERATOR)).andExpect(status().isOk())
                .andExpect(content().string(containsString("Round 1")))
                .andExpect(content().string(containsString("canary")))
                .andExpect(content().string(containsString("PENDING")))
                .andExpect(content().string(containsString("Pause…")))
                .andExpect(content().string(not(containsString("Roll back…"))));
        mvc.perform(get("/ui/recommendations/" + r.id()).with(VIEWER)).andExpect(content().string(containsString(page)));
        mvc.perform(get("/ui/act/rollouts/" + rollout + "/rollback").with(OPERATOR))
                .andExpect(content().string(containsString("Not possible while the rollout is RUNNING. Pause it first.")));
        mvc.perform(post("/ui/act/rollouts/" + rollout + "/pause").with(OPERATOR).with(csrf()).param("comment", "look first"))
                .andExpect(redirectedUrl(page));
        mvc.perform(get("/ui/act/rollouts/" + rollout + "/rollback").with(OPERATOR)).andExpect(status().isOk())
                .andExpect(content().string(containsString("Rolls back every node this rollout changed, one at a time")));
        mvc.perform(get(page + "/live").with(VIEWER)).andExpect(content().string(containsString("PAUSED")))
                .andExpect(content().string(not(containsString("Roll back…"))));
    }

    @Test
    void withoutATrainedModelTheModelPageSaysSoAndHowOneIsTrained() throws Exception {
        mvc.perform(get("/ui/model")).andExpect(status().is3xxRedirection())
                .andExpect(header().string("Location", containsString("/ui/login")));
        mvc.perform(get("/ui/model").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("data-model-state=\"none\"")))
                .andExpect(content().string(containsString("No model trained yet")))
                .andExpect(content().string(containsString("POST /api/v1/models/train")))
                // the configured file, resolved against the working directory, is not there
                .andExpect(content().string(containsString("docs/data/training.csv")))
                .andExpect(content().string(containsString("no such file")))
                // no campaign data is made up: the advisor runs none yet
                .andExpect(content().string(containsString("does not run measurement campaigns itself yet")))
                .andExpect(content().string(containsString("href=\"/ui/model\"")))     // in the navigation
                .andExpect(content().string(not(containsString("data-live"))));          // nothing in progress, no polling
    }

    @Test
    void theAuditLogListsEveryKindNewestFirstWithDeepLinksAndMarksTheAdvisorsOwnSteps() throws Exception {
        mvc.perform(get("/ui/audit")).andExpect(status().is3xxRedirection())
                .andExpect(header().string("Location", containsString("/ui/login")));
        String cluster = fixtures.clusterWithDrift("audit");
        Recommendation r = fixtures.submitted(cluster);                  // olga, then vetting (automatic)
        recommendations.approve(r.id(), "olga", "fits the window");
        String rollout = fixtures.startRollout(mvc, r.id(), PASSWORD);
        loops.pause(new ClusterId(cluster), "olga", "traffic peak, back at 18:00");
        String page = mvc.perform(get("/ui/audit").param("cluster", cluster).with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("href=\"/ui/recommendations/" + r.id() + "\"")))
                .andExpect(content().string(containsString("href=\"/ui/rollouts/" + rollout + "\"")))
                .andExpect(content().string(containsString("href=\"/ui/clusters/" + cluster + "#loop-h\"")))
                .andExpect(content().string(containsString("traffic peak, back at 18:00")))
                .andExpect(content().string(containsString("VETTED → APPROVED")))
                .andExpect(content().string(containsString("vetting</span> <span class=\"badge auto\">automatic")))
                .andExpect(content().string(containsString(" UTC\">")))            // times with UTC on hover
                .andReturn().getResponse().getContentAsString();
        // newest first: the loop's pause before the rollout's start before the approval
        assertThat(page.indexOf("traffic peak")).isLessThan(page.indexOf("/ui/rollouts/" + rollout));
        assertThat(page.indexOf("/ui/rollouts/" + rollout)).isLessThan(page.indexOf("fits the window"));

        mvc.perform(get("/ui/audit").param("cluster", cluster).param("by", "AUTOMATIC").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("vetting")))
                .andExpect(content().string(not(containsString("fits the window"))));
        mvc.perform(get("/ui/audit").param("cluster", cluster).param("kind", "ROLLOUT").param("actor", "olga").with(VIEWER))
                .andExpect(content().string(containsString("/ui/rollouts/" + rollout)))
                .andExpect(content().string(not(containsString("fits the window"))))
                .andExpect(content().string(not(containsString("traffic peak"))));
        mvc.perform(get("/ui/audit").param("cluster", cluster).param("q", "TRAFFIC PEAK").with(VIEWER))
                .andExpect(content().string(containsString("traffic peak")))
                .andExpect(content().string(not(containsString("fits the window"))));
        // a time range in the operator's time zone: everything happened before tomorrow in Tokyo, nothing after it
        String tomorrow = java.time.LocalDate.now(java.time.ZoneId.of("Asia/Tokyo")).plusDays(1) + "T00:00";
        mvc.perform(get("/ui/audit").param("cluster", cluster).param("to", tomorrow).param("tz", "Asia/Tokyo").with(VIEWER))
                .andExpect(content().string(containsString("traffic peak")));
        mvc.perform(get("/ui/audit").param("cluster", cluster).param("from", tomorrow).param("tz", "Asia/Tokyo").with(VIEWER))
                .andExpect(status().isOk()).andExpect(content().string(containsString("No audit record matches these filters")));
    }

    @Test
    void badAuditFiltersBringTheFormBackWithEveryErrorAndNoRecords() throws Exception {
        mvc.perform(get("/ui/audit").param("from", "yesterday").param("kind", "BANANAS").param("q", "kept as typed").with(VIEWER))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.TEXT_HTML))
                .andExpect(content().string(containsString("These filters cannot be applied")))
                .andExpect(content().string(containsString("from &#39;yesterday&#39; is not a time")))
                .andExpect(content().string(containsString("kind must be one of [RECOMMENDATION, ROLLOUT, TUNING_LOOP]")))
                .andExpect(content().string(containsString("value=\"kept as typed\"")))
                .andExpect(content().string(containsString("aria-describedby=\"err-from\"")))
                .andExpect(content().string(not(containsString("data-audit>"))));
        mvc.perform(get("/ui/audit").param("from", "2026-03-02T10:00").param("to", "2026-03-02T09:00").with(VIEWER))
                .andExpect(status().isBadRequest()).andExpect(content().string(containsString("must be before to")));
        mvc.perform(get("/ui/audit").param("before", "page-two").param("tz", "Mars/Olympus").with(VIEWER))
                .andExpect(status().isBadRequest())
                .andExpect(content().string(containsString("is not a page position of the audit log")))
                .andExpect(content().string(containsString("is not a time zone id")));
    }

    @Test
    void theAuditApiHasTheSameFiltersPagesWithNextAndAnswersBadFiltersWithAProblem() throws Exception {
        String cluster = fixtures.clusterWithDrift("auditapi");
        Recommendation r = fixtures.submitted(cluster);
        recommendations.approve(r.id(), "olga", "ok");
        mvc.perform(get("/api/v1/audit").param("cluster", cluster)).andExpect(status().isUnauthorized());
        String first = mvc.perform(get("/api/v1/audit").param("cluster", cluster).param("kind", "RECOMMENDATION").param("limit", "2")
                        .with(httpBasic("victor", PASSWORD)))
                .andExpect(status().isOk())
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath("$.entries.length()").value(2))
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath("$.entries[0].action").value("APPROVED"))
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath("$.entries[0].actor").value("olga"))
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath("$.entries[1].automatic").value(true))
                .andReturn().getResponse().getContentAsString();
        String next = com.jayway.jsonpath.JsonPath.read(first, "$.next");
        mvc.perform(get("/api/v1/audit").param("cluster", cluster).param("kind", "RECOMMENDATION").param("limit", "2").param("before", next)
                        .with(httpBasic("victor", PASSWORD)))
                .andExpect(status().isOk())
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath("$.entries[0].action").value("PROPOSED"));
        mvc.perform(get("/api/v1/audit").param("limit", "0").param("by", "ROBOTS").with(httpBasic("victor", PASSWORD)))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath("$.violations[*].field")
                        .value(org.hamcrest.Matchers.containsInAnyOrder("limit", "by")));
        mvc.perform(get("/v3/api-docs").with(httpBasic("victor", PASSWORD)))
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath("$.paths['/api/v1/audit'].get.summary")
                        .value(containsString("audit log")));
    }
}
