package dev.ctuner.common.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.docs.ConfigurationReference.Property;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigurationReferenceRenderingTest {

    private static final String METADATA = """
            {"groups": [], "properties": [
              {"name": "ctuner.x.window", "type": "java.time.Duration", "description": "T_d: one sample per {@code window}.", "defaultValue": "30s"},
              {"name": "ctuner.x.modes", "type": "java.util.Set<dev.ctuner.common.catalog.ApplyMode>", "defaultValue": ["SCHEMA", "RESTART"]},
              {"name": "ctuner.x.nested.kind", "type": "dev.ctuner.Outer$Kind", "description": "a|b, see  {@link Outer#kind}\\n  again"},
              {"name": "spring.other", "type": "java.lang.String", "description": "not ours"}
            ]}""";

    @Test
    void readsOnlyThePrefixAndFindsTheUndescribed() {
        List<Property> properties = ConfigurationReference.read(List.of(METADATA), "ctuner.");

        assertThat(properties).extracting(Property::name).containsExactly("ctuner.x.modes", "ctuner.x.nested.kind", "ctuner.x.window");
        assertThat(properties.get(0).defaultValue()).isEqualTo("SCHEMA, RESTART");
        assertThat(ConfigurationReference.undescribed(properties)).containsExactly("ctuner.x.modes");
    }

    @Test
    void rendersTypesDefaultsValuesAndJavadoc() {
        List<Property> properties = ConfigurationReference.read(List.of(METADATA), "ctuner.");

        String markdown = ConfigurationReference.markdown("T", "intro", properties, Map.of("ctuner.x.window", "1m"),
                type -> type.endsWith("ApplyMode") ? List.of("LIVE", "RESTART") : List.of());

        assertThat(markdown)
                .contains("## `ctuner.x`\n")
                .contains("## `ctuner.x.nested`\n")
                .contains("| `ctuner.x.window` | Duration | `1m` | T_d: one sample per `window`. |")
                .contains("| `ctuner.x.modes` | Set<ApplyMode> | `SCHEMA, RESTART` | Values: `LIVE`, `RESTART`. |")
                .contains("| `ctuner.x.nested.kind` | Kind | (none) | A\\|b, see `Outer.kind` again |")
                .doesNotContain("spring.other");
    }

    @Test
    void namesTheFirstDifferingLine() {
        assertThat(ConfigurationReference.firstDifference("a\nb\nc", "a\nb\nc")).isEmpty();
        assertThat(ConfigurationReference.firstDifference("a\nb\nc", "a\nx\nc").orElseThrow()).startsWith("line 2 is");
        assertThat(ConfigurationReference.firstDifference(null, "a").orElseThrow()).contains("does not exist");
    }
}
