package dev.ctuner.advisor.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.flash;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrlPattern;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.tuning.ApprovalMode;
import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.advisor.tuning.TuningLoopService;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.RequestPostProcessor;

/**
 * The UI's actions on the reported ring and the tuning loop: starting a rollout (refusals with their
 * reasons), the ring, verifications and model health on the pages, and editing the approval policy
 * (per-field errors, confirmation in words). Through security, MVC, the templates, the real services
 * and an H2 file database.
 */
@SpringBootTest
@AutoConfigureMockMvc
@Import(UiFixtures.class)
class UiActionsTest {

    private static final RequestPostProcessor OPERATOR = user("olga").roles("OPERATOR", "VIEWER");
    private static final RequestPostProcessor VIEWER = user("victor").roles("VIEWER");

    @Autowired
    MockMvc mvc;
    @Autowired
    UiFixtures fixtures;
    @Autowired
    RecommendationService recommendations;
    @Autowired
    RolloutService rollouts;
    @Autowired
    RolloutStore rolloutStore;
    @Autowired
    TuningLoopService loops;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-ui-actions");
        String hash = new BCryptPasswordEncoder(4).encode("pw");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        registry.add("spring.datasource.url", () -> "jdbc:h2:file:" + dir.resolve("advisor").toAbsolutePath());
        registry.add("ctuner.advisor.security.initial-admin-password-file", () -> dir.resolve("pw").toString());
        registry.add("ctuner.advisor.security.users[0].name", () -> "olga");
        registry.add("ctuner.advisor.security.users[0].password-hash", () -> hash);
        registry.add("ctuner.advisor.security.users[0].roles", () -> "OPERATOR");
    }

    @Test
    void anOperatorOfAnotherClusterIsRefusedEveryActionAndNothingChanges() throws Exception {
        RequestPostProcessor other = user("sam").authorities(new SimpleGrantedAuthority("ROLE_OPERATOR"),
                new SimpleGrantedAuthority("ROLE_VIEWER"), new SimpleGrantedAuthority("CLUSTER:elsewhere"));
        String cluster = fixtures.clusterWithRing("scoped", Map.of("shop", 3));
        Recommendation r = fixtures.submitted(cluster);
        mvc.perform(post("/ui/act/recommendations/" + r.id() + "/approve").with(other).with(csrf()).param("comment", "mine?"))
                .andExpect(status().isForbidden());
        recommendations.approve(r.id(), "olga", "go");
        mvc.perform(post("/ui/act/recommendations/" + r.id() + "/rollout").with(other).with(csrf()).param("comment", "mine?"))
                .andExpect(status().isForbidden());
        mvc.perform(post("/ui/act/clusters/" + cluster + "/loop/pause").with(other).with(csrf()).param("comment", "mine?"))
                .andExpect(status().isForbidden());
        mvc.perform(valid(post("/ui/act/clusters/" + cluster + "/loop/policy").with(other).with(csrf())).param("step", "apply"))
                .andExpect(status().isForbidden());
        assertThat(recommendations.get(r.id()).state().name()).isEqualTo("APPROVED");
        assertThat(loops.get(new ClusterId(cluster)).paused()).isFalse();
        assertThat(rolloutStore.forRecommendation(r.id())).isEmpty();
    }

    @Test
    void anOperatorStartsALiveRolloutOnTheReportedRingThroughAConfirmation() throws Exception {
        String cluster = fixtures.clusterWithRing("live", Map.of("shop", 3));
        Recommendation r = fixtures.submitted(cluster);
        recommendations.approve(r.id(), "olga", "go");
        String page = "/ui/recommendations/" + r.id();
        String url = "/ui/act/recommendations/" + r.id() + "/rollout";
        mvc.perform(get(page).with(VIEWER)).andExpect(content().string(not(containsString("Start the rollout…"))));
        mvc.perform(get(page).with(OPERATOR)).andExpect(content().string(containsString("href=\"" + url + "\"")));
        mvc.perform(get(url).with(OPERATOR)).andExpect(status().isOk())
                .andExpect(content().string(containsString("applied node by node without a restart, canary first")))
                .andExpect(content().string(containsString("3 nodes in token order")))
                .andExpect(content().string(containsString("<code>shop</code>")))
                .andExpect(content().string(containsString("name=\"canaryFirst\" value=\"true\" checked")))
                .andExpect(content().string(not(containsString("name=\"aggressive\""))));   // only for RESTART with RF = CL
        mvc.perform(get(url).with(VIEWER)).andExpect(status().isForbidden());
        mvc.perform(post(url).with(VIEWER).with(csrf()).param("comment", "let me")).andExpect(status().isForbidden());
        mvc.perform(post(url).with(OPERATOR).param("canaryFirst", "true").param("comment", "no token")).andExpect(status().isForbidden())
                .andExpect(content().string(containsString("This form is out of date")));
        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("canaryFirst", "true").param("comment", " "))
                .andExpect(status().isBadRequest()).andExpect(content().string(containsString("A comment is required")));
        assertThat(rolloutStore.forRecommendation(r.id())).isEmpty();
        assertThat(recommendations.get(r.id()).state()).isEqualTo(RecommendationState.APPROVED);

        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("canaryFirst", "true").param("comment", "quiet hour"))
                .andExpect(redirectedUrlPattern("/ui/rollouts/*"))
                .andExpect(flash().attribute("flash", containsString("The rollout has started")));
        assertThat(recommendations.get(r.id()).state()).isEqualTo(RecommendationState.ROLLING_OUT);
        var started = rollouts.get(rolloutStore.forRecommendation(r.id()).get(0));
        assertThat(started.steps()).hasSize(3).filteredOn(s -> s.canary()).hasSize(1);
        // started once: a second POST is refused by the state machine, with the reason, and starts nothing
        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("comment", "again")).andExpect(status().isConflict())
                .andExpect(content().string(containsString("Only an APPROVED recommendation can be rolled out; this one is ROLLING_OUT")));
        assertThat(rolloutStore.forRecommendation(r.id())).hasSize(1);
    }

    @Test
    void aRestartRolloutWhereRfEqualsClIsRefusedWithItsReasonsUnlessAggressiveIsChosenKnowingly() throws Exception {
        String cluster = fixtures.clusterWithRing("rfcl", Map.of("shop", 3, "audit", 1));
        Recommendation r = fixtures.stored(cluster, Origin.OPERATOR, RecommendationState.APPROVED, ApplyMode.RESTART,
                Map.of("memtable_heap_space", "96MiB"), Optional.empty());
        String url = "/ui/act/recommendations/" + r.id() + "/rollout";
        mvc.perform(get(url).with(OPERATOR)).andExpect(status().isOk())
                .andExpect(content().string(containsString(
                        "Each node restarts with the new settings, in rounds that keep every keyspace&#39;s consistency level; canary first")))
                .andExpect(content().string(containsString("RF = CL")))
                .andExpect(content().string(containsString("name=\"aggressive\"")))
                .andExpect(content().string(containsString("Warning: a keyspace marked RF = CL needs all its replicas")));
        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("canaryFirst", "true").param("comment", "try"))
                .andExpect(status().isUnprocessableContent())
                .andExpect(content().string(containsString("No safe rollout plan, so nothing was started:")))
                .andExpect(content().string(containsString("<li>no rolling change is safe: some replicas must all stay up (RF = CL")))
                .andExpect(content().string(containsString(">try</textarea>")));   // the comment is kept
        assertThat(recommendations.get(r.id()).state()).isEqualTo(RecommendationState.APPROVED);
        assertThat(rolloutStore.forRecommendation(r.id())).isEmpty();
        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("canaryFirst", "true").param("aggressive", "true")
                .param("comment", "audit may be down for a minute")).andExpect(redirectedUrlPattern("/ui/rollouts/*"));
        assertThat(rollouts.get(rolloutStore.forRecommendation(r.id()).get(0)).aggressive()).isTrue();
    }

    @Test
    void aRingTheSidecarsDoNotReportIsShownAsItsReasonsAndRefusesTheRollout() throws Exception {
        String cluster = fixtures.clusterWithDrift("noring");   // heartbeats without topology
        Recommendation r = fixtures.submitted(cluster);
        recommendations.approve(r.id(), "olga", "go");
        mvc.perform(get("/ui/clusters/" + cluster).with(VIEWER))
                .andExpect(content().string(containsString("No ring: rollouts on this cluster are refused")))
                .andExpect(content().string(containsString("<li>")));
        String url = "/ui/act/recommendations/" + r.id() + "/rollout";
        mvc.perform(get(url).with(OPERATOR)).andExpect(status().isOk()).andExpect(content().string(containsString("No ring")));
        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("canaryFirst", "true").param("comment", "try"))
                .andExpect(status().isUnprocessableContent())
                .andExpect(content().string(containsString("The ring cannot be taken from the sidecars&#39; reports, so nothing was started:")));
        assertThat(recommendations.get(r.id()).state()).isEqualTo(RecommendationState.APPROVED);
        assertThat(rolloutStore.forRecommendation(r.id())).isEmpty();
    }

    @Test
    void theLoopsOwnProposalIsRolledOutByTheLoopSoItsPageSaysSoInsteadOfOfferingTheButton() throws Exception {
        String cluster = fixtures.clusterWithRing("advisor", Map.of("shop", 3));
        Recommendation r = fixtures.stored(cluster, Origin.ADVISOR, RecommendationState.APPROVED, ApplyMode.LIVE,
                Map.of("concurrent_reads", "64"), Optional.of(new GainEstimate(0.08, 0.03, 0.13)));
        mvc.perform(get("/ui/recommendations/" + r.id()).with(OPERATOR))
                .andExpect(content().string(containsString("once approved, the loop rolls it out itself")))
                .andExpect(content().string(not(containsString("Start the rollout…"))));
        String url = "/ui/act/recommendations/" + r.id() + "/rollout";
        mvc.perform(get(url).with(OPERATOR)).andExpect(content().string(containsString("the loop rolls it out itself")))
                .andExpect(content().string(not(containsString("name=\"comment\""))));
        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("comment", "now")).andExpect(status().isConflict());
        assertThat(rolloutStore.forRecommendation(r.id())).isEmpty();
    }

    @Test
    void theClusterPageShowsTheRingVerificationsAndModelHealthAndARecommendationItsVerification() throws Exception {
        String cluster = fixtures.clusterWithRing("seen", Map.of("shop", 3, "audit", 1));
        Recommendation better = fixtures.stored(cluster, Origin.ADVISOR, RecommendationState.VERIFIED, ApplyMode.LIVE,
                Map.of("concurrent_reads", "64"), Optional.of(new GainEstimate(0.08, 0.03, 0.13)));
        Recommendation worse = fixtures.stored(cluster, Origin.ADVISOR, RecommendationState.ROLLED_BACK, ApplyMode.LIVE,
                Map.of("concurrent_reads", "16"), Optional.of(new GainEstimate(0.08, 0.03, 0.13)));
        fixtures.verified(better, true);
        fixtures.verified(worse, false);
        mvc.perform(get("/ui/clusters/" + cluster).with(VIEWER)).andExpect(status().isOk())
                .andExpect(content().string(containsString("3 nodes in token order")))
                .andExpect(content().string(matchesPattern("(?s).*<th scope=\"row\">n1</th><td>dc1</td><td>r1</td>\\s*<td class=\"num\">4</td>.*")))
                .andExpect(content().string(containsString("dc1: 3")))
                .andExpect(content().string(containsString("LOCAL_QUORUM")))
                .andExpect(content().string(containsString("RF = CL")))   // audit: RF 1
                .andExpect(content().string(allOf(containsString("×1.06"), containsString("×0.81"), containsString("0.004"),
                        containsString("+6.0 %"), containsString("-19.0 %"), containsString("missed"))))
                .andExpect(content().string(matchesPattern("(?s).*Model health: <strong>2</strong>\\s*<span>predictions verified,</span>\\s*"
                        + "<strong class=\"bad-text\">1</strong> missed.*")));
        mvc.perform(get("/ui/recommendations/" + better.id()).with(VIEWER))
                .andExpect(content().string(containsString("+8.0 % (between +3.0 % and +13.0 %)")))
                .andExpect(content().string(matchesPattern("(?s).*realized <strong>\\+6.0 %</strong> against predicted <strong>\\+8.0 %</strong>.*")))
                .andExpect(content().string(containsString("prediction within its interval")));
        mvc.perform(get("/ui/recommendations/" + fixtures.submitted(cluster).id()).with(VIEWER))
                .andExpect(content().string(containsString("Not verified")));
    }

    @Test
    void anInvalidPolicyComesBackWithEveryErrorNextToItsFieldAndChangesNothing() throws Exception {
        String cluster = fixtures.clusterWithRing("policy", Map.of("shop", 3));
        String url = "/ui/act/clusters/" + cluster + "/loop/policy";
        mvc.perform(get("/ui/clusters/" + cluster).with(OPERATOR)).andExpect(content().string(containsString("href=\"" + url + "\"")));
        mvc.perform(get("/ui/clusters/" + cluster).with(VIEWER)).andExpect(content().string(not(containsString("Edit approval policy"))));
        mvc.perform(get(url).with(VIEWER)).andExpect(status().isForbidden());
        mvc.perform(get(url).with(OPERATOR)).andExpect(status().isOk())
                .andExpect(content().string(containsString("value=\"MANUAL\" checked")))
                .andExpect(content().string(containsString("name=\"tiers\" value=\"LIVE\" checked")))
                .andExpect(content().string(containsString("id=\"minPredictedGain\" name=\"minPredictedGain\" inputmode=\"decimal\" size=\"8\" value=\"0.05\"")));
        mvc.perform(valid(post(url).with(VIEWER).with(csrf()))).andExpect(status().isForbidden());
        mvc.perform(valid(post(url).with(OPERATOR)).param("step", "apply")).andExpect(status().isForbidden());

        mvc.perform(post(url).with(OPERATOR).with(csrf()).param("mode", "AUTO").param("tiers", "LIVE").param("minPredictedGain", "2")
                        .param("minLowerBound", "abc").param("maxChangesPerDay", "0").param("window", "true")
                        .param("windowStart", "25:00").param("windowEnd", "04:00").param("windowZone", "Mars/Olympus")
                        .param("comment", "").param("step", "apply"))
                .andExpect(status().isBadRequest())
                .andExpect(content().string(containsString("Nothing was changed: 7 problems")))
                .andExpect(content().string(containsString("id=\"err-gain\" class=\"field-error\">minPredictedGain must be within [0, 1]")))
                .andExpect(content().string(containsString("id=\"err-lower\" class=\"field-error\">minLowerBound must be a number")))
                .andExpect(content().string(containsString("id=\"err-perday\" class=\"field-error\">maxChangesPerDay must be within [1, 24], was 0")))
                .andExpect(content().string(containsString("id=\"err-days\" class=\"field-error\">maintenanceWindow needs at least one day")))
                .andExpect(content().string(containsString("id=\"err-times\" class=\"field-error\">maintenanceWindow start and end must be times of day as HH:mm")))
                .andExpect(content().string(containsString("id=\"err-zone\" class=\"field-error\">maintenanceWindow zone must be an IANA time zone")))
                .andExpect(content().string(containsString("id=\"err-comment\" class=\"field-error\">A comment is required")))
                .andExpect(content().string(containsString("value=\"Mars/Olympus\"")))   // as typed
                .andExpect(content().string(containsString("aria-invalid=\"true\"")));
        assertThat(loops.get(new ClusterId(cluster)).policy()).isEqualTo(ApprovalPolicy.manual());
        assertThat(loops.auditTrail(new ClusterId(cluster), 10)).extracting(a -> a.action()).doesNotContain("POLICY");
    }

    @Test
    void aValidPolicyIsStatedInWordsBeforeItIsSetAndCanBeChangedAgain() throws Exception {
        String cluster = fixtures.clusterWithRing("words", Map.of("shop", 3));
        String url = "/ui/act/clusters/" + cluster + "/loop/policy";
        mvc.perform(valid(post(url).with(OPERATOR).with(csrf()))).andExpect(status().isOk())
                .andExpect(content().string(containsString("Set this approval policy for <span>" + cluster + "</span>?")))
                .andExpect(content().string(containsString("Automatic within limits: the advisor approves a proposal of the tuning loop "
                        + "by itself when its cost tier is LIVE or SCHEMA, its predicted gain is at least +8.0 % and the lower bound of its "
                        + "interval at least +1.0 %, it lies inside the region of data the model was trained on, it is inside the maintenance "
                        + "window Saturday, Sunday 22:00–04:00 (Europe/Berlin), which ends the next morning, and it is at most the second "
                        + "proposal approved automatically in any 24 hours. Any other proposal waits for an operator.")))
                .andExpect(content().string(containsString("type=\"hidden\" name=\"windowDays\" value=\"SUNDAY\"")));
        assertThat(loops.get(new ClusterId(cluster)).policy().mode()).isEqualTo(ApprovalMode.MANUAL);   // not yet
        mvc.perform(valid(post(url).with(OPERATOR).with(csrf())).param("step", "edit")).andExpect(status().isOk())
                .andExpect(content().string(containsString("value=\"AUTO\" checked")))
                .andExpect(content().string(containsString("name=\"windowDays\" value=\"SATURDAY\" checked")));
        mvc.perform(valid(post(url).with(OPERATOR).with(csrf())).param("step", "apply"))
                .andExpect(redirectedUrl("/ui/clusters/" + cluster))
                .andExpect(flash().attribute("flash", containsString("The approval policy is now auto: tiers [LIVE, SCHEMA]")));
        ApprovalPolicy set = loops.get(new ClusterId(cluster)).policy();
        assertThat(set.mode()).isEqualTo(ApprovalMode.AUTO);
        assertThat(set.allowedTiers()).containsExactlyInAnyOrder(ApplyMode.LIVE, ApplyMode.SCHEMA);
        assertThat(set.minPredictedGain()).isEqualTo(0.08);
        assertThat(set.maxChangesPerDay()).isEqualTo(2);
        assertThat(set.window()).hasValueSatisfying(w -> {
            assertThat(w.days()).isEqualTo(Set.of(DayOfWeek.SATURDAY, DayOfWeek.SUNDAY));
            assertThat(w.start()).isEqualTo(LocalTime.of(22, 0));
            assertThat(w.zone().getId()).isEqualTo("Europe/Berlin");
        });
        mvc.perform(get("/ui/clusters/" + cluster).with(VIEWER)).andExpect(content().string(containsString("weekend nights only")));
    }

    /** A valid automatic policy as the form posts it. */
    private static MockHttpServletRequestBuilder valid(MockHttpServletRequestBuilder request) {
        return request.param("mode", "AUTO").param("tiers", "LIVE", "SCHEMA").param("minPredictedGain", "0.08")
                .param("minLowerBound", "0.01").param("maxChangesPerDay", "2").param("insideDataRegionOnly", "true")
                .param("window", "true").param("windowDays", "SATURDAY", "SUNDAY").param("windowStart", "22:00")
                .param("windowEnd", "04:00").param("windowZone", "Europe/Berlin").param("comment", "weekend nights only");
    }
}
