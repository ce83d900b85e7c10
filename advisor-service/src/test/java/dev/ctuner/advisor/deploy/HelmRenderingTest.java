package dev.ctuner.advisor.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.marcnuri.helm.LintResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * helm lint --strict and helm template of helm/ctuner for the default values and every value set in
 * ci/*-values.yaml, run in the JVM through helm-java ({@link ChartHelm}), compared with the committed
 * renderings in ci/rendered/ that the other tests read, so they cannot drift from the templates.
 *
 * <p>After changing the chart, write the renderings with
 * {@code ./mvnw -o -pl advisor-service -am test -Dtest=HelmRenderingTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dctuner.chart.write=true} (or scripts/render-chart.sh where a helm binary is installed) and commit them.
 */
class HelmRenderingTest {

    static final Path RENDERED = HelmChartTest.CHART.resolve("ci").resolve("rendered");

    static Stream<String> valueSets() throws IOException {
        List<String> names = new ArrayList<>(List.of("default"));
        try (Stream<Path> files = Files.list(HelmChartTest.CHART.resolve("ci"))) {
            files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith("-values.yaml")).sorted()
                    .forEach(n -> names.add(n.substring(0, n.length() - "-values.yaml".length())));
        }
        return names.stream();
    }

    @ParameterizedTest
    @MethodSource("valueSets")
    void theChartLintsStrictly(String set) throws IOException {
        LintResult lint = ChartHelm.lint(set);
        assertThat(lint.isFailed()).as(String.join("\n", lint.getMessages())).isFalse();
    }

    @ParameterizedTest
    @MethodSource("valueSets")
    void theCommittedRenderingIsWhatHelmRendersNow(String set) throws IOException {
        String rendered = ChartHelm.template(set);
        Path file = RENDERED.resolve(set + ".yaml");
        if (Boolean.getBoolean("ctuner.chart.write")) {
            Files.writeString(file, rendered);
        }
        assertThat(file).as("run this test with -Dctuner.chart.write=true to write it").exists();
        assertThat(rendered).as("%s is out of date: run this test with -Dctuner.chart.write=true", file)
                .isEqualTo(Files.readString(file));
    }

}
