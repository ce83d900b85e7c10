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
}
