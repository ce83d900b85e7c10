package dev.ctuner.advisor.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.advisor.config.AdvisorSecurityProperties;
import dev.ctuner.advisor.config.AdvisorSecurityProperties.Role;
import dev.ctuner.advisor.ingest.IngestProperties;
import dev.ctuner.advisor.rollout.RolloutProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.yaml.snakeyaml.Yaml;

/**
 * What the chart renders for the default values and each value set of helm/ctuner/ci/, as
 * scripts/render-chart.sh wrote it with helm into helm/ctuner/ci/rendered/: every container
 * hardened, no secret in plain text, probes on the open health groups, and the advisor's
 * environment binding to its real settings. Where helm is on PATH (or HELM names it), the
 * renderings are also compared with a fresh one, so they cannot drift from the templates.
 */
class RenderedManifestsTest {

    private static final Path RENDERED = HelmChartTest.CHART.resolve("ci").resolve("rendered");
    private static final Set<String> KINDS = Set.of("Deployment", "Service", "PersistentVolumeClaim", "Secret", "ConfigMap",
            "ServiceAccount", "ServiceMonitor", "PodDisruptionBudget", "NetworkPolicy", "PrometheusRule");

    static Stream<String> renderings() throws IOException {
        try (Stream<Path> files = Files.list(RENDERED)) {
            List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted().toList();
            assertThat(names).contains("default.yaml", "cass-operator.yaml", "statefulset.yaml", "ha-external-database.yaml");
            return names.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("renderings")
    void everyContainerRunsAsNonRootWithoutPrivilegesOnAReadOnlyRoot(String rendering) throws IOException {
        List<Map<String, Object>> pods = podSpecs(rendering);
        assertThat(pods).isNotEmpty();
        for (Map<String, Object> pod : pods) {
            assertThat(pod).containsEntry("automountServiceAccountToken", false);
            assertThat(path(pod, "securityContext.runAsNonRoot")).isEqualTo(true);
            assertThat((Integer) path(pod, "securityContext.runAsUser")).isPositive();
            for (Map<String, Object> container : list(pod, "containers")) {
                Map<String, Object> security = map(container, "securityContext");
                assertThat(security).containsEntry("allowPrivilegeEscalation", false).containsEntry("readOnlyRootFilesystem", true);
                assertThat(path(security, "capabilities.drop")).isEqualTo(List.of("ALL"));
            }
        }
    }

    @ParameterizedTest
    @MethodSource("renderings")
    void secretsReachContainersOnlyByReference(String rendering) throws IOException {
        for (Map<String, Object> pod : podSpecs(rendering)) {
            for (Map<String, Object> container : list(pod, "containers")) {
                for (Map<String, Object> env : list(container, "env")) {
                    String name = (String) env.get("name");
                    if (name.matches(".*(PASSWORD|SECRET|TOKEN|HASH).*")) {
                        assertThat(env).as(name).doesNotContainKey("value");
                        assertThat(path(env, "valueFrom.secretKeyRef.name")).as(name).isNotNull();
                    }
                }
            }
        }
        for (Map<String, Object> configMap : documents(rendering, "ConfigMap")) {
            assertThat(configMap.get("data").toString()).doesNotContainPattern("(?i)password\\s*:");
        }
    }

    @ParameterizedTest
    @MethodSource("renderings")
    void probesUseTheHealthGroupsThatAnswerWithoutCredentials(String rendering) throws IOException {
        for (Map<String, Object> pod : podSpecs(rendering)) {
            Map<String, Object> advisor = list(pod, "containers").get(0);
            assertThat(path(advisor, "livenessProbe.httpGet.path")).isEqualTo("/actuator/health/liveness");
            assertThat(path(advisor, "startupProbe.httpGet.path")).isEqualTo("/actuator/health/liveness");
            assertThat(path(advisor, "readinessProbe.httpGet.path")).isEqualTo("/actuator/health/readiness");
        }
    }

    @ParameterizedTest
    @MethodSource("renderings")
    void theAdvisorsEnvironmentBindsToItsSettings(String rendering) throws IOException {
        Map<String, Object> advisor = list(podSpecs(rendering).get(0), "containers").get(0);
        Binder binder = binder(list(advisor, "env"));

        IngestProperties kafka = binder.bindOrCreate("ctuner.advisor.kafka", IngestProperties.class);
        assertThat(kafka.bootstrapServers()).matches("[^,:]+:\\d+(,[^,:]+:\\d+)*").isNotEqualTo("localhost:9092");
        AdvisorSecurityProperties security = binder.bindOrCreate("ctuner.advisor.security", AdvisorSecurityProperties.class);
        assertThat(security.users()).isNotEmpty();
        assertThat(security.users().get(0).name()).startsWith("secret:");
        assertThat(security.users().get(0).roles()).containsExactly(Role.OPERATOR);
        assertThat(binder.bind("ctuner.advisor.data-dir", String.class).get()).isEqualTo("/var/lib/ctuner");
        boolean keyFromSecret = list(advisor, "volumeMounts").stream().anyMatch(m -> "signing-key".equals(m.get("name")));
        if (keyFromSecret) {
            RolloutProperties rollout = binder.bindOrCreate("ctuner.advisor.rollout", RolloutProperties.class);
            assertThat(rollout.signingKeyFile()).hasToString("/etc/ctuner/keys/signing-key.pem");
            assertThat(rollout.publicKeyFile()).hasToString("/etc/ctuner/keys/public-key.pem");
        } else {   // application.yml's default: generated in the data directory, on the data volume
            assertThat(binder.bind("ctuner.advisor.rollout.signing-key-file", String.class).isBound()).isFalse();
            assertThat(list(advisor, "volumeMounts")).anyMatch(m -> "/var/lib/ctuner".equals(m.get("mountPath")));
        }
    }

    @Test
    void aScrapedAdvisorHasAViewerUserForTheScraper() throws IOException {
        Map<String, Object> advisor = list(podSpecs("servicemonitor.yaml").get(0), "containers").get(0);
        AdvisorSecurityProperties security = binder(list(advisor, "env")).bindOrCreate("ctuner.advisor.security", AdvisorSecurityProperties.class);
        assertThat(security.users()).hasSize(2);
        assertThat(security.users().get(1).roles()).containsExactly(Role.VIEWER);
        Map<String, Object> monitor = documents("servicemonitor.yaml", "ServiceMonitor").get(0);
        Map<String, Object> endpoint = list(map(monitor, "spec"), "endpoints").get(0);
        assertThat(endpoint).containsEntry("path", "/actuator/prometheus");
        assertThat(path(endpoint, "basicAuth.password.name")).isEqualTo(documents("servicemonitor.yaml", "Secret").stream()
                .map(s -> path(s, "metadata.name")).filter(n -> n.toString().endsWith("-metrics")).findFirst().orElseThrow());
    }

    @Test
    void theRenderingsAreWhatHelmRendersNow() throws Exception {
        String helm = System.getenv().getOrDefault("HELM", "helm");
        boolean available;
        try {
            available = new ProcessBuilder(helm, "version").redirectErrorStream(true).start().waitFor(30, TimeUnit.SECONDS);
        } catch (IOException noHelm) {
            available = false;
        }
        Assumptions.assumeTrue(available, "no helm binary (HELM or PATH): the renderings are checked as committed only");
        Process check = new ProcessBuilder("bash", "scripts/render-chart.sh", "--check").directory(Path.of("..").toFile())
                .redirectErrorStream(true).start();
        String output = new String(check.getInputStream().readAllBytes());
        assertThat(check.waitFor()).as(output).isZero();
    }

    private static Binder binder(List<Map<String, Object>> env) {
        Map<String, Object> variables = new LinkedHashMap<>();
        String hash = new BCryptPasswordEncoder().encode("a sample password");
        for (Map<String, Object> variable : env) {
            String name = (String) variable.get("name");
            Object value = variable.get("value");
            if (value == null) {
                value = name.endsWith("PASSWORDHASH") ? hash : "secret:" + path(variable, "valueFrom.secretKeyRef.key");
            }
            variables.put(name, value.toString());
        }
        MutablePropertySources sources = new MutablePropertySources();
        sources.addFirst(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
        return new Binder(ConfigurationPropertySources.from(sources));
    }

    private static List<Map<String, Object>> podSpecs(String rendering) throws IOException {
        List<Map<String, Object>> pods = new ArrayList<>();
        for (Map<String, Object> deployment : documents(rendering, "Deployment")) {
            pods.add(map(map(map(deployment, "spec"), "template"), "spec"));
        }
        return pods;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> documents(String rendering, String kind) throws IOException {
        List<Map<String, Object>> found = new ArrayList<>();
        for (Object document : new Yaml().loadAll(Files.readString(RENDERED.resolve(rendering)))) {
            if (document == null) {
                continue;
            }
            Map<String, Object> object = (Map<String, Object>) document;
            assertThat(KINDS).as("kind rendered in %s", rendering).contains((String) object.get("kind"));
            if (kind.equals(object.get("kind"))) {
                found.add(object);
            }
        }
        return found;
    }

    private static Object path(Map<String, Object> root, String dotted) {
        return ChartFeaturesTestSupport.get(root, dotted);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> parent, String key) {
        assertThat(parent).containsKey(key);
        return (Map<String, Object>) parent.get(key);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> parent, String key) {
        assertThat(parent).containsKey(key);
        return (List<Map<String, Object>>) parent.get(key);
    }
}
