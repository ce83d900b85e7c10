package dev.ctuner.sidecar.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.sidecar.config.SidecarProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.yaml.snakeyaml.Yaml;

/**
 * The chart's static patches that put the sidecar into the Cassandra pods (helm/ctuner/patches):
 * they parse, share the process namespace (what the {@code kubernetes} process control needs to
 * find and signal the Cassandra JVM), harden the container, name only volumes they define or the
 * Cassandra pod has, name the objects the chart creates, and their environment binds to the
 * sidecar's real settings.
 */
class SidecarPatchTest {

    private static final Path CHART = Path.of("..", "helm", "ctuner");

    @ParameterizedTest
    @CsvSource({"cassandradatacenter.yaml, podTemplateSpec, server-config server-logs",
                "statefulset.yaml, template, cassandra-config"})
    void addsTheSidecarWithASharedProcessNamespace(String file, String templateKey, String podVolumes) throws IOException {
        Map<String, Object> podSpec = podSpec(file, templateKey);

        assertThat(podSpec).containsEntry("shareProcessNamespace", true);
        Map<String, Object> sidecar = sidecar(podSpec);
        assertThat(sidecar).doesNotContainKey("readinessProbe");   // would take Cassandra out of its Service
        assertThat(path(sidecar, "livenessProbe.httpGet.path")).isEqualTo("/actuator/health/liveness");
        assertThat(sidecar.get("image").toString()).startsWith("ctuner/sidecar-agent:");
    }

    @ParameterizedTest
    @CsvSource({"cassandradatacenter.yaml, podTemplateSpec", "statefulset.yaml, template"})
    void theContainerRunsAsCassandrasNonRootUserWithoutPrivileges(String file, String templateKey) throws IOException {
        Map<String, Object> security = map(sidecar(podSpec(file, templateKey)), "securityContext");

        assertThat(security).containsEntry("runAsNonRoot", true).containsEntry("allowPrivilegeEscalation", false)
                .containsEntry("readOnlyRootFilesystem", true);
        assertThat((Integer) security.get("runAsUser")).isPositive();
        assertThat(path(security, "capabilities.drop")).isEqualTo(List.of("ALL"));
    }

    @ParameterizedTest
    @CsvSource({"cassandradatacenter.yaml, podTemplateSpec, server-config server-logs",
                "statefulset.yaml, template, cassandra-config"})
    void mountsOnlyVolumesItDefinesOrThePodHas(String file, String templateKey, String podVolumes) throws IOException {
        Map<String, Object> podSpec = podSpec(file, templateKey);
        Set<String> defined = new HashSet<>(List.of(podVolumes.split(" ")));
        for (Map<String, Object> volume : list(podSpec, "volumes")) {
            defined.add((String) volume.get("name"));
        }
        List<Map<String, Object>> mounts = list(sidecar(podSpec), "volumeMounts");

        assertThat(mounts).extracting(m -> (String) m.get("name")).allMatch(defined::contains);
        assertThat(mounts).extracting(m -> (String) m.get("mountPath"))
                .contains("/config", "/etc/ctuner", "/etc/ctuner-keys", "/var/lib/ctuner-sidecar", "/tmp");
        Map<String, Object> configVolume = volume(podSpec, "ctuner-sidecar-config");
        assertThat(path(configVolume, "configMap.name")).isEqualTo(templateObjectName("sidecar-configmap.yaml"));
        assertThat(path(volume(podSpec, "ctuner-advisor-public-key"), "secret.secretName")).isEqualTo("ctuner-advisor-public-key");
    }

    @ParameterizedTest
    @CsvSource({"cassandradatacenter.yaml, podTemplateSpec", "statefulset.yaml, template"})
    void itsEnvironmentBindsToTheSidecarsSettings(String file, String templateKey) throws IOException {
        Map<String, Object> env = new LinkedHashMap<>();
        for (Map<String, Object> variable : list(sidecar(podSpec(file, templateKey)), "env")) {
            Object value = variable.containsKey("value") ? variable.get("value") : "from " + variable.get("valueFrom");
            env.put((String) variable.get("name"), value);
        }
        MutablePropertySources sources = new MutablePropertySources();
        sources.addFirst(new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, env));
        SidecarProperties bound = new Binder(ConfigurationPropertySources.from(sources))
                .bind("ctuner.sidecar", Bindable.ofInstance(new SidecarProperties())).get();

        assertThat(bound.getCassandra().getCqlHost()).contains("status.podIP");
        assertThat(bound.getNodeId()).as("node id: the pod IP, unique per node").contains("status.podIP");
        assertThat(bound.getCassandra().getUsername()).contains("cql-username").contains("optional=true");
        assertThat(bound.getCassandra().getPassword()).contains("cql-password");
        assertThat(bound.getCassandra().getJmxUsername()).contains("jmx-username");
        assertThat(bound.getCassandra().getJmxPassword()).contains("jmx-password");
        assertThat(env).containsEntry("SPRING_CONFIG_ADDITIONAL_LOCATION", "optional:/etc/ctuner/");
    }

    @ParameterizedTest
    @CsvSource({"cassandradatacenter.yaml, podTemplateSpec", "statefulset.yaml, template"})
    void kafkaPasswordsAndTheJaasLineComeOnlyFromTheOptionalSecretAndTheStoresAreMountedWhereTheSettingsPoint(
            String file, String templateKey) throws IOException {
        Map<String, Object> podSpec = podSpec(file, templateKey);
        Map<String, String> fromSecret = new LinkedHashMap<>();
        for (Map<String, Object> variable : list(sidecar(podSpec), "env")) {
            String name = (String) variable.get("name");
            if (name.startsWith("SPRING_KAFKA_")) {
                assertThat(variable).as(name).doesNotContainKey("value");
                assertThat(path(variable, "valueFrom.secretKeyRef.name")).as(name).isEqualTo("ctuner-sidecar-kafka");
                assertThat(path(variable, "valueFrom.secretKeyRef.optional")).as(name).isEqualTo(true);
                fromSecret.put(name, (String) path(variable, "valueFrom.secretKeyRef.key"));
            }
        }
        assertThat(fromSecret).containsOnly(Map.entry("SPRING_KAFKA_SSL_TRUST_STORE_PASSWORD", "truststore-password"),
                Map.entry("SPRING_KAFKA_SSL_KEY_STORE_PASSWORD", "keystore-password"),
                Map.entry("SPRING_KAFKA_SSL_KEY_PASSWORD", "key-password"),
                Map.entry("SPRING_KAFKA_PROPERTIES_SASL_JAAS_CONFIG", "sasl-jaas-config"));
        assertThat(list(sidecar(podSpec), "volumeMounts")).anyMatch(m -> "ctuner-sidecar-kafka".equals(m.get("name"))
                && "/etc/ctuner-kafka".equals(m.get("mountPath")) && Boolean.TRUE.equals(m.get("readOnly")));
        Map<String, Object> volume = volume(podSpec, "ctuner-sidecar-kafka");
        assertThat(path(volume, "secret.optional")).isEqualTo(true);
        String configMap = Files.readString(CHART.resolve("templates").resolve("sidecar-configmap.yaml"));
        for (Map<String, Object> item : list(map(volume, "secret"), "items")) {
            assertThat(configMap).contains("file:/etc/ctuner-kafka/" + item.get("path"));
        }
    }

    @org.junit.jupiter.api.Test
    void theChartsSidecarSettingsPointIntoTheMountsOfThePatches() throws IOException {
        String configMap = Files.readString(CHART.resolve("templates").resolve("sidecar-configmap.yaml"));
        assertThat(configMap).contains("advisor-public-key: /etc/ctuner-keys/public-key.pem")
                .contains("state-dir: /var/lib/ctuner-sidecar");
        Map<String, Object> values = new Yaml().load(Files.readString(CHART.resolve("values.yaml")));
        assertThat((String) path(values, "sidecar.act.cassandraYaml")).startsWith("/config/");
        assertThat((String) path(values, "sidecar.act.processMode")).isEqualTo("kubernetes");
        assertThat(templateObjectName("sidecar-serviceaccount.yaml"))
                .isEqualTo(path(podSpec("statefulset.yaml", "template"), "serviceAccountName"));
    }

    /** The fixed metadata.name of a chart template (the patches depend on it, so it must not be templated). */
    private static String templateObjectName(String template) throws IOException {
        Matcher m = Pattern.compile("(?m)^metadata:\\n  name: ([a-z0-9-]+)$")
                .matcher(Files.readString(CHART.resolve("templates").resolve(template)));
        assertThat(m.find()).as("%s has a fixed metadata.name", template).isTrue();
        return m.group(1);
    }

    private static Map<String, Object> podSpec(String file, String templateKey) throws IOException {
        Map<String, Object> patch = new Yaml().load(Files.readString(CHART.resolve("patches").resolve(file)));
        return map(map(map(patch, "spec"), templateKey), "spec");
    }

    private static Map<String, Object> sidecar(Map<String, Object> podSpec) {
        return list(podSpec, "containers").stream().filter(c -> "ctuner-sidecar".equals(c.get("name"))).findFirst()
                .orElseThrow(() -> new AssertionError("no container ctuner-sidecar"));
    }

    private static Map<String, Object> volume(Map<String, Object> podSpec, String name) {
        return list(podSpec, "volumes").stream().filter(v -> name.equals(v.get("name"))).findFirst()
                .orElseThrow(() -> new AssertionError("no volume " + name));
    }

    private static Object path(Map<String, Object> root, String dotted) {
        Object node = root;
        for (String key : dotted.split("\\.")) {
            assertThat(node).as(dotted).isInstanceOf(Map.class);
            node = ((Map<?, ?>) node).get(key);
        }
        return node;
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
