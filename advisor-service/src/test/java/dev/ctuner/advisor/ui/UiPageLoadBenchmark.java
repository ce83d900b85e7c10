package dev.ctuner.advisor.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.TestUsers;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.core.vetting.GainEstimate;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.openqa.selenium.JavascriptExecutor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Benchmark, not a test: how fast the UI's pages load in real headless Chromium with 3 clusters,
 * 50 recommendations and 20 rollouts in the store. Each page is loaded {@value #WARMUP} times to warm
 * up, then {@value #BLOCKS} blocks of {@value #LOADS} loads, the pages taking turns; the navigation
 * timing of each load gives the server's answer (responseEnd − requestStart) and the whole load
 * (loadEventEnd, from the start of the navigation, with the stylesheet and the script). The same run
 * measures two baselines: {@code /actuator/health} (JSON, no template) and the sign-in page (a
 * template with no data). Writes {@code docs/benchmarks/ui-page-load.md}; run by
 * {@code scripts/bench-ui-page-load.sh} (skipped unless {@code -Dui.benchmark=true}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(UiFixtures.class)
@EnabledIfSystemProperty(named = "ui.benchmark", matches = "true")
class UiPageLoadBenchmark {

    static final int WARMUP = 10;
    static final int BLOCKS = 3;
    static final int LOADS = 30;
    private static final Path REPORT = Path.of("..", "docs", "benchmarks", "ui-page-load.md");
    private static final String COMMAND = "scripts/bench-ui-page-load.sh";

    @LocalServerPort
    int port;
    @Autowired
    UiFixtures fixtures;
    @Autowired
    RecommendationService recommendations;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws Exception {
        Path dir = Files.createTempDirectory("advisor-ui-bench");
        registry.add("ctuner.advisor.kafka.enabled", () -> "false");
        TestUsers.database(registry, dir);
        TestUsers.users(registry, UiSession.PASSWORD, "olga", "OPERATOR");
        // nothing else runs in the advisor meanwhile: no training, no loop period
        registry.add("ctuner.advisor.learning.train-at-startup", () -> "false");
        registry.add("ctuner.advisor.tuning.decision-period", () -> "1h");
        registry.add("ctuner.advisor.rollout.max-status-age", () -> "1h");
    }

    /** One load's navigation timing, in milliseconds. */
    record Load(double response, double load) {
    }

    @Test
    void pagesLoadWithThreeClustersFiftyRecommendationsAndTwentyRollouts() throws Exception {
        Store store = fill();
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("baseline: /actuator/health", "/actuator/health");
        pages.put("baseline: sign-in page", "/ui/login");
        pages.put("clusters (first page)", "/ui/clusters");
        pages.put("recommendations", "/ui/recommendations");
        pages.put("rollouts", "/ui/rollouts");
        Map<String, List<List<Load>>> measured = new LinkedHashMap<>();
        pages.keySet().forEach(p -> measured.put(p, new ArrayList<>()));
        String chromiumVersion;
        String loadBefore = loadAverage();
        try (Chromium chromium = Chromium.start()) {
            UiSession ui = chromium.session("http://localhost:" + port);
            ui.open("/ui/login");
            ui.signIn("olga");
            ui.await("Signed in as olga");
            chromiumVersion = chromium.browser.getCapabilities().getBrowserVersion();
            for (int i = 0; i < WARMUP; i++) {
                pages.values().forEach(path -> load(ui, path));
            }
            for (int b = 0; b < BLOCKS; b++) {
                Map<String, List<Load>> block = new LinkedHashMap<>();
                pages.keySet().forEach(p -> block.put(p, new ArrayList<>()));
                for (int i = 0; i < LOADS; i++) {
                    pages.forEach((name, path) -> block.get(name).add(load(ui, path)));
                }
                block.forEach((name, loads) -> measured.get(name).add(loads));
            }
            assertThat(ui.text()).as("the last page is the rollouts list, filled").contains("ROLLED_BACK");
        }
        String report = report(store, measured, chromiumVersion, loadBefore, loadAverage());
        Files.writeString(REPORT, report);
        System.out.println(report);
        double firstPage = Stats.of(all(measured.get("clusters (first page)")), Load::load).median();
        assertThat(firstPage).as("median load of the first page, ms").isPositive();
    }

    /** Opens {@code path} and reads its navigation timing once the load event has ended. */
    private static Load load(UiSession ui, String path) {
        ui.open(path);
        JavascriptExecutor js = (JavascriptExecutor) ui.browser();
        for (int i = 0; i < 200; i++) {
            @SuppressWarnings("unchecked")
            Map<String, Object> t = (Map<String, Object>) js.executeScript("""
                    var n = performance.getEntriesByType('navigation')[0];
                    return n && n.loadEventEnd > 0 ? { response: n.responseEnd - n.requestStart, load: n.loadEventEnd } : null;""");
            if (t != null) {
                return new Load(((Number) t.get("response")).doubleValue(), ((Number) t.get("load")).doubleValue());
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new IllegalStateException("no navigation timing for " + path);
    }

    /** What the store holds during the run. */
    record Store(int clusters, int recommendations, int rollouts) {
    }

    /**
     * 3 clusters of 3 nodes with 40 minutes of samples; 50 recommendations: 30 submitted by an operator
     * (vetted), 20 of the advisor's own in the states a loop leaves behind, each with a predicted gain;
     * 20 rollouts of those 20, in every state the orchestrator does not drive.
     */
    private Store fill() {
        List<String> clusters = List.of(fixtures.clusterWithDrift("bench"), fixtures.clusterWithDrift("bench"),
                fixtures.clusterWithDrift("bench"));
        RecommendationState[] recStates = {RecommendationState.VERIFIED, RecommendationState.ROLLED_BACK, RecommendationState.FAILED,
                RecommendationState.ROLLING_OUT};
        RolloutState[] rolloutStates = {RolloutState.SUCCEEDED, RolloutState.ROLLED_BACK, RolloutState.ABORTED, RolloutState.PAUSED,
                RolloutState.FAILED};
        int made = 0;
        for (int i = 0; i < 30; i++) {
            fixtures.submitted(clusters.get(i % 3));
            made++;
        }
        int rolled = 0;
        for (int i = 0; i < 20; i++) {
            Recommendation r = fixtures.stored(clusters.get(i % 3), Origin.ADVISOR, recStates[i % recStates.length],
                    i % 2 == 0 ? ApplyMode.LIVE : ApplyMode.RESTART, Map.of("concurrent_reads", String.valueOf(32 + i),
                            "memtable_flush_writers", String.valueOf(2 + i % 4)), Optional.of(new GainEstimate(0.06, 0.01, 0.11)));
            made++;
            fixtures.storedRollout(r, rolloutStates[i % rolloutStates.length], 60L * (20 - i));
            rolled++;
        }
        assertThat(recommendations.list(Optional.empty(), Optional.empty(), 500)).hasSize(made);
        assertThat(clusters.stream().map(c -> recommendations.list(Optional.of(new ClusterId(c)), Optional.empty(), 500).size()))
                .allMatch(n -> n > 0);
        return new Store(Set.copyOf(clusters).size(), made, rolled);
    }

    private static List<Load> all(List<List<Load>> blocks) {
        return blocks.stream().flatMap(List::stream).toList();
    }

    /** The machine's load average over 1, 5 and 15 minutes (Linux), to tell a busy machine's run from a quiet one's. */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String report(Store store, Map<String, List<List<Load>>> measured, String chromium, String loadBefore,
                                 String loadAfter) {
        StringBuilder md = new StringBuilder();
        md.append("# UI page load\n\n");
        md.append("How fast the operator UI's pages load in real headless Chromium, with ").append(store.clusters())
                .append(" clusters (3 nodes each, 40 minutes of samples), ").append(store.recommendations())
                .append(" recommendations and ").append(store.rollouts()).append(" rollouts in the store. Target: the first page (clusters) ")
                .append("under 1 s.\n\n");
        md.append("Command: `").append(COMMAND).append("` (the advisor on a random port with its H2 file database, signed in as an operator; ")
                .append("about 5 minutes with the build). Measured ").append(Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS))
                .append(" on ").append(Runtime.getRuntime().availableProcessors()).append(" cores, Java ")
                .append(System.getProperty("java.version")).append(", Chromium ").append(chromium)
                .append("; the machine's load average (1, 5, 15 min) was ").append(loadBefore).append(" before the loads and ")
                .append(loadAfter).append(" after (other work shared its cores).\n\n");
        md.append("Method: each page loaded ").append(WARMUP).append(" times to warm up, then ").append(BLOCKS).append(" blocks of ")
                .append(LOADS).append(" loads, the pages taking turns (so that a slower minute of the machine falls on all of them). ")
                .append("From each load's navigation timing: **server** = responseEnd − requestStart (the request answered: ")
                .append("security, the services, the database, the template), **load** = loadEventEnd (from the start of the navigation ")
                .append("to the end of the load event: the page, its stylesheet and script, the script run). Baselines measured in the same ")
                .append("run: `/actuator/health` (a small JSON answer, no template) and the sign-in page (a template with no data). ")
                .append("Spread: the lowest and highest, and the median of each block.\n\n");
        md.append("| page (ms) | server median | server p90 | load median | load p90 | load min–max | load median per block |\n");
        md.append("|---|---:|---:|---:|---:|---:|---|\n");
        measured.forEach((name, blocks) -> {
            Stats server = Stats.of(all(blocks), Load::response);
            Stats load = Stats.of(all(blocks), Load::load);
            md.append("| ").append(name).append(" | ").append(ms(server.median())).append(" | ").append(ms(server.p90()))
                    .append(" | ").append(ms(load.median())).append(" | ").append(ms(load.p90())).append(" | ")
                    .append(ms(load.min())).append("–").append(ms(load.max())).append(" | ")
                    .append(String.join(", ", blocks.stream().map(b -> ms(Stats.of(b, Load::load).median())).toList()))
                    .append(" |\n");
        });
        Stats first = Stats.of(all(measured.get("clusters (first page)")), Load::load);
        Stats base = Stats.of(all(measured.get("baseline: sign-in page")), Load::load);
        md.append("\nThe first page loads in ").append(ms(first.median())).append(" ms at the median and ").append(ms(first.p90()))
                .append(" ms at p90: ").append(first.p90() < 1000 ? "under" : "**over**").append(" the 1 s target, ")
                .append(ms(first.median() - base.median())).append(" ms more than the sign-in page at the median.\n");
        return md.toString();
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** Median, nearest-rank p90, min and max of one measure over loads. */
    record Stats(double median, double p90, double min, double max) {

        static Stats of(List<Load> loads, java.util.function.ToDoubleFunction<Load> measure) {
            double[] v = loads.stream().mapToDouble(measure).sorted().toArray();
            int n = v.length;
            double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
            return new Stats(median, v[(int) Math.ceil(0.9 * n) - 1], v[0], v[n - 1]);
        }
    }
}
