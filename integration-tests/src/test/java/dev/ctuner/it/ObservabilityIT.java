package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.Topics;
import dev.ctuner.harness.AdvisorProcess;
import dev.ctuner.harness.AdvisorRollouts;
import dev.ctuner.harness.AlertRules;
import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.CassandraNode;
import dev.ctuner.harness.Dashboards;
import dev.ctuner.harness.KafkaBroker;
import dev.ctuner.harness.PrometheusProcess;
import dev.ctuner.harness.SidecarProcess;
import dev.ctuner.harness.SidecarSettings;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The shipped observability against real servers: a real Prometheus (Debian's package) with the
 * shipped scrape configuration and alert rules scrapes three real acting sidecars (their own
 * processes) on the shared ring and a real advisor on its management port, without credentials.
 * Once it has scraped for a while, every PromQL expression of every dashboard panel and every alert
 * rule goes through Prometheus' query API: each parses, and each panel expression returns at least
 * one series. Then one sidecar is stopped by PID and the shipped "sidecar silent" rule (its
 * {@code for:} shortened in this test's copy, the expression as shipped) turns pending for it;
 * the sidecar is started again and the alert clears.
 */
class ObservabilityIT {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
    private static final int ADVISOR_PORT = 18085;
    private static final int MANAGEMENT_PORT = 18086;
    private static final int SIDECAR_BASE_PORT = 18120;
    private static final int PROMETHEUS_PORT = 19190;
    private static final String SILENT = "CtunerSidecarSilent";

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static CassandraCluster ring;
    private static Path dir;
    private static AdvisorProcess advisor;
    private static PrometheusProcess prometheus;
    private static final Map<Integer, SidecarProcess> sidecars = new TreeMap<>();
    private static final Map<Integer, Map<String, String>> sidecarSettings = new TreeMap<>();

    @BeforeAll
    static void startEverything() throws Exception {
        assertThat(PROMETHEUS).as("Debian's prometheus package (apt-get install prometheus; .ci/run installs it)").isExecutable();
        ring = Servers.ring();
        KafkaBroker broker = Servers.broker();
        ring.awaitAllUp(Duration.ofSeconds(120));
        Topics topics = new Topics("obs" + System.nanoTime());
        dir = Servers.WORK.resolve(topics.prefix());
        try {
            Map<String, String> settings = AdvisorRollouts.settings(broker, topics.prefix());
            settings.put("management.server.port", Integer.toString(MANAGEMENT_PORT));
            settings.put("ctuner.advisor.tuning.decision-period", "5s");
            advisor = AdvisorProcess.start(Servers.RUNTIME, AdvisorProcess.jar(ROOT), dir.resolve("advisor"), ADVISOR_PORT, settings);
            advisor.awaitServing(Duration.ofSeconds(120));
            for (CassandraNode node : ring.nodes()) {
                Map<String, String> props = new TreeMap<>(SidecarObservesIT.FAST_WINDOWS);
                props.putAll(SidecarSettings.acting(node, broker, topics.prefix(), advisor.publicKeyFile(),
                        dir.resolve("sidecar-" + node.index()).resolve("state")));
                props.put("ctuner.sidecar.cluster-id", "it-ring");
                sidecarSettings.put(node.index(), props);
                startSidecar(node.index());
            }
            for (SidecarProcess sidecar : sidecars.values()) {
                sidecar.awaitServing(Duration.ofSeconds(90));
            }
            Path rules = Files.createDirectories(dir.resolve("rules-copy"));
            AlertRules copy = AlertRules.read(ROOT).withFor(SILENT, "20s");
            prometheus = PrometheusProcess.start(PROMETHEUS, ROOT, dir.resolve("prometheus"), PROMETHEUS_PORT,
                    new PrometheusProcess.Scrape("127.0.0.1:" + MANAGEMENT_PORT, Optional.empty(),
                            sidecars.keySet().stream().map(i -> "127.0.0.1:" + sidecarPort(i)).toList(), Duration.ofSeconds(2),
                            Duration.ofSeconds(1)), copy);
        } catch (Exception | AssertionError e) {
            stopEverything();
            throw e;
        }
    }

    private static int sidecarPort(int index) {
        return SIDECAR_BASE_PORT + index;
    }

    private static void startSidecar(int index) throws Exception {
        sidecars.put(index, SidecarProcess.start(Servers.RUNTIME, SidecarProcess.jar(ROOT), dir.resolve("sidecar-" + index),
                sidecarPort(index), sidecarSettings.get(index)));
    }

    @AfterAll
    static void stopEverything() {
        if (prometheus != null) {
            prometheus.close();
        }
        sidecars.values().forEach(SidecarProcess::close);
        sidecars.clear();
        if (advisor != null) {
            advisor.close();
        }
    }

    @Test
    void everyDashboardAndAlertExpressionParsesEveryPanelFindsSeriesAndAStoppedSidecarMakesSidecarSilentPending() throws Exception {
        awaitTargetsUp(4, Duration.ofMinutes(2));
        // the series the dashboards read appear once the sidecars have sampled and the advisor has ingested, refreshed and decided
        awaitSeries("ctuner_node_heartbeat_age_seconds", 3, Duration.ofMinutes(3));
        awaitSeries("ctuner_sidecar_sampling_lag_seconds", 3, Duration.ofMinutes(1));
        awaitSeries("ctuner_loop_decision_seconds_count", 1, Duration.ofMinutes(2));
        awaitSeries("ctuner_observations_stored_total", 1, Duration.ofMinutes(2));
        awaitSeries("ctuner_loop_paused", 1, Duration.ofMinutes(1));
        Thread.sleep(20_000);   // several scrapes of each, so rate() and increase() have two samples

        List<String> failed = new ArrayList<>();
        List<String> empty = new ArrayList<>();
        int panelExpressions = 0;
        for (Dashboards.Dashboard d : Dashboards.read(ROOT)) {
            for (Dashboards.Panel p : d.panels()) {
                for (String expression : p.expressions()) {
                    panelExpressions++;
                    JsonNode answer = query(Dashboards.resolve(expression));
                    String where = d.uid() + " / " + p.title() + ": " + expression;
                    if (!"success".equals(answer.path("status").asString())) {
                        failed.add(where + " -> " + answer.path("error").asString());
                    } else if (answer.path("data").path("result").isEmpty()) {
                        empty.add(where);
                    }
                }
            }
            for (String expression : d.annotationExpressions()) {
                JsonNode answer = query(Dashboards.resolve(expression));
                if (!"success".equals(answer.path("status").asString())) {
                    failed.add(d.uid() + " annotation: " + expression + " -> " + answer.path("error").asString());
                }
            }
        }
        List<AlertRules.Alert> alerts = AlertRules.read(ROOT).alerts();
        for (AlertRules.Alert alert : alerts) {
            JsonNode answer = query(alert.expression());
            if (!"success".equals(answer.path("status").asString())) {
                failed.add("alert " + alert.name() + ": " + alert.expression() + " -> " + answer.path("error").asString());
            }
        }
        System.out.println("panel expressions evaluated: " + panelExpressions + "; returned no series: " + empty);
        assertThat(failed).as("expressions Prometheus refused").isEmpty();
        assertThat(empty).as("panel expressions that returned no series").isEmpty();

        Map<String, String> ruleHealth = ruleHealth();
        assertThat(ruleHealth.keySet()).as("Prometheus loaded every shipped alert").containsExactlyInAnyOrderElementsOf(
                alerts.stream().map(AlertRules.Alert::name).toList());
        assertThat(ruleHealth).as("every rule evaluates without error").allSatisfy((name, health) -> assertThat(health).isEqualTo("ok"));

        int stopped = sidecars.keySet().stream().max(Integer::compare).orElseThrow();
        String instance = "127.0.0.1:" + sidecarPort(stopped);
        assertThat(silentAlertState(instance)).as("all sidecars answer: no %s alert yet", SILENT).isEmpty();
        long pid = sidecars.get(stopped).pid();
        sidecars.remove(stopped).close();
        System.out.println("stopped the sidecar of node " + stopped + " (PID " + pid + ")");
        try {
            Optional<String> state = awaitSilentAlert(instance, Duration.ofSeconds(60));
            assertThat(state).as("%s for %s through /api/v1/rules", SILENT, instance).contains("pending");
        } finally {
            startSidecar(stopped);   // the next test classes share the ring; leave every node with its sidecar
            sidecars.get(stopped).awaitServing(Duration.ofSeconds(90));
        }
        awaitTargetsUp(4, Duration.ofMinutes(1));
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (silentAlertState(instance).isPresent() && Instant.now().isBefore(deadline)) {
            Thread.sleep(500);
        }
        assertThat(silentAlertState(instance)).as("the sidecar is back: the alert clears").isEmpty();
    }

    private static JsonNode get(String pathAndQuery) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PROMETHEUS_PORT + pathAndQuery))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        return AdvisorRollouts.JSON.readTree(response.body());
    }

    private static JsonNode query(String expression) throws Exception {
        return get("/api/v1/query?query=" + URLEncoder.encode(expression, StandardCharsets.UTF_8));
    }

    private static void awaitTargetsUp(int count, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        String last = "";
        while (Instant.now().isBefore(deadline)) {
            try {
                JsonNode targets = get("/api/v1/targets?state=active").path("data").path("activeTargets");
                long up = 0;
                StringBuilder seen = new StringBuilder();
                for (JsonNode t : targets) {
                    seen.append(t.path("scrapeUrl").asString()).append('=').append(t.path("health").asString()).append(' ');
                    if ("up".equals(t.path("health").asString())) {
                        up++;
                    }
                }
                last = seen.toString();
                if (up == count) {
                    return;
                }
            } catch (java.io.IOException notYet) {
                last = notYet.toString();
            }
            Thread.sleep(1000);
        }
        throw new AssertionError(count + " targets not up within " + timeout + ": " + last + "; Prometheus log " + prometheus.output());
    }

    private static void awaitSeries(String expression, int count, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        int seen = 0;
        while (Instant.now().isBefore(deadline)) {
            seen = query(expression).path("data").path("result").size();
            if (seen >= count) {
                return;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError(expression + ": " + seen + " series within " + timeout + ", expected " + count + "; advisor log "
                + advisor.output());
    }

    /** Each loaded alerting rule's name and health. */
    private static Map<String, String> ruleHealth() throws Exception {
        Map<String, String> health = new LinkedHashMap<>();
        for (JsonNode group : get("/api/v1/rules?type=alert").path("data").path("groups")) {
            for (JsonNode rule : group.path("rules")) {
                health.put(rule.path("name").asString(), rule.path("health").asString());
            }
        }
        return health;
    }

    /** The state (pending, firing) of the sidecar-silent alert for one instance, from the rules API. */
    private static Optional<String> silentAlertState(String instance) throws Exception {
        for (JsonNode group : get("/api/v1/rules?type=alert").path("data").path("groups")) {
            for (JsonNode rule : group.path("rules")) {
                if (!SILENT.equals(rule.path("name").asString())) {
                    continue;
                }
                for (JsonNode alert : rule.path("alerts")) {
                    if (instance.equals(alert.path("labels").path("instance").asString())) {
                        return Optional.of(alert.path("state").asString());
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> awaitSilentAlert(String instance, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            Optional<String> state = silentAlertState(instance);
            if (state.isPresent()) {
                return state;
            }
            Thread.sleep(250);
        }
        return Optional.empty();
    }
}
