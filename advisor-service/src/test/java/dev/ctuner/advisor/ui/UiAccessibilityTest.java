package dev.ctuner.advisor.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.TestUsers;
import dev.ctuner.advisor.campaign.CampaignRequest;
import dev.ctuner.advisor.campaign.CampaignService;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.common.catalog.ApplyMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Every page of the UI checked by axe-core in the same real headless Chromium as {@link UiBrowserTest}:
 * sign-in, clusters, a cluster, recommendations, a recommendation, rollouts, a rollout, the
 * confirmation pages, the approval policy form (with errors) and its confirmation, model, audit log
 * (with a bad filter), the 404 and 403 pages. A violation of impact serious or critical fails, with
 * its rule, impact and the elements that break it; lesser ones are printed. Each page is also
 * photographed at 1366x768, the main ones at 1920x1080 too ({@code -Dui.screenshots.write=true}
 * copies them to {@code docs/ui/}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureMockMvc
@Import(UiFixtures.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UiAccessibilityTest {

    @LocalServerPort
    int port;
    @Autowired
    UiFixtures fixtures;
    @Autowired
    MockMvc mvc;
    @Autowired
    RecommendationService recommendations;
    @Autowired
    CampaignService campaigns;

    private Chromium chromium;
    private final Axe axe = Axe.load();
    /** Page name → what axe found there. */
    private final Map<String, List<Axe.Violation>> found = new LinkedHashMap<>();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-ui-a11y");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
        TestUsers.users(registry, UiSession.PASSWORD, "olga", "OPERATOR", "victor", "VIEWER");
        // no dataset configured: the model is trained at start-up on the data bundled in the advisor, as an operator first sees it
        registry.add("ctuner.advisor.learning.train-at-startup", () -> "true");
        registry.add("ctuner.advisor.tuning.decision-period", () -> "1h");
        registry.add("ctuner.advisor.rollout.max-status-age", () -> "10m");
        registry.add("ctuner.advisor.campaigns.experiment-nodes[0]", () -> "lab/10.0.0.9");
    }

    @BeforeAll
    void startBrowser() throws Exception {
        chromium = Chromium.start();
    }

    @AfterAll
    void stopBrowser() {
        if (chromium != null) {
            chromium.close();
        }
    }

    /** The check itself: a page with an unlabelled field, an image without text and an unnamed button fails it. */
    @Test
    void axeFindsTheViolationsOfABrokenPage() {
        chromium.browser.get("data:text/html,<html><body><input type=text><img src=x.png><button></button></body></html>");
        assertThat(axe.run(chromium.browser)).filteredOn(Axe.Violation::seriousOrWorse).extracting(Axe.Violation::rule)
                .contains("label", "image-alt", "button-name", "html-has-lang");
    }

    @Test
    void noPageHasASeriousOrCriticalAccessibilityViolation() throws Exception {
        fixtures.awaitModel();
        String cluster = fixtures.clusterWithDrift("prod-eu");
        Recommendation vetted = fixtures.submitted(cluster);
        Recommendation rolling = fixtures.submitted(cluster);
        recommendations.approve(rolling.id(), "olga", "fits the window");
        String rollout = fixtures.startRollout(mvc, rolling.id(), UiSession.PASSWORD);
        fixtures.verified(rolling, true);
        Recommendation earlier = fixtures.stored(cluster, Origin.ADVISOR, RecommendationState.VERIFIED, ApplyMode.RESTART,
                Map.of("memtable_heap_space", "1024MiB"), Optional.of(new GainEstimate(0.08, 0.02, 0.14)));
        Rollout paused = fixtures.storedRollout(earlier, RolloutState.PAUSED, 7200);

        UiSession ui = chromium.publishing("http://localhost:" + port);
        ui.open("/ui/login");
        check(ui, "login", false);
        ui.open("/ui/login?error");
        check(ui, "login-error", false);
        ui.signIn("olga");
        ui.await("Signed in as olga");

        ui.open("/ui/clusters");
        check(ui, "clusters", true);
        ui.open("/ui/clusters/" + cluster);
        ui.await("Configuration drift");
        check(ui, "cluster", true);
        ui.open("/ui/recommendations");
        check(ui, "recommendations", true);
        ui.open("/ui/recommendations/" + rolling.id());
        check(ui, "recommendation", true);
        ui.open("/ui/rollouts");
        check(ui, "rollouts", true);
        ui.open("/ui/rollouts/" + rollout);
        check(ui, "rollout", true);
        ui.open("/ui/act/clusters/" + cluster + "/loop/pause");
        check(ui, "confirm-loop-pause", false);
        ui.open("/ui/act/recommendations/" + vetted.id() + "/approve");
        check(ui, "confirm-approve", false);
        // its sidecars report just now: the ring is assembled only from fresh reports
        Recommendation restart = fixtures.stored(fixtures.clusterWithRing("prod-us", Map.of("shop", 3, "audit", 1)), Origin.OPERATOR,
                RecommendationState.APPROVED, ApplyMode.RESTART, Map.of("memtable_heap_space", "1024MiB"), Optional.empty());
        ui.open("/ui/act/recommendations/" + restart.id() + "/rollout");
        ui.await("RF = CL");
        check(ui, "confirm-rollout", false);
        ui.open("/ui/act/rollouts/" + paused.id() + "/rollback");
        check(ui, "confirm-rollback", false);

        ui.open("/ui/act/clusters/" + cluster + "/loop/policy");
        check(ui, "policy-form", false);
        ui.browser().findElement(By.id("minPredictedGain")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "8");
        ui.browser().findElement(By.cssSelector("button[value=review]")).click();
        ui.await("Nothing was changed");
        check(ui, "policy-form-errors", false);
        ui.browser().findElement(By.id("minPredictedGain")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "0.08");
        ui.browser().findElement(By.id("comment")).sendKeys("LIVE changes may go alone");
        ui.browser().findElement(By.cssSelector("button[value=review]")).click();
        ui.await("Set the policy");
        check(ui, "policy-confirm", false);

        ui.open("/ui/model");
        ui.await("Learning curve");
        check(ui, "model", true);
        campaigns.create(new CampaignRequest("lab-1", List.of("concurrent_writes", "memtable_flush_writers"), 6, List.of(0.2, 0.8),
                1, 4, null, 1_000L, 3_000L, 8, null, 7L, null), "olga");
        ui.open("/ui/campaigns");
        check(ui, "campaigns", true);
        ui.open("/ui/campaigns/lab-1");
        ui.await("No experiment sent yet");
        check(ui, "campaign", true);
        ui.open("/ui/audit");
        check(ui, "audit", true);
        ui.open("/ui/audit?from=yesterday");
        ui.await("These filters cannot be applied");
        check(ui, "audit-bad-filter", false);
        ui.open("/ui/recommendations/" + UUID.randomUUID());
        check(ui, "error-not-found", false);
        ui.browser().findElement(By.cssSelector("header form button")).click();
        ui.await("You are signed out.");
        check(ui, "login-signed-out", false);
        ui.signIn("victor");
        ui.await("Signed in as victor");
        ui.open("/ui/act/clusters/" + cluster + "/loop/pause");
        ui.await("needs the OPERATOR role");
        check(ui, "error-forbidden", false);

        assertThat(chromium.browser.manage().logs().get(LogType.BROWSER).getAll()).extracting(LogEntry::getMessage)
                .noneMatch(m -> m.contains("Content Security Policy") || m.contains("Uncaught"));
        List<String> lesser = new ArrayList<>();
        List<String> serious = new ArrayList<>();
        found.forEach((page, violations) -> violations.forEach(v -> (v.seriousOrWorse() ? serious : lesser).add(page + ": " + v)));
        System.out.printf("axe-core %s checked %d pages; %d minor or moderate violations%s%n", axe.version, found.size(), lesser.size(),
                lesser.stream().map(l -> "\n  " + l).collect(Collectors.joining()));
        assertThat(found).hasSize(23);
        assertThat(serious).as("serious or critical accessibility violations (axe-core " + axe.version + ")").isEmpty();
    }

    /** axe on the page now shown; a screenshot at 1366x768, and at 1920x1080 too for a main page. */
    private void check(UiSession ui, String page, boolean main) {
        found.put(page, axe.run(ui.browser()));
        ui.shot(page);
        if (main) {
            ui.shot(page + "-1920", UiSession.DESKTOP);
        }
    }
}
