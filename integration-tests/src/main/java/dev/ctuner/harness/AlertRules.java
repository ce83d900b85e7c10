package dev.ctuner.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The Prometheus alert rules shipped in {@code observability/prometheus/rules}: their names and
 * expressions, and a copy with one alert's {@code for:} shortened for a test (the expression stays
 * the shipped one).
 *
 * <pre>{@code
 * AlertRules rules = AlertRules.read(root);
 * rules.withFor("CtunerSidecarSilent", "5s").write(dir.resolve("rules.yml"));
 * }</pre>
 */
public final class AlertRules {

    /** The rule files, relative to the repository root. */
    public static final Path DIR = Path.of("observability", "prometheus", "rules");

    /** One alert: its name, expression, {@code for:}, labels and annotations. */
    public record Alert(String name, String expression, String forDuration, Map<String, Object> labels, Map<String, Object> annotations) {
    }

    private final List<Map<String, Object>> files;

    private AlertRules(List<Map<String, Object>> files) {
        this.files = files;
    }

    /** Every rule file of the repository at {@code root}. */
    public static AlertRules read(Path root) throws IOException {
        List<Map<String, Object>> files = new ArrayList<>();
        try (var list = Files.list(root.resolve(DIR))) {
            for (Path file : list.filter(f -> f.toString().endsWith(".yml") || f.toString().endsWith(".yaml")).sorted().toList()) {
                files.add(new Yaml().load(Files.readString(file)));
            }
        }
        return new AlertRules(files);
    }

    /** The rule files themselves. */
    public static List<Path> files(Path root) throws IOException {
        try (var list = Files.list(root.resolve(DIR))) {
            return list.filter(f -> f.toString().endsWith(".yml") || f.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    public List<Alert> alerts() {
        List<Alert> alerts = new ArrayList<>();
        for (Map<String, Object> rule : rules()) {
            if (rule.containsKey("alert")) {
                alerts.add(new Alert(String.valueOf(rule.get("alert")), String.valueOf(rule.get("expr")).strip(),
                        rule.get("for") == null ? null : String.valueOf(rule.get("for")), map(rule.get("labels")), map(rule.get("annotations"))));
            }
        }
        return alerts;
    }

    /** A copy in which {@code alert} waits {@code duration} before firing instead of its shipped {@code for:}. */
    public AlertRules withFor(String alert, String duration) {
        List<Map<String, Object>> copy = new Yaml().load(new Yaml().dump(files));
        AlertRules rules = new AlertRules(copy);
        boolean found = false;
        for (Map<String, Object> rule : rules.rules()) {
            if (alert.equals(rule.get("alert"))) {
                rule.put("for", duration);
                found = true;
            }
        }
        if (!found) {
            throw new IllegalArgumentException("no alert named " + alert + " in " + DIR);
        }
        return rules;
    }

    /** All groups of all files, as one rule file. */
    public void write(Path file) throws IOException {
        List<Object> groups = new ArrayList<>();
        for (Map<String, Object> f : files) {
            groups.addAll(list(f.get("groups")));
        }
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        Files.writeString(file, new Yaml(options).dump(Map.of("groups", groups)));
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> rules() {
        List<Map<String, Object>> rules = new ArrayList<>();
        for (Map<String, Object> f : files) {
            for (Object group : list(f.get("groups"))) {
                for (Object rule : list(((Map<String, Object>) group).get("rules"))) {
                    rules.add((Map<String, Object>) rule);
                }
            }
        }
        return rules;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return o == null ? List.of() : (List<Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return o == null ? Map.of() : (Map<String, Object>) o;
    }
}
