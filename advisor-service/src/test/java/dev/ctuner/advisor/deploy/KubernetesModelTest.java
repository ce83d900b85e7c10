package dev.ctuner.advisor.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.Yaml;

/**
 * Every document of every rendering in helm/ctuner/ci/rendered/, and both patches, read strictly into
 * fabric8's Kubernetes model ({@link KubernetesModel}): a misspelled or misplaced field fails here instead
 * of being dropped or refused by the API server at install time.
 */
class KubernetesModelTest {

    static Stream<String> renderings() throws IOException {
        return HelmRenderingTest.valueSets().map(set -> set + ".yaml");
    }

    @ParameterizedTest
    @MethodSource("renderings")
    void everyRenderedDocumentHasOnlyFieldsOfItsKind(String rendering) throws IOException {
        List<Map<String, Object>> documents = documents(HelmRenderingTest.RENDERED.resolve(rendering));
        assertThat(documents).isNotEmpty();
        for (Map<String, Object> document : documents) {
            assertThat(KubernetesModel.problems(document)).as("%s %s in %s", document.get("kind"),
                    ((Map<?, ?>) document.get("metadata")).get("name"), rendering).isEmpty();
        }
    }

    @Test
    void theStatefulSetPatchHasOnlyStatefulSetFields() throws IOException {
        Map<String, Object> patch = documents(HelmChartTest.CHART.resolve("patches/statefulset.yaml")).get(0);
        patch.putIfAbsent("apiVersion", "apps/v1");
        patch.putIfAbsent("kind", "StatefulSet");
        assertThat(KubernetesModel.problems(patch)).isEmpty();
    }

    @Test
    void theCassandraDatacenterPatchHasAPodTemplateOfKnownFields() throws IOException {
        Map<String, Object> patch = documents(HelmChartTest.CHART.resolve("patches/cassandradatacenter.yaml")).get(0);
        assertThat(KubernetesModel.cassandraDatacenterPatchProblems(patch)).isEmpty();
    }

    @Test
    void aMisspelledFieldIsReportedWithItsPath() {
        Map<String, Object> deployment = new Yaml().load("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: x}
                spec:
                  selector: {matchLabels: {app: x}}
                  template:
                    metadata: {labels: {app: x}}
                    spec:
                      containers:
                        - name: x
                          image: x
                          securityContext: {allowPrivilegeEscalaton: false}
                          resources: {limits: {memory: 1Gi}}
                """);
        assertThat(KubernetesModel.problems(deployment))
                .containsExactly("spec.template.spec.containers[].securityContext.allowPrivilegeEscalaton: unknown field");
    }

    @Test
    void aMisplacedFieldAndAnUnknownKindAreReported() {
        Map<String, Object> service = new Yaml().load("""
                apiVersion: v1
                kind: Service
                metadata: {name: x}
                spec: {ports: [{port: 80}], selector: {app: x}}
                replicas: 2
                """);
        assertThat(KubernetesModel.problems(service)).containsExactly("replicas: unknown field");
        assertThat(KubernetesModel.problems(Map.of("apiVersion", "v1", "kind", "Pdo"))).hasSize(1);
        Map<String, Object> monitor = new Yaml().load("""
                apiVersion: monitoring.coreos.com/v1
                kind: ServiceMonitor
                metadata: {name: x}
                spec: {selector: {matchLabels: {app: x}}, endpoints: [{port: http, intervall: 30s}]}
                """);
        assertThat(KubernetesModel.problems(monitor)).containsExactly("spec.endpoints[].intervall: unknown field");
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> documents(Path file) throws IOException {
        List<Map<String, Object>> documents = new ArrayList<>();
        for (Object document : new Yaml().loadAll(Files.readString(file))) {
            if (document != null) {
                documents.add((Map<String, Object>) document);
            }
        }
        return documents;
    }
}
