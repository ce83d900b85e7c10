package dev.ctuner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped Grafana dashboards have what Grafana needs to import them, read from the repository files only. */
class GrafanaDashboardsTest {

    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void theFiveDashboardsAreShipped() throws Exception {
        assertThat(Dashboards.read(ROOT)).extracting(Dashboards.Dashboard::uid)
                .containsExactlyInAnyOrder("ctuner-fleet", "ctuner-cluster", "ctuner-rollouts", "ctuner-sidecars", "ctuner-advisor");
    }

    @Test
    void everyDashboardHasASchemaVersionUniquePanelIdsAndTheDataSourceVariableEverywhereAndNoHardCodedInstance() throws Exception {
        for (Dashboards.Dashboard d : Dashboards.read(ROOT)) {
            assertThat(Dashboards.problems(d)).as(d.file().toString()).isEmpty();
            assertThat(d.panels()).as(d.file().toString()).isNotEmpty();
        }
    }

    @Test
    void theChecksCatchADuplicatePanelIdAHardCodedInstanceAndAFixedDataSource(@TempDir Path dir) throws Exception {
        Path shipped = ROOT.resolve(Dashboards.DIR).resolve("ctuner-fleet.json");
        String json = Files.readString(shipped);
        String doctored = json.replaceFirst("\"id\": 2,", "\"id\": 1,")
                .replaceFirst("ctuner_clusters", "ctuner_clusters{instance=\\\\\"10.0.0.5:8080\\\\\"}")
                .replaceFirst("\"uid\": \"\\$\\{datasource}\"", "\"uid\": \"P1809F7CD0C75ACF3\"");
        assertThat(doctored).isNotEqualTo(json);
        Path file = dir.resolve("doctored.json");
        Files.writeString(file, doctored);

        List<String> problems = Dashboards.problems(Dashboards.parse(file));

        assertThat(problems).anySatisfy(p -> assertThat(p).contains("panel id missing or not unique"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("hard-coded instance or host"));
        assertThat(problems).anySatisfy(p -> assertThat(p).contains("data source must be"));
    }

    @Test
    void withoutTheDataSourceVariableTheDashboardIsRefused(@TempDir Path dir) throws Exception {
        String json = Files.readString(ROOT.resolve(Dashboards.DIR).resolve("ctuner-advisor.json"))
                .replace("\"type\": \"datasource\"", "\"type\": \"constant\"");
        Path file = dir.resolve("no-variable.json");
        Files.writeString(file, json);
        assertThat(Dashboards.problems(Dashboards.parse(file))).anySatisfy(p -> assertThat(p).contains("no template variable 'datasource'"));
    }

    @Test
    void theObservabilityPageListsEveryPanelWithItsQueries() throws Exception {
        // Grafana is not part of the repository: the page's tables are what an operator reads instead of screenshots.
        String page = Files.readString(ROOT.resolve("docs/observability.md"));
        List<String> missing = new java.util.ArrayList<>();
        for (Dashboards.Dashboard d : Dashboards.read(ROOT)) {
            for (Dashboards.Panel panel : d.panels()) {
                if (!page.contains("| " + panel.title() + " ")) {
                    missing.add(d.uid() + ": panel '" + panel.title() + "'");
                }
                for (String expression : panel.expressions()) {
                    if (!page.contains("`" + expression.replace("|", "\\|") + "`")) {
                        missing.add(d.uid() + ": '" + panel.title() + "' query " + expression);
                    }
                }
            }
        }
        assertThat(missing).as("panels or queries not in docs/observability.md").isEmpty();
    }

    @Test
    void variablesResolveToMatchEverything() {
        assertThat(Dashboards.resolve("rate(x{cluster=~\"$cluster\", node=~\"${node}\"}[$__rate_interval])"))
                .isEqualTo("rate(x{cluster=~\".*\", node=~\".*\"}[1m])");
    }
}
