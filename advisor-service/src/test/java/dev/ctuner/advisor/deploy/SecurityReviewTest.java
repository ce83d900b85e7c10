package dev.ctuner.advisor.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A security review of every rendering in ci/rendered/ and of both sidecar patches: every container and init
 * container runs as non-root without privilege escalation, with all capabilities dropped and a read-only root;
 * no password, key or JAAS line is a plain environment value or sits in a ConfigMap: they reach containers only
 * through secretKeyRef or mounted Secrets.
 */
class SecurityReviewTest {

    /** Environment variables that carry a secret by their name. */
    private static final Pattern SECRET_NAME = Pattern.compile(".*(PASSWORD|SECRET|TOKEN|HASH|JAAS|CREDENTIAL|PRIVATE).*");
    /** Text that is a secret whatever it is called: a JAAS line, a password assignment, a PEM private key. */
    private static final Pattern SECRET_TEXT = Pattern.compile("(?is).*(LoginModule|password\\s*[:=]\\s*[\"']?[^\\s\"'$]|-----BEGIN [A-Z ]*PRIVATE KEY).*");

    static Stream<String> renderings() throws IOException {
        return HelmRenderingTest.valueSets().map(set -> set + ".yaml");
    }

    @ParameterizedTest
    @MethodSource("renderings")
    void everyContainerIsHardened(String rendering) throws IOException {
        List<Map<String, Object>> pods = podSpecs(rendering);
        assertThat(pods).isNotEmpty();
        pods.forEach(pod -> assertHardened(pod, rendering));
    }

    @ParameterizedTest
    @MethodSource("renderings")
    void secretsReachContainersOnlyFromSecrets(String rendering) throws IOException {
        for (Map<String, Object> pod : podSpecs(rendering)) {
            assertNoPlainSecrets(pod, rendering);
        }
        for (Map<String, Object> configMap : ChartFeaturesTestSupport.documents(rendering, "ConfigMap")) {
            Map<?, ?> data = (Map<?, ?>) configMap.get("data");
            data.forEach((key, text) -> assertThat(text.toString()).as("%s in ConfigMap %s of %s", key,
                    ChartFeaturesTestSupport.get(configMap, "metadata.name"), rendering).doesNotMatch(SECRET_TEXT));
        }
    }

    @Test
    void theSidecarPatchesAreHardenedAndTakeSecretsOnlyFromSecrets() throws IOException {
        Map<String, Object> statefulSet = KubernetesModelTest.documents(HelmChartTest.CHART.resolve("patches/statefulset.yaml")).get(0);
        Map<String, Object> datacenter = KubernetesModelTest.documents(HelmChartTest.CHART.resolve("patches/cassandradatacenter.yaml")).get(0);
        for (Map<String, Object> pod : List.of(map(ChartFeaturesTestSupport.get(statefulSet, "spec.template.spec")),
                map(ChartFeaturesTestSupport.get(datacenter, "spec.podTemplateSpec.spec")))) {
            assertHardened(pod, "a patch");
            assertNoPlainSecrets(pod, "a patch");
        }
    }

    @Test
    void theReviewCatchesAPlainPasswordAJaasLineAndARootContainer() {
        Map<String, Object> pod = Map.of("securityContext", Map.of("runAsNonRoot", true, "runAsUser", 10001), "containers", List.of(
                Map.of("name", "x", "env", List.of(Map.of("name", "SPRING_KAFKA_PROPERTIES_SASL_JAAS_CONFIG",
                        "value", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"a\" password=\"b\";")))));
        assertThat(catching(() -> assertNoPlainSecrets(pod, "a bad pod"))).contains("SASL_JAAS_CONFIG");
        Map<String, Object> renamed = Map.of("containers", List.of(Map.of("name", "x", "env", List.of(
                Map.of("name", "EXTRA", "value", "password: hunter2")))));
        assertThat(catching(() -> assertNoPlainSecrets(renamed, "a bad pod"))).contains("EXTRA");
        Map<String, Object> root = Map.of("securityContext", Map.of("runAsUser", 0), "initContainers", List.of(Map.of("name", "init",
                "securityContext", Map.of("allowPrivilegeEscalation", false, "readOnlyRootFilesystem", true,
                        "capabilities", Map.of("drop", List.of("ALL"))))), "containers", List.of());
        assertThat(catching(() -> assertHardened(root, "a bad pod"))).contains("init");
    }

    private static void assertHardened(Map<String, Object> pod, String where) {
        Map<String, Object> podSecurity = map(pod.getOrDefault("securityContext", Map.of()));
        for (Map<String, Object> container : containers(pod)) {
            String name = where + ": container " + container.get("name");
            Map<String, Object> security = map(container.get("securityContext"));
            assertThat(security.getOrDefault("runAsNonRoot", podSecurity.get("runAsNonRoot"))).as(name + " runAsNonRoot").isEqualTo(true);
            Object user = security.getOrDefault("runAsUser", podSecurity.get("runAsUser"));
            assertThat(user == null || ((Integer) user) > 0).as(name + " runAsUser").isTrue();
            assertThat(security).as(name).containsEntry("allowPrivilegeEscalation", false).containsEntry("readOnlyRootFilesystem", true);
            assertThat(ChartFeaturesTestSupport.get(security, "capabilities.drop")).as(name).isEqualTo(List.of("ALL"));
            assertThat(ChartFeaturesTestSupport.get(security, "capabilities.add")).as(name).isNull();
            assertThat(security.get("privileged")).as(name).isNotEqualTo(true);
        }
    }

    private static void assertNoPlainSecrets(Map<String, Object> pod, String where) {
        for (Map<String, Object> container : containers(pod)) {
            for (Map<String, Object> variable : ChartFeaturesTestSupport.list(container.getOrDefault("env", List.of()))) {
                String name = where + ": " + container.get("name") + " " + variable.get("name");
                Object value = variable.get("value");
                if (SECRET_NAME.matcher((String) variable.get("name")).matches()) {
                    assertThat(value).as(name + " is a plain value").isNull();
                    assertThat(ChartFeaturesTestSupport.get(variable, "valueFrom.secretKeyRef.name")).as(name).isNotNull();
                } else if (value != null) {
                    assertThat(value.toString()).as(name + " holds a secret").doesNotMatch(SECRET_TEXT);
                }
            }
        }
    }

    private static List<Map<String, Object>> containers(Map<String, Object> pod) {
        List<Map<String, Object>> all = new ArrayList<>();
        all.addAll(ChartFeaturesTestSupport.list(pod.getOrDefault("initContainers", List.of())));
        all.addAll(ChartFeaturesTestSupport.list(pod.getOrDefault("containers", List.of())));
        return all;
    }

    private static List<Map<String, Object>> podSpecs(String rendering) throws IOException {
        List<Map<String, Object>> pods = new ArrayList<>();
        for (String kind : List.of("Deployment", "StatefulSet", "DaemonSet", "Job")) {
            for (Map<String, Object> workload : ChartFeaturesTestSupport.documents(rendering, kind)) {
                pods.add(map(ChartFeaturesTestSupport.get(workload, "spec.template.spec")));
            }
        }
        return pods;
    }

    private static String catching(Runnable check) {
        try {
            check.run();
        } catch (AssertionError expected) {
            return expected.getMessage();
        }
        throw new AssertionError("the review let it pass");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object node) {
        assertThat(node).isInstanceOf(Map.class);
        return (Map<String, Object>) node;
    }
}
