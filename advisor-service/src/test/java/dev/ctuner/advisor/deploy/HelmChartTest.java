package dev.ctuner.advisor.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.ctuner.common.image.JibImageConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Helm chart in {@code helm/ctuner}, checked without rendering it (HelmRenderingTest lints and renders it):
 * values.yaml against values.schema.json, wrong values refused, Chart.yaml, and every value the
 * templates read present in values.yaml and the schema.
 */
class HelmChartTest {

    static final Path CHART = Path.of("..", "helm", "ctuner");
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    @Test
    void defaultValuesMatchTheSchema() throws IOException {
        assertThat(errors(defaultValues())).isEmpty();
    }

    @Test
    void everyExampleValueSetMatchesTheSchema() throws IOException {
        List<Path> sets;
        try (var files = Files.list(CHART.resolve("ci"))) {
            sets = files.filter(p -> p.getFileName().toString().endsWith("-values.yaml")).sorted().toList();
        }
        assertThat(sets).hasSizeGreaterThanOrEqualTo(4);
        for (Path set : sets) {
            Map<String, Object> values = defaultValues();
            mergeInto(values, yaml(set));   // as helm merges -f files over values.yaml
            assertThat(errors(values)).as(set.toString()).isEmpty();
        }
    }

    @SuppressWarnings("unchecked")
    static void mergeInto(Map<String, Object> base, Map<String, Object> overrides) {
        for (var entry : overrides.entrySet()) {
            Object current = base.get(entry.getKey());
            if (current instanceof Map<?, ?> currentMap && entry.getValue() instanceof Map<?, ?> overrideMap) {
                mergeInto((Map<String, Object>) currentMap, (Map<String, Object>) overrideMap);
            } else {
                base.put(entry.getKey(), entry.getValue());
            }
        }
    }

    @Test
    void chartYamlIsAnApiV2ApplicationChartOfThisVersion() throws IOException {
        Map<String, Object> chart = yaml(CHART.resolve("Chart.yaml"));
        assertThat(chart).containsEntry("apiVersion", "v2").containsEntry("name", "ctuner").containsEntry("type", "application");
        assertThat((String) chart.get("version")).matches("\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?");
        assertThat(chart.get("appVersion")).as("the images' tag, the Maven version")
                .isEqualTo(JibImageConfiguration.projectVersion(Path.of("pom.xml")));
        assertThat((String) chart.get("description")).isNotBlank();
    }

    @Test
    void negativeReplicasAreRefused() throws IOException {
        assertThat(messages(v -> advisor(v).put("replicas", -1))).anyMatch(m -> m.contains("/advisor/replicas") && m.contains("minimum"));
    }

    @Test
    void replicasAsAStringAreRefused() throws IOException {
        assertThat(messages(v -> advisor(v).put("replicas", "2"))).anyMatch(m -> m.contains("/advisor/replicas") && m.contains("integer"));
    }

    @Test
    void severalReplicasNeedAnExternalDatabaseAndASigningKeySecret() throws IOException {
        assertThat(messages(v -> advisor(v).put("replicas", 2)))
                .anyMatch(m -> m.contains("/advisor/database/type"))
                .anyMatch(m -> m.contains("/advisor/signingKey") && m.contains("existingSecret"));
        assertThat(errors(withChange(v -> {
            advisor(v).put("replicas", 2);
            map(advisor(v), "database").put("type", "external");
            map(map(advisor(v), "database"), "external").put("existingSecret", "ctuner-db");
            map(advisor(v), "signingKey").put("existingSecret", "ctuner-signing-key");
        }))).isEmpty();
    }

    @Test
    void anExternalDatabaseNeedsItsSecret() throws IOException {
        assertThat(messages(v -> map(advisor(v), "database").put("type", "external")))
                .anyMatch(m -> m.contains("/advisor/database/external/existingSecret"));
    }

    @Test
    void anExperimentSidecarNeedsItsDataDirectoryAndTheActingRole() throws IOException {
        assertThat(messages(v -> map(v, "sidecar").put("role", "experiment"))).anyMatch(m -> m.contains("/sidecar/experiment/dataDir"));
        assertThat(messages(v -> map(v, "sidecar").put("role", "lab"))).anyMatch(m -> m.contains("/sidecar/role"));
    }

    @Test
    void httpsNeedsItsKeyStoreSecret() throws IOException {
        assertThat(messages(v -> map(advisor(v), "tls").put("enabled", true))).anyMatch(m -> m.contains("/advisor/tls/existingSecret"));
    }

    @Test
    void anUnknownProcessControlIsRefused() throws IOException {
        assertThat(messages(v -> map(map(v, "sidecar"), "act").put("processMode", "systemd")))
                .anyMatch(m -> m.contains("/sidecar/act/processMode") && m.contains("kubernetes"));
    }

    @Test
    void aMissingOrMalformedKafkaBootstrapIsRefused() throws IOException {
        assertThat(messages(v -> map(advisor(v), "kafka").remove("bootstrapServers")))
                .anyMatch(m -> m.contains("/advisor/kafka") && m.contains("bootstrapServers"));
        assertThat(messages(v -> map(advisor(v), "kafka").put("bootstrapServers", "")))
                .anyMatch(m -> m.contains("/advisor/kafka/bootstrapServers"));
        assertThat(messages(v -> map(advisor(v), "kafka").put("bootstrapServers", "kafka-without-port")))
                .anyMatch(m -> m.contains("/advisor/kafka/bootstrapServers"));
    }

    @Test
    void kafkaTlsAndSaslNeedTheirSecretsAndAScramMechanism() throws IOException {
        assertThat(messages(v -> map(advisor(v), "kafka").put("tls", Map.of("enabled", true, "existingSecret", "",
                "trustStoreKey", "truststore.p12", "trustStorePasswordKey", "truststore-password"))))
                .anyMatch(m -> m.contains("/advisor/kafka/tls/existingSecret"));
        assertThat(messages(v -> map(advisor(v), "kafka").put("sasl", Map.of("enabled", true, "mechanism", "SCRAM-SHA-512",
                "existingSecret", "", "jaasConfigKey", "sasl-jaas-config"))))
                .anyMatch(m -> m.contains("/advisor/kafka/sasl/existingSecret"));
        assertThat(messages(v -> map(map(advisor(v), "kafka"), "sasl").put("mechanism", "PLAIN")))
                .anyMatch(m -> m.contains("/advisor/kafka/sasl/mechanism"));
        assertThat(messages(v -> map(map(advisor(v), "kafka"), "sasl").put("jaasConfig", "org.apache... password=\"x\";")))
                .as("no JAAS line as a plain value").anyMatch(m -> m.contains("jaasConfig"));
    }

    @Test
    void everyValueTheTemplatesReadIsInValuesYamlAndTheSchema() throws IOException {
        Map<String, Object> values = defaultValues();
        JsonNode schema = JSON.readTree(Files.readString(CHART.resolve("values.schema.json")));
        TreeSet<String> paths = TemplateValueReferences.in(CHART.resolve("templates"));

        assertThat(paths).as("the templates read values").contains("advisor.kafka.bootstrapServers", "sidecar.act.processMode");
        for (String path : paths) {
            assertThat(inValues(values, path)).as("%s in values.yaml", path).isTrue();
            assertThat(inSchema(schema, path)).as("%s in values.schema.json", path).isTrue();
        }
    }

    @Test
    void everyValueHasADescriptionInTheSchema() throws IOException {
        JsonNode schema = JSON.readTree(Files.readString(CHART.resolve("values.schema.json")));
        List<String> undescribed = new java.util.ArrayList<>();
        undescribedProperties(schema, "", undescribed);
        assertThat(undescribed).isEmpty();
    }

    private static void undescribedProperties(JsonNode node, String path, List<String> out) {
        JsonNode properties = node.get("properties");
        if (properties == null) {
            return;
        }
        for (var entry : properties.properties()) {
            String child = path.isEmpty() ? entry.getKey() : path + "." + entry.getKey();
            JsonNode value = entry.getValue();
            if (!value.has("description") && !value.has("anyOf")) {
                out.add(child);
            }
            undescribedProperties(value, child, out);
        }
    }

    static boolean inValues(Map<String, Object> values, String path) {
        Object node = values;
        for (String key : path.split("\\.")) {
            if (!(node instanceof Map<?, ?> m) || !m.containsKey(key)) {
                return false;
            }
            node = m.get(key);
        }
        return true;
    }

    static boolean inSchema(JsonNode schema, String path) {
        JsonNode node = schema;
        for (String key : path.split("\\.")) {
            JsonNode properties = node.get("properties");
            if (properties == null || !properties.has(key)) {
                return false;
            }
            node = properties.get(key);
        }
        return true;
    }

    static Map<String, Object> defaultValues() throws IOException {
        return yaml(CHART.resolve("values.yaml"));
    }

    static List<Error> errors(Map<String, Object> values) throws IOException {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
                .getSchema(Files.readString(CHART.resolve("values.schema.json")));
        return schema.validate(JSON.valueToTree(values));
    }

    private static List<String> messages(Consumer<Map<String, Object>> change) throws IOException {
        List<String> messages = errors(withChange(change)).stream().map(Error::toString).toList();
        assertThat(messages).as("the schema refuses the change").isNotEmpty();
        return messages;
    }

    private static Map<String, Object> withChange(Consumer<Map<String, Object>> change) throws IOException {
        Map<String, Object> values = defaultValues();
        change.accept(values);
        return values;
    }

    private static Map<String, Object> advisor(Map<String, Object> values) {
        return map(values, "advisor");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Map<String, Object> parent, String key) {
        return (Map<String, Object>) parent.get(key);
    }

    static Map<String, Object> yaml(Path file) throws IOException {
        return new Yaml().load(Files.readString(file));
    }
}
