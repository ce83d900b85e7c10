package dev.ctuner.advisor.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.ctuner.advisor.TestUsers;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.common.catalog.ApplyMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

/** The rollouts list ({@code /ui/rollouts}) through security, MVC, the template and an H2 file database of its own. */
@SpringBootTest
@AutoConfigureMockMvc
@Import(UiFixtures.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RolloutListPageTest {

    private static final RequestPostProcessor VIEWER = user("victor").roles("VIEWER");

    @Autowired
    MockMvc mvc;
    @Autowired
    UiFixtures fixtures;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-ui-rollouts");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
        TestUsers.users(registry, "correct horse", "victor", "VIEWER");
    }

    @Test
    @Order(1)
    void withNoRolloutTheListSaysHowOneStarts() throws Exception {
        mvc.perform(get("/ui/rollouts").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("No rollout yet")))
                .andExpect(content().string(containsString("Start the rollout…")))
                .andExpect(content().string(not(containsString("data-rollouts"))));
    }

    @Test
    @Order(2)
    void rolloutsAreListedNewestFirstFilteredByClusterAndStateEachLinkingToItsPage() throws Exception {
        Recommendation east = stored("east", Map.of("concurrent_reads", "64"));
        Recommendation west = stored("west", Map.of("compaction_throughput", "128MiB/s"));
        Rollout oldest = fixtures.storedRollout(east, RolloutState.SUCCEEDED, 3600);
        Rollout middle = fixtures.storedRollout(west, RolloutState.ROLLED_BACK, 1800);
        Rollout newest = fixtures.storedRollout(east, RolloutState.PAUSED, 60);

        String all = mvc.perform(get("/ui/rollouts").with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("<a href=\"/ui/rollouts\" aria-current=\"page\" class=\"current\">Rollouts</a>")))
                .andReturn().getResponse().getContentAsString();
        assertThat(all).contains("concurrent_reads=64", "compaction_throughput=128MiB/s", "round 2 of 2", "LIVE",
                "href=\"/ui/recommendations/" + east.id() + "\"", "href=\"/ui/clusters/west\"");
        assertThat(all.indexOf("/ui/rollouts/" + newest.id())).isPositive()
                .isLessThan(all.indexOf("/ui/rollouts/" + middle.id()));
        assertThat(all.indexOf("/ui/rollouts/" + middle.id())).isLessThan(all.indexOf("/ui/rollouts/" + oldest.id()));

        String eastOnly = mvc.perform(get("/ui/rollouts").param("cluster", " east ").with(VIEWER)).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();
        assertThat(eastOnly).contains("/ui/rollouts/" + newest.id(), "/ui/rollouts/" + oldest.id(), "Clear")
                .doesNotContain("/ui/rollouts/" + middle.id());
        String paused = mvc.perform(get("/ui/rollouts").param("cluster", "east").param("state", "PAUSED").with(VIEWER))
                .andReturn().getResponse().getContentAsString();
        assertThat(paused).contains("/ui/rollouts/" + newest.id(), "<option value=\"PAUSED\" selected=\"selected\">")
                .doesNotContain("/ui/rollouts/" + oldest.id());
        assertThat(paused).contains("data-live-url=\"/ui/rollouts/live?cluster=east&amp;state=PAUSED\"");
        // the table refreshes itself from its fragment, with the same filters
        String live = mvc.perform(get("/ui/rollouts/live").param("cluster", "east").param("state", "PAUSED").with(VIEWER))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(live).contains("data-live", "/ui/rollouts/" + newest.id()).doesNotContain("<html", "/ui/rollouts/" + oldest.id());
        mvc.perform(get("/ui/rollouts/live").with(VIEWER)).andExpect(content().string(containsString("/ui/rollouts/" + middle.id())));
        mvc.perform(get("/ui/rollouts").param("cluster", "west").param("state", "RUNNING").with(VIEWER))
                .andExpect(content().string(containsString("No rollout matches these filters.")));
        // the rollout page leads back to the list
        mvc.perform(get("/ui/rollouts/" + middle.id()).with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("ROLLED_BACK")))
                .andExpect(content().string(containsString("<a href=\"/ui/rollouts\">Rollouts</a>")));
    }

    @Test
    void anUnknownStateIsAReadable400AndASignedOutDeepLinkLeadsToSignIn() throws Exception {
        mvc.perform(get("/ui/rollouts").param("state", "HALFWAY").with(VIEWER)).andExpect(status().isBadRequest())
                .andExpect(content().string(containsString("HALFWAY")));
        mvc.perform(get("/ui/rollouts").param("state", "PAUSED")).andExpect(status().is3xxRedirection())
                .andExpect(header().string("Location", containsString("/ui/login")));
    }

    private Recommendation stored(String cluster, Map<String, String> settings) {
        return fixtures.stored(cluster, Origin.OPERATOR, RecommendationState.VERIFIED, ApplyMode.LIVE, settings, Optional.empty());
    }
}
