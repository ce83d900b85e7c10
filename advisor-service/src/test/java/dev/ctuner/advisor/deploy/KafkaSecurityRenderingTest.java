package dev.ctuner.advisor.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Kafka TLS and SASL in the rendering of ci/tls-kafka-values.yaml: the advisor's environment binds to Spring
 * Boot's spring.kafka.* client settings, the stores are mounted from the Secret, and every password and the
 * JAAS line come from Secrets by reference. Renderings without these values carry none of them.
 */
class KafkaSecurityRenderingTest {

    @Test
    void theAdvisorConnectsWithSaslSslFromItsSecret() throws IOException {
        Map<String, Object> deployment = ChartFeaturesTestSupport.single("tls-kafka.yaml", "Deployment");
        Map<String, Object> advisor = ChartFeaturesTestSupport.containers(deployment).get(0);
        Binder binder = binder(ChartFeaturesTestSupport.list(advisor.get("env")));

        assertThat(binder.bind("spring.kafka.security.protocol", String.class).get()).isEqualTo("SASL_SSL");
        assertThat(binder.bind("spring.kafka.ssl.trust-store-location", String.class).get()).isEqualTo("file:/etc/ctuner/kafka-tls/truststore.p12");
        assertThat(binder.bind("spring.kafka.ssl.trust-store-type", String.class).get()).isEqualTo("PKCS12");
        assertThat(binder.bind("spring.kafka.ssl.trust-store-password", String.class).get()).isEqualTo("secret:ctuner-kafka-client/truststore-password");
        assertThat(binder.bind("spring.kafka.ssl.key-store-location", String.class).get()).isEqualTo("file:/etc/ctuner/kafka-tls/keystore.p12");
        assertThat(binder.bind("spring.kafka.ssl.key-store-password", String.class).get()).isEqualTo("secret:ctuner-kafka-client/keystore-password");
        assertThat(binder.bind("spring.kafka.ssl.key-password", String.class).get()).isEqualTo("secret:ctuner-kafka-client/key-password");
        assertThat(binder.bind("spring.kafka.properties.sasl.mechanism", String.class).get()).isEqualTo("SCRAM-SHA-512");
        assertThat(binder.bind("spring.kafka.properties.sasl.jaas.config", String.class).get()).isEqualTo("secret:ctuner-kafka-client/sasl-jaas-config");

        Map<String, Object> mount = ChartFeaturesTestSupport.list(advisor.get("volumeMounts")).stream()
                .filter(m -> "kafka-tls".equals(m.get("name"))).findFirst().orElseThrow();
        assertThat(mount).containsEntry("mountPath", "/etc/ctuner/kafka-tls").containsEntry("readOnly", true);
        Map<String, Object> volume = ChartFeaturesTestSupport.list(ChartFeaturesTestSupport.get(deployment, "spec.template.spec.volumes")).stream()
                .filter(v -> "kafka-tls".equals(v.get("name"))).findFirst().orElseThrow();
        assertThat(ChartFeaturesTestSupport.get(volume, "secret.secretName")).isEqualTo("ctuner-kafka-client");
        assertThat(ChartFeaturesTestSupport.list(ChartFeaturesTestSupport.get(volume, "secret.items"))).extracting(i -> i.get("key"))
                .containsExactly("truststore.p12", "keystore.p12");
    }

    @Test
    void theSidecarSettingsNameTheStoresAndMechanismButHoldNoSecret() throws IOException {
        Map<String, Object> configMap = ChartFeaturesTestSupport.documents("tls-kafka.yaml", "ConfigMap").stream()
                .filter(c -> "ctuner-sidecar".equals(ChartFeaturesTestSupport.get(c, "metadata.name"))).findFirst().orElseThrow();
        String settings = (String) ((Map<?, ?>) configMap.get("data")).get("application.yaml");
        assertThat(settings).contains("protocol: SASL_SSL", "trust-store-location: file:/etc/ctuner-kafka/truststore.p12",
                "key-store-location: file:/etc/ctuner-kafka/keystore.p12", "sasl.mechanism: SCRAM-SHA-256");
        assertThat(settings).doesNotContainPattern("(?i)password\\s*[:=]").doesNotContain("LoginModule");
    }

    @Test
    void withoutTlsOrSaslValuesNothingOfThemIsRendered() throws IOException {
        for (String rendering : List.of("default.yaml", "cass-operator.yaml", "statefulset.yaml", "servicemonitor.yaml")) {
            Map<String, Object> advisor = ChartFeaturesTestSupport.containers(ChartFeaturesTestSupport.single(rendering, "Deployment")).get(0);
            assertThat(ChartFeaturesTestSupport.list(advisor.get("env"))).as(rendering)
                    .noneMatch(e -> e.get("name").toString().startsWith("SPRING_KAFKA_"));
            assertThat(java.nio.file.Files.readString(HelmRenderingTest.RENDERED.resolve(rendering))).as(rendering)
                    .doesNotContain("spring:\n      kafka:");
        }
    }

    private static Binder binder(List<Map<String, Object>> env) {
        Map<String, Object> variables = new LinkedHashMap<>();
        for (Map<String, Object> variable : env) {
            Object value = variable.get("value");
            if (value == null) {
                value = "secret:" + ChartFeaturesTestSupport.get(variable, "valueFrom.secretKeyRef.name") + "/"
                        + ChartFeaturesTestSupport.get(variable, "valueFrom.secretKeyRef.key");
            }
            variables.put((String) variable.get("name"), value.toString());
        }
        return new Binder(ConfigurationPropertySources.from(new SystemEnvironmentPropertySource("env", variables)));
    }
}
