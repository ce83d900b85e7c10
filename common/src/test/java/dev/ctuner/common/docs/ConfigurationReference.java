package dev.ctuner.common.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Renders the configuration metadata the Spring Boot configuration processor writes at build time
 * ({@code META-INF/spring-configuration-metadata.json}) to a markdown reference, and checks it against
 * the committed copy, so that the reference in {@code docs/configuration/} cannot drift from the code.
 * Pure apart from {@link #verifyOrWrite}; shared by the sidecar's and the advisor's tests.
 *
 * <pre>
 * List&lt;Property&gt; properties = ConfigurationReference.read(List.of(metadataJson), "ctuner.");
 * String markdown = ConfigurationReference.markdown("Sidecar configuration", intro, properties, shipped, allowed);
 * ConfigurationReference.verifyOrWrite(Path.of("../docs/configuration/sidecar.md"), markdown, "...");
 * </pre>
 */
public final class ConfigurationReference {

    /** Set to {@code true} to write the rendered reference instead of comparing it. */
    public static final String WRITE_PROPERTY = "config.docs.write";

    /** Where the configuration processor writes the metadata in a module's classes. */
    public static final String METADATA = "META-INF/spring-configuration-metadata.json";

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern QUALIFIED = Pattern.compile("(?:[a-z_][a-z0-9_]*\\.)+((?:[A-Z][A-Za-z0-9_]*\\$)*)([A-Z][A-Za-z0-9_]*)");
    private static final Pattern CODE = Pattern.compile("\\{@(?:code|literal) ([^}]*)}");
    private static final Pattern LINK = Pattern.compile("\\{@link(?:plain)? ([^}\\s]*)(?: ([^}]*))?}");

    private ConfigurationReference() {
    }

    /** One setting as the metadata describes it; {@code description} and {@code defaultValue} may be null. */
    public record Property(String name, String type, String description, String defaultValue) {
    }

    /**
     * The properties named {@code prefix...} in the given metadata documents, by name; a name in several
     * documents is taken from the first.
     */
    public static List<Property> read(List<String> metadataDocuments, String prefix) {
        Map<String, Property> byName = new TreeMap<>();
        for (String document : metadataDocuments) {
            JsonNode properties = JSON.readTree(document).path("properties");
            for (JsonNode p : properties) {
                String name = p.path("name").asString();
                if (name.startsWith(prefix)) {
                    byName.putIfAbsent(name, new Property(name, text(p.get("type")), text(p.get("description")),
                            defaultValue(p.get("defaultValue"))));
                }
            }
        }
        return List.copyOf(byName.values());
    }

    /** Names of the properties without a description. */
    public static List<String> undescribed(List<Property> properties) {
        return properties.stream().filter(p -> p.description() == null || p.description().isBlank()).map(Property::name).toList();
    }

    /**
     * The markdown reference: one table per group of settings (the name up to its last dot).
     *
     * @param shipped       values the application's bundled configuration sets, by property name; they are
     *                      shown as the default where present, being what a started jar uses
     * @param allowedValues the constants of a type name if it is an enumeration, else empty
     */
    public static String markdown(String title, String intro, List<Property> properties, Map<String, String> shipped,
                                  Function<String, List<String>> allowedValues) {
        Map<String, List<Property>> groups = new TreeMap<>();
        for (Property p : properties) {
            int dot = p.name().lastIndexOf('.');
            groups.computeIfAbsent(p.name().substring(0, dot), g -> new ArrayList<>()).add(p);
        }
        StringBuilder out = new StringBuilder();
        out.append("# ").append(title).append("\n\n");
        out.append("<!-- Generated from the build's configuration metadata by ConfigurationReferenceTest; do not edit. -->\n\n");
        out.append(intro.strip()).append("\n");
        for (Map.Entry<String, List<Property>> group : groups.entrySet()) {
            out.append("\n## `").append(group.getKey()).append("`\n\n");
            out.append("| Setting | Type | Default | Meaning |\n|---|---|---|---|\n");
            for (Property p : group.getValue()) {
                String value = Optional.ofNullable(shipped.get(p.name())).orElse(p.defaultValue());
                out.append("| `").append(p.name()).append("` | ").append(cell(simpleType(p.type())))
                        .append(" | ").append(value == null || value.isEmpty() ? "(none)" : "`" + value.replace("|", "\\|") + "`")
                        .append(" | ").append(cell(meaning(p, allowedValues))).append(" |\n");
            }
        }
        return out.toString();
    }

    /** {@code java.util.List<java.nio.file.Path>} as {@code List<Path>}, a nested {@code Outer$Inner} as {@code Inner}. */
    static String simpleType(String type) {
        if (type == null) {
            return "";
        }
        return QUALIFIED.matcher(type).replaceAll("$2").replace(",", ", ").replace(",  ", ", ");
    }

    /** The Javadoc text as markdown: {@code {@code x}} as code, links as their label, on one line, capitalized. */
    static String plain(String javadoc) {
        String text = CODE.matcher(javadoc).replaceAll(m -> Matcher.quoteReplacement("`" + m.group(1) + "`"));
        text = LINK.matcher(text).replaceAll(m -> Matcher.quoteReplacement(m.group(2) != null ? m.group(2)
                : "`" + m.group(1).replace('#', '.') + "`"));
        text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
        text = text.replaceAll("\\s+", " ").strip();
        // Record components are described by @param tags, which by custom start in lower case.
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /**
     * Compares the committed reference with the rendered one, or writes it when the system property
     * {@value #WRITE_PROPERTY} is {@code true}.
     *
     * @throws AssertionError naming the first differing line and how to regenerate the file
     */
    public static void verifyOrWrite(Path committed, String rendered, String regenerate) {
        try {
            if (Boolean.getBoolean(WRITE_PROPERTY)) {
                Files.createDirectories(committed.toAbsolutePath().getParent());
                Files.writeString(committed, rendered, StandardCharsets.UTF_8);
                return;
            }
            String current = Files.exists(committed) ? Files.readString(committed, StandardCharsets.UTF_8) : null;
            Optional<String> difference = firstDifference(current, rendered);
            if (difference.isPresent()) {
                throw new AssertionError(committed.normalize() + " does not match the configuration metadata the build wrote ("
                        + difference.get() + "). Regenerate it with:\n  " + regenerate + "\nand commit the result.");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where {@code committed} first differs from {@code rendered}, or empty when they are equal. */
    static Optional<String> firstDifference(String committed, String rendered) {
        if (committed == null) {
            return Optional.of("the file does not exist");
        }
        if (committed.equals(rendered)) {
            return Optional.empty();
        }
        String[] a = committed.split("\n", -1);
        String[] b = rendered.split("\n", -1);
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (!a[i].equals(b[i])) {
                return Optional.of("line " + (i + 1) + " is\n    " + a[i] + "\n  but should be\n    " + b[i]);
            }
        }
        return Optional.of("the committed file has " + a.length + " lines, the rendered one " + b.length);
    }

    /** Every {@value #METADATA} on the class path: the application's own and its libraries'. */
    public static List<String> metadataDocuments(ClassLoader loader) {
        try {
            List<String> documents = new ArrayList<>();
            for (URL url : Collections.list(loader.getResources(METADATA))) {
                try (InputStream in = url.openStream()) {
                    documents.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            }
            return documents;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The constants of a type if it is an enumeration loadable by {@code loader}, else empty. */
    public static Function<String, List<String>> enumConstants(ClassLoader loader) {
        return type -> {
            try {
                Class<?> c = Class.forName(type, false, loader);
                return c.isEnum() ? Arrays.stream(c.getEnumConstants()).map(e -> ((Enum<?>) e).name()).toList() : List.of();
            } catch (ClassNotFoundException | LinkageError e) {
                return List.of();
            }
        };
    }

    private static String meaning(Property p, Function<String, List<String>> allowedValues) {
        String text = p.description() == null ? "" : plain(p.description());
        if (p.type() != null) {
            Matcher m = QUALIFIED.matcher(p.type());
            List<String> values = new ArrayList<>();
            while (m.find()) {
                values.addAll(allowedValues.apply(m.group()));
            }
            if (!values.isEmpty()) {
                text += (text.isEmpty() || text.endsWith(".") ? "" : ".") + " Values: "
                        + values.stream().map(v -> "`" + v + "`").collect(Collectors.joining(", ")) + ".";
            }
        }
        return text.strip();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asString();
    }

    private static String defaultValue(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(item.asString()));
            return String.join(", ", items);
        }
        return node.asString();
    }
}
