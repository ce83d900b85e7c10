package dev.ctuner.advisor.ui;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * axe-core (the npm package, as the WebJar {@code org.webjars.npm:axe-core}) run in the page the
 * browser shows: its {@code axe.min.js} is injected through WebDriver (which the page's content
 * security policy does not govern), {@code axe.run} checks the whole document with its default rules.
 *
 * <pre>{@code
 * List<Axe.Violation> found = Axe.load().run(browser);
 * }</pre>
 */
final class Axe {

    private static final String POM = "META-INF/maven/org.webjars.npm/axe-core/pom.properties";

    /** A rule the page breaks: its id and impact (minor, moderate, serious, critical), what it asks, the elements that break it. */
    record Violation(String rule, String impact, String help, List<String> targets) {

        boolean seriousOrWorse() {
            return "serious".equals(impact) || "critical".equals(impact);
        }

        @Override
        public String toString() {
            return rule + " (" + impact + "): " + help + " at " + String.join(" | ", targets);
        }
    }

    private static final String RUN = """
            var done = arguments[arguments.length - 1];
            axe.run(document, { resultTypes: ['violations'] }).then(function (r) {
              done({ version: axe.version, violations: r.violations.map(function (v) {
                return { id: v.id, impact: v.impact || 'minor', help: v.help,
                  targets: v.nodes.map(function (n) { return n.target.join(' ') + ' ' + (n.html || '').substring(0, 120); }) };
              }) });
            }).catch(function (e) { done({ error: String(e) }); });
            """;

    private final String script;
    final String version;

    private Axe(String script, String version) {
        this.script = script;
        this.version = version;
    }

    /** axe.min.js of the WebJar on the test classpath. */
    static Axe load() {
        ClassLoader loader = Axe.class.getClassLoader();
        try (InputStream pom = loader.getResourceAsStream(POM)) {
            if (pom == null) {
                throw new IllegalStateException("org.webjars.npm:axe-core is not on the test classpath (" + POM + ")");
            }
            Properties p = new Properties();
            p.load(pom);
            String version = p.getProperty("version");
            try (InputStream js = loader.getResourceAsStream("META-INF/resources/webjars/axe-core/" + version + "/axe.min.js")) {
                if (js == null) {
                    throw new IllegalStateException("axe.min.js missing from the axe-core " + version + " WebJar");
                }
                return new Axe(new String(js.readAllBytes(), StandardCharsets.UTF_8), version);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every rule the page now shown breaks. */
    @SuppressWarnings("unchecked")
    List<Violation> run(WebDriver browser) {
        JavascriptExecutor js = (JavascriptExecutor) browser;
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
        if (!Boolean.TRUE.equals(js.executeScript("return typeof window.axe === 'object'"))) {
            js.executeScript(script);
        }
        Map<String, Object> result = (Map<String, Object>) js.executeAsyncScript(RUN);
        if (result.containsKey("error")) {
            throw new IllegalStateException("axe.run failed on " + browser.getCurrentUrl() + ": " + result.get("error"));
        }
        return ((List<Map<String, Object>>) result.get("violations")).stream()
                .map(v -> new Violation((String) v.get("id"), (String) v.get("impact"), (String) v.get("help"),
                        (List<String>) v.get("targets")))
                .toList();
    }
}
