package dev.ctuner.sidecar.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.sidecar.act.SidecarRole;
import dev.ctuner.sidecar.config.SidecarProperties;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sidecar settings the chart renders into the ConfigMap ctuner-sidecar (helm/ctuner/ci/rendered,
 * written by scripts/render-chart.sh) bind to the sidecar's real settings and pass their
 * validation, so a sidecar started with them does not refuse to start.
 */
class RenderedSidecarSettingsTest {

    private static final Path RENDERED = Path.of("..", "helm", "ctuner", "ci", "rendered");

    @ParameterizedTest
    @CsvSource({"default.yaml, false, kafka:9092, SERVING", "cass-operator.yaml, true, kafka-kafka-bootstrap.kafka.svc:9092, SERVING",
                "statefulset.yaml, true, kafka.kafka.svc:9092, SERVING", "https-networkpolicy.yaml, true, kafka:9092, EXPERIMENT",
                "tls-kafka.yaml, false, kafka-kafka-bootstrap.kafka.svc:9093, SERVING"})
    void theRenderedSettingsAreValidSidecarSettings(String rendering, boolean acting, String bootstrap, SidecarRole role) throws IOException {
        SidecarProperties settings = bind(applicationYaml(rendering));
        assertThat(settings.getRole()).isEqualTo(role);
        if (role == SidecarRole.EXPERIMENT) {
            assertThat(settings.getExperiment().getDataDir()).isEqualTo("/var/lib/cassandra");
        }

        Validator validator = Validation.buildDefaultValidatorFactory().getValidator();
        assertThat(validator.validate(settings)).isEmpty();
        assertThat(settings.getAct().isEnabled()).isEqualTo(acting);
        assertThat(settings.getAct().isComplete()).isTrue();
        assertThat(settings.getAct().getProcess().getMode()).isEqualTo("kubernetes");
        assertThat(settings.getAct().getProcess().getKubernetesRestartWait()).isEqualTo(Duration.ofMinutes(5));
        assertThat(settings.getAct().getAdvisorPublicKey()).isEqualTo("/etc/ctuner-keys/public-key.pem");
        assertThat(settings.getAct().getCassandraYaml()).isEqualTo("/config/cassandra.yaml");
        assertThat(settings.getKafka().getBootstrapServers()).isEqualTo(bootstrap);
        assertThat(settings.getCassandra().getJmxHost()).isEqualTo("127.0.0.1");
    }

    @ParameterizedTest
    @CsvSource({"default.yaml", "cass-operator.yaml", "statefulset.yaml", "https-networkpolicy.yaml", "tls-kafka.yaml"})
    void everyRenderedSidecarSettingIsOneTheSidecarKnows(String rendering) throws IOException {
        Set<String> known = new HashSet<>();
        try (InputStream in = SidecarProperties.class.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            JsonNode metadata = JsonMapper.builder().build().readTree(in);
            metadata.get("properties").forEach(p -> known.add(p.get("name").asString()));
        }
        assertThat(known).contains("ctuner.sidecar.act.process.kubernetes-restart-wait");
        MutablePropertySources sources = sources(applicationYaml(rendering));
        List<String> unknown = new ArrayList<>();
        for (PropertySource<?> source : sources) {
            for (String name : ((EnumerablePropertySource<?>) source).getPropertyNames()) {
                String withoutIndex = name.replaceAll("\\[\\d+]$", "");
                if (withoutIndex.startsWith("ctuner.") && !known.contains(withoutIndex)) {
                    unknown.add(name);   // Spring would ignore it silently
                }
            }
        }
        assertThat(unknown).isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static String applicationYaml(String rendering) throws IOException {
        Iterable<Object> documents = new Yaml().loadAll(Files.readString(RENDERED.resolve(rendering)));
        for (Object document : documents) {
            Map<String, Object> object = (Map<String, Object>) document;
            if (object != null && "ConfigMap".equals(object.get("kind"))
                    && "ctuner-sidecar".equals(((Map<String, Object>) object.get("metadata")).get("name"))) {
                return (String) ((Map<String, Object>) object.get("data")).get("application.yaml");
            }
        }
        throw new AssertionError("no ConfigMap ctuner-sidecar in " + rendering);
    }

    private static SidecarProperties bind(String yaml) throws IOException {
        return new Binder(ConfigurationPropertySources.from(sources(yaml)))
                .bind("ctuner.sidecar", Bindable.ofInstance(new SidecarProperties())).get();
    }

    private static MutablePropertySources sources(String yaml) throws IOException {
        MutablePropertySources sources = new MutablePropertySources();
        for (PropertySource<?> source : new YamlPropertySourceLoader().load("ctuner-sidecar", new ByteArrayResource(yaml.getBytes()))) {
            sources.addLast(source);
        }
        return sources;
    }
}
