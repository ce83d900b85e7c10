package dev.ctuner.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped alert rules and scrape configuration pass Prometheus' own checker ({@code promtool},
 * from Debian's {@code prometheus} package), and every alert carries what an operator needs: a
 * {@code for:}, a severity, a summary, a description and a runbook link to a section that exists.
 */
class AlertRulesTest {

    static final Path ROOT = GrafanaDashboardsTest.ROOT;
    static final Path PROMTOOL = Path.of("/usr/bin/promtool");

    static String promtool(Path dir, String... args) throws Exception {
        if (!Files.isExecutable(PROMTOOL)) {
            fail(PROMTOOL + " is not installed: it comes with Debian's prometheus package (apt-get install prometheus; .ci/run installs it)");
        }
        List<String> command = new ArrayList<>(List.of(PROMTOOL.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s said:%n%s", String.join(" ", command), out).isZero();
        return out;
    }

    @Test
    void promtoolAcceptsEveryRuleFile() throws Exception {
        List<Path> files = AlertRules.files(ROOT);
        assertThat(files).isNotEmpty();
        List<String> args = new ArrayList<>(List.of("check", "rules"));
        files.forEach(f -> args.add(f.toString()));
        String out = promtool(ROOT, args.toArray(String[]::new));
        assertThat(out).contains("SUCCESS: " + AlertRules.read(ROOT).alerts().size() + " rules found");
    }

    @Test
    void promtoolAcceptsTheShippedScrapeConfigurationWithItsRules() throws Exception {
        assertThat(promtool(ROOT.resolve("observability/prometheus"), "check", "config", "prometheus.yml"))
                .contains("is valid prometheus config file syntax");
    }

    @Test
    void promtoolAcceptsTheConfigurationTheHarnessDerivesFromTheShippedOne(@TempDir Path dir) throws Exception {
        Path rules = dir.resolve("rules.yml");
        AlertRules.read(ROOT).withFor("CtunerSidecarSilent", "5s").write(rules);
        String config = PrometheusProcess.config(Files.readString(ROOT.resolve(PrometheusProcess.SHIPPED_CONFIG)),
                new PrometheusProcess.Scrape("127.0.0.1:18091", Optional.empty(), List.of("127.0.0.1:18111", "127.0.0.1:18112"),
                        Duration.ofSeconds(2), Duration.ofSeconds(1)), Optional.empty(), rules);
        Files.writeString(dir.resolve("prometheus.yml"), config);

        promtool(dir, "check", "config", "prometheus.yml");
        assertThat(config).contains("127.0.0.1:18111").contains("127.0.0.1:18091").doesNotContain("example.internal")
                .contains("scrape_interval: 2s");
        AlertRules copy = AlertRules.read(ROOT);
        assertThat(Files.readString(rules)).contains("5s");
        assertThat(copy.alerts()).extracting(AlertRules.Alert::name).contains("CtunerSidecarSilent");
    }

    @Test
    void everyAlertHasForASeverityASummaryADescriptionAndARunbookSectionThatExists() throws Exception {
        Set<String> anchors = Files.readAllLines(ROOT.resolve("docs/runbook.md")).stream().filter(l -> l.startsWith("#"))
                .map(AlertRulesTest::anchor).collect(Collectors.toSet());
        List<AlertRules.Alert> alerts = AlertRules.read(ROOT).alerts();
        assertThat(alerts).hasSizeGreaterThanOrEqualTo(10);
        for (AlertRules.Alert a : alerts) {
            assertThat(a.forDuration()).as(a.name() + " for:").isNotBlank();
            assertThat(a.labels().get("severity")).as(a.name() + " severity").isIn("critical", "warning", "info");
            assertThat(String.valueOf(a.annotations().get("summary"))).as(a.name() + " summary").isNotBlank().isNotEqualTo("null");
            assertThat(String.valueOf(a.annotations().get("description"))).as(a.name() + " description").isNotBlank().isNotEqualTo("null");
            String runbook = String.valueOf(a.annotations().get("runbook_url"));
            assertThat(runbook).as(a.name() + " runbook_url").startsWith("docs/runbook.md#");
            assertThat(anchors).as(a.name() + " links a runbook section that exists").contains(runbook.substring(runbook.indexOf('#') + 1));
        }
    }

    @Test
    void aForCanBeShortenedForATestWithoutTouchingTheExpression(@TempDir Path dir) throws Exception {
        AlertRules shipped = AlertRules.read(ROOT);
        AlertRules shortened = shipped.withFor("CtunerSidecarSilent", "5s");
        AlertRules.Alert before = shipped.alerts().stream().filter(a -> a.name().equals("CtunerSidecarSilent")).findFirst().orElseThrow();
        AlertRules.Alert after = shortened.alerts().stream().filter(a -> a.name().equals("CtunerSidecarSilent")).findFirst().orElseThrow();
        assertThat(after.forDuration()).isEqualTo("5s").isNotEqualTo(before.forDuration());
        assertThat(after.expression()).isEqualTo(before.expression());
        assertThat(AlertRules.read(ROOT).alerts()).as("the shipped rules stay as they are").contains(before);
    }

    /** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as dashes. */
    static String anchor(String heading) {
        return heading.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").replace(' ', '-');
    }
}
