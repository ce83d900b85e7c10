package dev.ctuner.advisor.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.yaml.snakeyaml.Yaml;

/**
 * The chart's optional parts in the committed renderings (ci/rendered/): PodDisruptionBudget, NetworkPolicy,
 * HTTPS from a key store Secret, the alert rules and dashboards of observability/ (and the chart's copies of
 * them, which must equal the originals).
 */
class ChartFeaturesTest {

    private static final Path OBSERVABILITY = Path.of("..", "observability");

    @Test
    void theChartsCopiesOfTheDashboardsAndAlertRulesEqualTheOriginals() throws IOException {
        List<String> originals = names(OBSERVABILITY.resolve("grafana"));
        assertThat(originals).isNotEmpty().isEqualTo(names(HelmChartTest.CHART.resolve("files/grafana")));
        for (String name : originals) {
            assertThat(HelmChartTest.CHART.resolve("files/grafana").resolve(name)).as(name)
                    .hasSameTextualContentAs(OBSERVABILITY.resolve("grafana").resolve(name));
        }
        assertThat(HelmChartTest.CHART.resolve("files/prometheus/ctuner-alerts.yml"))
                .hasSameTextualContentAs(OBSERVABILITY.resolve("prometheus/rules/ctuner-alerts.yml"));
    }

    @Test
    void aDisruptionBudgetComesWithSeveralReplicasOrOnRequest() throws IOException {
        assertThat(documents("default.yaml", "PodDisruptionBudget")).isEmpty();
        for (String rendering : List.of("ha-external-database.yaml", "https-networkpolicy.yaml")) {
            Map<String, Object> pdb = single(rendering, "PodDisruptionBudget");
            assertThat(get(pdb, "spec.minAvailable")).isEqualTo(1);
            assertThat(get(pdb, "spec.selector.matchLabels")).isEqualTo(get(single(rendering, "Deployment"), "spec.template.metadata.labels"));
        }
    }

    @Test
    void theNetworkPolicyAdmitsOnlyTheAdvisorsPortFromTheChosenPeers() throws IOException {
        assertThat(documents("default.yaml", "NetworkPolicy")).isEmpty();
        Map<String, Object> policy = single("https-networkpolicy.yaml", "NetworkPolicy");
        Map<String, Object> deployment = single("https-networkpolicy.yaml", "Deployment");
        assertThat(get(policy, "spec.podSelector.matchLabels")).isEqualTo(get(deployment, "spec.template.metadata.labels"));
        assertThat(get(policy, "spec.policyTypes")).isEqualTo(List.of("Ingress"));
        List<Map<String, Object>> ingress = list(get(policy, "spec.ingress"));
        assertThat(ingress).hasSize(1);
        Object containerPort = get(list(get(list(get(deployment, "spec.template.spec.containers")).get(0), "ports")).get(0), "containerPort");
        assertThat(ingress.get(0).get("ports")).isEqualTo(List.of(Map.of("port", containerPort, "protocol", "TCP")));
        assertThat(list(ingress.get(0).get("from"))).hasSize(2);
    }

    @Test
    void httpsComesFromAPkcs12KeyStoreSecretAndTheProbesAndScraperUseIt() throws IOException {
        Map<String, Object> deployment = single("https-networkpolicy.yaml", "Deployment");
        Map<String, Object> advisor = list(get(deployment, "spec.template.spec.containers")).get(0);
        Map<String, String> env = new java.util.LinkedHashMap<>();
        for (Map<String, Object> variable : list(advisor.get("env"))) {
            Object value = variable.get("value");
            env.put((String) variable.get("name"), value != null ? value.toString() : "secret:" + get(variable, "valueFrom.secretKeyRef.key"));
        }
        Binder binder = new Binder(ConfigurationPropertySources.from(
                new org.springframework.core.env.SystemEnvironmentPropertySource("env", Map.copyOf(env))));
        assertThat(binder.bind("server.ssl.enabled", Boolean.class).get()).isTrue();
        assertThat(binder.bind("server.ssl.key-store", String.class).get()).isEqualTo("/etc/ctuner/tls/keystore.p12");
        assertThat(binder.bind("server.ssl.key-store-type", String.class).get()).isEqualTo("PKCS12");
        assertThat(binder.bind("server.ssl.key-store-password", String.class).get()).isEqualTo("secret:keystore-password");
        assertThat(binder.bind("server.ssl.key-alias", String.class).get()).isEqualTo("advisor");
        Map<String, Object> mount = list(advisor.get("volumeMounts")).stream().filter(m -> "tls".equals(m.get("name"))).findFirst().orElseThrow();
        assertThat(mount).containsEntry("mountPath", "/etc/ctuner/tls").containsEntry("readOnly", true);
        Map<String, Object> volume = list(get(deployment, "spec.template.spec.volumes")).stream()
                .filter(v -> "tls".equals(v.get("name"))).findFirst().orElseThrow();
        assertThat(get(volume, "secret.secretName")).isEqualTo("ctuner-advisor-tls");
        for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
            assertThat(get(advisor, probe + ".httpGet.scheme")).as(probe).isEqualTo("HTTPS");
            assertThat(get(list(get(single("default.yaml", "Deployment"), "spec.template.spec.containers")).get(0), probe + ".httpGet.scheme"))
                    .as(probe).isEqualTo("HTTP");
        }
        Map<String, Object> endpoint = list(get(single("https-networkpolicy.yaml", "ServiceMonitor"), "spec.endpoints")).get(0);
        assertThat(endpoint).containsEntry("scheme", "https");
        assertThat(get(endpoint, "tlsConfig.serverName")).isEqualTo("ctuner.ctuner.svc");
    }

    @Test
    void thePrometheusRuleCarriesTheRepositorysAlertRules() throws IOException {
        assertThat(documents("default.yaml", "PrometheusRule")).isEmpty();
        Map<String, Object> rule = single("monitoring.yaml", "PrometheusRule");
        Map<String, Object> original = new Yaml().load(Files.readString(OBSERVABILITY.resolve("prometheus/rules/ctuner-alerts.yml")));
        assertThat(get(rule, "spec.groups")).isEqualTo(original.get("groups"));
        assertThat(get(rule, "metadata.labels.release")).isEqualTo("prometheus");
        Map<String, Object> endpoint = list(get(single("monitoring.yaml", "ServiceMonitor"), "spec.endpoints")).get(0);
        assertThat(list(endpoint.get("relabelings"))).as("the job name the rules expect")
                .containsExactly(Map.of("targetLabel", "job", "replacement", "ctuner-advisor"));
    }

    @Test
    void theDashboardsAreConfigMapsForGrafanasSidecar() throws IOException {
        assertThat(documents("default.yaml", "ConfigMap")).noneMatch(c -> get(c, "metadata.labels.grafana_dashboard") != null);
        List<Map<String, Object>> dashboards = documents("monitoring.yaml", "ConfigMap").stream()
                .filter(c -> "1".equals(get(c, "metadata.labels.grafana_dashboard"))).toList();
        List<String> files = names(OBSERVABILITY.resolve("grafana"));
        assertThat(dashboards).hasSameSizeAs(files);
        for (Map<String, Object> dashboard : dashboards) {
            assertThat(get(dashboard, "metadata.namespace")).isEqualTo("monitoring");
            assertThat(get(dashboard, "metadata.annotations.grafana_folder")).isEqualTo("ctuner");
            Map<?, ?> data = (Map<?, ?>) dashboard.get("data");
            assertThat(data).hasSize(1);
            String file = (String) data.keySet().iterator().next();
            assertThat(files).contains(file);
            assertThat(data.get(file)).isEqualTo(Files.readString(OBSERVABILITY.resolve("grafana").resolve(file)).stripTrailing());
        }
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static List<Map<String, Object>> documents(String rendering, String kind) throws IOException {
        return ChartFeaturesTestSupport.documents(rendering, kind);
    }

    private static Map<String, Object> single(String rendering, String kind) throws IOException {
        return ChartFeaturesTestSupport.single(rendering, kind);
    }

    private static Object get(Map<String, Object> root, String dotted) {
        return ChartFeaturesTestSupport.get(root, dotted);
    }

    private static List<Map<String, Object>> list(Object node) {
        return ChartFeaturesTestSupport.list(node);
    }
}
