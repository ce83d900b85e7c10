package dev.ctuner.sidecar.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.docs.ConfigurationReference;
import dev.ctuner.common.docs.ConfigurationReference.Property;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.YamlPropertiesFactoryBean;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;

/**
 * The sidecar's settings are documented where an operator reads them: every {@code ctuner.sidecar.*} property the
 * configuration processor found has a description (from the Javadoc of its properties class), and the committed
 * {@code docs/configuration/sidecar.md} is exactly what that metadata renders to. After changing a setting:
 *
 * <pre>
 * ./mvnw -q -B -pl sidecar-agent -am test -Dtest=ConfigurationReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dconfig.docs.write=true
 * </pre>
 */
class ConfigurationReferenceTest {

    private static final String PREFIX = "ctuner.sidecar.";
    private static final Path DOC = Path.of("../docs/configuration/sidecar.md");
    private static final String REGENERATE = "./mvnw -q -B -pl sidecar-agent -am test -Dtest=ConfigurationReferenceTest"
            + " -Dsurefire.failIfNoSpecifiedTests=false -D" + ConfigurationReference.WRITE_PROPERTY + "=true";
    private static final String INTRO = """
            Every `ctuner.sidecar.*` setting of the sidecar agent, with its type, its default and what it does. Set them in an `application.yml` next to the jar, as `--name=value` arguments, or as environment variables (`CTUNER_SIDECAR_CLUSTER_ID=prod`). Durations take `500ms`, `30s`, `2m`. Every setting is validated at start: a wrong value stops the sidecar with a message naming the setting. How to install the sidecar beside a node: [Installation](../installation.md).

            The default is what the jar ships with: the value in its bundled `application.yaml` where it sets one, otherwise the code's. Spring Boot's own settings (`server.port`, `management.*`) are documented by Spring Boot.

            This page is generated from the code by the build (`ConfigurationReferenceTest`); do not edit it by hand.
            """;

    private final ClassLoader loader = getClass().getClassLoader();

    @Test
    void everySettingHasADescription() {
        List<Property> properties = properties();

        assertThat(ConfigurationReference.undescribed(properties))
                .as("settings without a description: add Javadoc to the field, or an @param to the record, that declares each")
                .isEmpty();
    }

    @Test
    void theCommittedReferenceIsWhatTheMetadataRenders() {
        String markdown = ConfigurationReference.markdown("Sidecar configuration reference", INTRO, properties(), shipped(),
                ConfigurationReference.enumConstants(loader));

        ConfigurationReference.verifyOrWrite(DOC, markdown, REGENERATE);
    }

    private List<Property> properties() {
        List<Property> properties = ConfigurationReference.read(ConfigurationReference.metadataDocuments(loader), PREFIX);
        assertThat(properties).as("no " + PREFIX + "* property in any " + ConfigurationReference.METADATA
                + ": did spring-boot-configuration-processor run?").isNotEmpty();
        return properties;
    }

    /** The settings the bundled application.yml (or .yaml) gives, lists joined with ", " as the metadata's defaults are. */
    private static Map<String, String> shipped() {
        YamlPropertiesFactoryBean yaml = new YamlPropertiesFactoryBean();
        yaml.setResources(Stream.of("application.yml", "application.yaml").map(ClassPathResource::new)
                .filter(ClassPathResource::exists).toArray(Resource[]::new));
        Properties flat = yaml.getObject();
        Map<String, String> shipped = new TreeMap<>();
        new TreeMap<>(flat).forEach((key, value) -> shipped.merge(key.toString().replaceAll("\\[\\d+]$", ""),
                String.valueOf(value), (a, b) -> a + ", " + b));
        return shipped;
    }
}
