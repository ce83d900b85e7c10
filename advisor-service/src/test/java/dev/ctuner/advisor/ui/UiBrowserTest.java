package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.TestUsers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.tuning.ApprovalMode;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.advisor.tuning.TuningLoopService;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The UI in real headless Chromium (Debian's chromium and chromedriver) against the advisor on a
 * random port: an operator signs in, pauses a cluster's tuning loop through its confirmation,
 * watches a node appear without reloading, approves a recommendation, pauses a rollout and reads
 * what a rollback would do; a viewer sees no action and is refused one. Screenshots go to
 * {@code target/ui-screenshots/} ({@link UiSession#shot}). The browser runs in Asia/Tokyo so that local times differ from UTC.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureMockMvc
@Import(UiFixtures.class)
class UiBrowserTest {

    private static final String PASSWORD = UiSession.PASSWORD;

    @LocalServerPort
    int port;
    @Autowired
    UiFixtures fixtures;
    @Autowired
    MockMvc mvc;
    @Autowired
    ClusterRegistry registry;
    @Autowired
    TuningLoopService loops;
    @Autowired
    RecommendationService recommendations;
    @Autowired
    RolloutService rollouts;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-ui-browser");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
        TestUsers.users(registry, PASSWORD, "olga", "OPERATOR", "victor", "VIEWER");
        // the committed training campaign, so that the model page shows a real model
        registry.add("ctuner.advisor.learning.datasets[0]", () -> Path.of("../docs/data/training.csv").toAbsolutePath().toString());
        registry.add("ctuner.advisor.learning.train-at-startup", () -> "true");
        // no loop period during the test: the pages show what the test did, not what a model-driven loop proposed meanwhile
        registry.add("ctuner.advisor.tuning.decision-period", () -> "1h");
        // the fixtures' heartbeats are sent once; on a busy machine the walk through the pages takes longer than 30 s
        registry.add("ctuner.advisor.rollout.max-status-age", () -> "10m");
    }

    @Test
    void anOperatorPausesTheLoopApprovesAndPausesARolloutAndAViewerIsRefused() throws Exception {
        fixtures.awaitModel();   // first: the nodes' heartbeats below must still be fresh when the pages are read
        String cluster = fixtures.clusterWithDrift("browser");
        Recommendation toApprove = fixtures.submitted(cluster);
        Recommendation rolledOut = fixtures.submitted(cluster);
        recommendations.approve(rolledOut.id(), "olga", "go");
        String rollout = fixtures.startRollout(mvc, rolledOut.id(), PASSWORD);
        fixtures.reportRing(cluster, Map.of("shop", 3, "audit", 1));
        fixtures.verified(rolledOut, true);

        try (Chromium chromium = Chromium.start()) {
            UiSession ui = chromium.session("http://localhost:" + port);
            operator(ui, cluster, toApprove, rollout);
            viewer(ui, cluster);
            // the pages' own script and styles pass the content security policy, and no script failed
            assertThat(chromium.browser.manage().logs().get(LogType.BROWSER).getAll()).extracting(LogEntry::getMessage)
                    .noneMatch(m -> m.contains("Content Security Policy") || m.contains("Uncaught"));
        }
    }

    private void operator(UiSession ui, String cluster, Recommendation toApprove, String rollout) throws Exception {
        ui.open("/ui/clusters/" + cluster);
        assertThat(ui.browser().getCurrentUrl()).contains("/ui/login");
        ui.shot("01-login");
        ui.signIn("olga");
        assertThat(ui.browser().getCurrentUrl()).contains("/ui/clusters/" + cluster);   // back where the deep link pointed
        fixtures.heartbeat(cluster);   // the browser's start may have outlasted the fixtures' heartbeats on a busy machine
        ui.open("/ui/clusters");
        assertThat(ui.text()).contains(cluster, "3 of 3 nodes healthy");
        ui.shot("02-clusters");
        ui.browser().findElement(By.linkText(cluster)).click();
        assertThat(ui.text()).contains("Signed in as olga", "3 of 3", "concurrent_reads");
        assertThat(ui.browser().findElements(By.cssSelector("figure.chart polyline"))).hasSizeGreaterThanOrEqualTo(4);
        WebElement firstTime = ui.browser().findElement(By.cssSelector("time[data-local]"));
        assertThat(firstTime.getAttribute("title")).endsWith("UTC");
        assertThat(firstTime.getText()).isNotEqualTo(firstTime.getAttribute("title"));   // rewritten in the browser's zone
        assertThat(((JavascriptExecutor) ui.browser()).executeScript("return Intl.DateTimeFormat().resolvedOptions().timeZone"))
                .isEqualTo("Asia/Tokyo");
        ui.shot("03-cluster");

        ui.browser().findElement(By.linkText("Pause the loop…")).click();
        assertThat(ui.text()).contains("Pause the tuning loop?", "What will happen");
        ui.browser().findElement(By.cssSelector("form.stack button[type=submit]")).click();   // no comment: the browser keeps the form
        assertThat(ui.browser().getCurrentUrl()).contains("/ui/act/clusters/" + cluster + "/loop/pause");
        ui.browser().findElement(By.id("comment")).sendKeys("traffic peak until 18:00");
        ui.shot("04-confirm-pause");
        ui.browser().findElement(By.cssSelector("form.stack button[type=submit]")).click();
        ui.await("The tuning loop is paused.");   // the form's POST and its redirect: read the page that follows, not this one
        assertThat(ui.text()).contains("The tuning loop is paused.", "traffic peak until 18:00");
        assertThat(ui.browser().findElement(By.cssSelector("[data-loop-state]")).getText()).isEqualTo("PAUSED");
        assertThat(loops.get(new ClusterId(cluster)).paused()).isTrue();

        // live: a fourth node reports and appears without a reload (the three others report again, still healthy)
        fixtures.heartbeat(cluster);
        registry.status(new ClusterId(cluster), new NodeId("n4"), Instant.now(),
                new NodeStatus("5.0.9", NodeState.UP_JOINING, 12L, "schema-1", "0.1.0", 10L, true, 0, 0, 1));
        new WebDriverWait(ui.browser(), Duration.ofSeconds(15))
                .until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector("[data-live]"), "UP_JOINING"));
        assertThat(ui.text()).contains("3 of 4", "Live: updated");
        ui.shot("05-cluster-paused-live");
        editPolicyByKeyboard(ui, cluster);

        ui.open("/ui/recommendations?cluster=" + cluster);
        ui.shot("06-recommendations");
        ui.browser().findElement(By.cssSelector("a[href='/ui/recommendations/" + toApprove.id() + "']")).click();
        // by keyboard only: Enter on the link, the comment, Tab to the button, Enter
        ui.browser().findElement(By.linkText("Approve…")).sendKeys(Keys.ENTER);
        assertThat(ui.text()).contains("Approval alone changes no node", "applied live over JMX");
        ui.browser().findElement(By.id("comment")).sendKeys("fits the maintenance window", Keys.TAB);
        assertThat(ui.browser().switchTo().activeElement().getText()).isEqualTo("Approve");
        ui.browser().switchTo().activeElement().sendKeys(Keys.ENTER);
        ui.await("The recommendation is approved.");
        assertThat(ui.browser().getCurrentUrl()).endsWith("/ui/recommendations/" + toApprove.id());
        assertThat(ui.browser().findElement(By.cssSelector("[data-rec-state]")).getText()).isEqualTo("APPROVED");
        assertThat(ui.text()).contains("The recommendation is approved.", "fits the maintenance window");
        assertThat(recommendations.get(toApprove.id()).state()).isEqualTo(RecommendationState.APPROVED);
        ui.shot("07-recommendation-approved");
        // n4 reports no topology, so the ring is refused: the confirmation and the refusal list the reasons
        ui.browser().findElement(By.linkText("Start the rollout…")).click();
        assertThat(ui.text()).contains("Start the rollout?", "applied node by node without a restart, canary first", "No ring");
        ui.browser().findElement(By.id("comment")).sendKeys("after the peak");
        ui.browser().findElement(By.cssSelector("form.stack button[type=submit]")).click();
        ui.await("The ring cannot be taken from the sidecars' reports, so nothing was started:");
        assertThat(ui.browser().findElements(By.cssSelector("[data-error] ul.reasons li"))).isNotEmpty();
        ui.shot("07b-rollout-refused");
        assertThat(recommendations.get(toApprove.id()).state()).isEqualTo(RecommendationState.APPROVED);
        // a RESTART change on a ring where keyspace audit has RF = CL: the ring, and aggressive offered with its warning
        Recommendation restart = fixtures.stored(fixtures.clusterWithRing("restart", Map.of("shop", 3, "audit", 1)), Origin.OPERATOR,
                RecommendationState.APPROVED, ApplyMode.RESTART, Map.of("memtable_heap_space", "1024MiB"), Optional.empty());
        ui.open("/ui/act/recommendations/" + restart.id() + "/rollout");
        assertThat(ui.text()).contains("Each node restarts", "3 nodes in token order", "RF = CL", "Warning: a keyspace marked RF = CL");
        ui.shot("07c-confirm-restart-rollout");

        ui.open("/ui/rollouts/" + rollout);
        assertThat(ui.text()).contains("Round 1", "canary", "RUNNING");
        ui.shot("08-rollout");
        ui.browser().findElement(By.linkText("Pause…")).click();
        ui.browser().findElement(By.id("comment")).sendKeys("look at p99 first");
        ui.browser().findElement(By.cssSelector("form.stack button[type=submit]")).click();
        ui.await("The rollout is paused.");
        assertThat(ui.browser().findElement(By.cssSelector("[data-rollout-state]")).getText()).isEqualTo("PAUSED");
        assertThat(rollouts.get(UUID.fromString(rollout)).state()).isEqualTo(RolloutState.PAUSED);
        ui.browser().findElement(By.linkText("Roll back…")).click();
        assertThat(ui.browser().findElement(By.cssSelector("[data-consequence]")).getText())
                .startsWith("Rolls back every node this rollout changed, one at a time");
        ui.shot("09-confirm-rollback");
        ui.browser().findElement(By.linkText("Cancel")).click();
        assertThat(rollouts.get(UUID.fromString(rollout)).state()).isEqualTo(RolloutState.PAUSED);

        modelAndAudit(ui, cluster, rollout);

        ui.open("/ui/recommendations/" + UUID.randomUUID());
        assertThat(ui.text()).contains("Not found", "No recommendation with id");
        ui.shot("10-not-found");
        ui.browser().findElement(By.cssSelector("header form button")).click();   // sign out
        ui.await("You are signed out.");
    }

    /** The model page, then the audit log from the navigation: filtered by keyboard, a deep link, a bad filter. */
    private void modelAndAudit(UiSession ui, String cluster, String rollout) throws Exception {
        ui.browser().findElement(By.linkText("Model")).click();
        assertThat(ui.text()).contains("Model and learning", "Accuracy on data it did not see", "Knob influence on predicted throughput",
                "Learning curve", "Campaigns", "training.csv");
        assertThat(ui.browser().findElements(By.cssSelector("[data-influence] svg.bar rect"))).hasSizeGreaterThanOrEqualTo(2);
        assertThat(ui.browser().findElements(By.cssSelector("[data-curve] circle"))).hasSizeGreaterThanOrEqualTo(2);
        ui.shot("12-model");

        ui.browser().findElement(By.linkText("Audit log")).click();
        assertThat(ui.text()).contains("Audit log", "automatic", "olga", "look at p99 first");
        assertThat(ui.browser().findElement(By.cssSelector("input[data-tz]")).getAttribute("value")).isEqualTo("Asia/Tokyo");
        assertThat(ui.browser().findElement(By.cssSelector("label[for=f-from]")).getText()).contains("Asia/Tokyo");
        ui.shot("13-audit");
        // by keyboard: who = olga, about = rollouts, Enter
        WebElement actor = ui.browser().findElement(By.id("f-actor"));
        actor.sendKeys("olga");
        ui.browser().findElement(By.id("f-kind")).sendKeys("r", "o");   // "rollouts"
        ui.browser().findElement(By.id("f-q")).sendKeys("p99", Keys.ENTER);
        ui.await("RUNNING → PAUSED");
        assertThat(ui.browser().getCurrentUrl()).contains("actor=olga", "kind=ROLLOUT", "tz=Asia%2FTokyo");
        assertThat(ui.browser().findElements(By.cssSelector("table[data-audit] tbody tr"))).hasSize(1);
        ui.shot("13b-audit-filtered");
        ui.browser().findElement(By.cssSelector("table[data-audit] a[href='/ui/rollouts/" + rollout + "']")).sendKeys(Keys.ENTER);
        ui.await("Round 1");
        assertThat(ui.browser().getCurrentUrl()).endsWith("/ui/rollouts/" + rollout);

        ui.open("/ui/audit?cluster=" + cluster + "&from=yesterday&to=2026-01-01T00:00");
        assertThat(ui.text()).contains("These filters cannot be applied", "from 'yesterday' is not a time");
        ui.shot("13c-audit-bad-filter");
    }

    /** The approval policy edited with the keyboard only: a wrong value comes back next to its field, then the confirmation in words. */
    private void editPolicyByKeyboard(UiSession ui, String cluster) throws Exception {
        ui.browser().findElement(By.linkText("Edit approval policy…")).sendKeys(Keys.ENTER);
        assertThat(ui.text()).contains("Edit the approval policy of " + cluster);
        ui.browser().findElement(By.cssSelector("input[name=mode][value=AUTO]")).sendKeys(Keys.SPACE);
        ui.browser().findElement(By.cssSelector("input[name=tiers][value=SCHEMA]")).sendKeys(Keys.SPACE);
        WebElement gain = ui.browser().findElement(By.id("minPredictedGain"));
        gain.sendKeys(Keys.chord(Keys.CONTROL, "a"), "8");   // a share, not a percentage: refused
        ui.browser().findElement(By.cssSelector("input[name=window]")).sendKeys(Keys.SPACE);
        ui.browser().findElement(By.cssSelector("input[name=windowDays][value=SATURDAY]")).sendKeys(Keys.SPACE);
        ui.browser().findElement(By.id("windowStart")).sendKeys("22:00");
        ui.browser().findElement(By.id("windowEnd")).sendKeys("04:00");
        WebElement zone = ui.browser().findElement(By.id("windowZone"));
        zone.sendKeys(Keys.chord(Keys.CONTROL, "a"), "Europe/Berlin", Keys.ENTER);   // Enter submits: review
        ui.await("Nothing was changed");
        assertThat(ui.browser().findElement(By.id("err-gain")).getText()).contains("minPredictedGain must be within [0, 1]");
        assertThat(ui.browser().findElement(By.id("err-comment")).getText()).contains("A comment is required");
        assertThat(ui.browser().findElement(By.id("minPredictedGain")).getAttribute("aria-describedby")).isEqualTo("err-gain");
        assertThat(ui.browser().findElement(By.id("windowZone")).getAttribute("value")).isEqualTo("Europe/Berlin");   // kept as typed
        ui.shot("05b-policy-errors");
        ui.browser().findElement(By.id("minPredictedGain")).sendKeys(Keys.chord(Keys.CONTROL, "a"), "0.08");
        ui.browser().findElement(By.id("comment")).sendKeys("LIVE and SCHEMA changes may go alone on Saturday nights", Keys.TAB);
        assertThat(ui.browser().switchTo().activeElement().getText()).isEqualTo("Review the change…");
        ui.browser().switchTo().activeElement().sendKeys(Keys.ENTER);
        ui.await("Set this approval policy");
        assertThat(ui.browser().findElement(By.cssSelector("[data-proposed-policy]")).getText())
                .startsWith("Automatic within limits")
                .contains("LIVE or SCHEMA", "+8.0 %", "Saturday 22:00–04:00 (Europe/Berlin)");
        assertThat(loops.get(new ClusterId(cluster)).policy().mode()).isEqualTo(ApprovalMode.MANUAL);
        ui.shot("05c-policy-confirm");
        ui.browser().findElement(By.cssSelector("button[value=apply]")).sendKeys(Keys.ENTER);
        ui.await("The approval policy is now auto");
        assertThat(ui.browser().getCurrentUrl()).endsWith("/ui/clusters/" + cluster);
        assertThat(ui.text()).contains("The approval policy is now auto");
        assertThat(loops.get(new ClusterId(cluster)).policy().mode()).isEqualTo(ApprovalMode.AUTO);
    }

    private void viewer(UiSession ui, String cluster) throws Exception {
        ui.open("/ui/login");
        ui.signIn("victor");
        ui.open("/ui/clusters/" + cluster);
        assertThat(ui.text()).contains("Signed in as victor", "PAUSED");
        assertThat(ui.browser().findElements(By.linkText("Resume the loop…"))).isEmpty();
        ui.open("/ui/act/clusters/" + cluster + "/loop/resume");
        assertThat(ui.text()).contains("needs the OPERATOR role; you are signed in as victor");
        ui.shot("11-viewer-refused");
        assertThat(loops.get(new ClusterId(cluster)).paused()).isTrue();
    }
}
