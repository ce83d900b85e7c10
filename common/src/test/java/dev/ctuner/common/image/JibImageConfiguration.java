package dev.ctuner.common.image;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The container image a module's pom describes: the jib-maven-plugin configuration of its
 * {@code images} profile, with {@code ${...}} resolved from the module's and the root pom's
 * properties (and {@code project.version}). Read from the XML because no base image can be
 * pulled where the tests run, so Jib itself cannot build the image there.
 *
 * @param baseImage {@code from/image}
 * @param targetImage {@code to/image}
 * @param mainClass {@code container/mainClass}
 * @param jvmFlags {@code container/jvmFlags}
 * @param ports {@code container/ports}
 * @param user {@code container/user} (uid:gid)
 * @param workingDirectory {@code container/workingDirectory}
 * @param volumes {@code container/volumes}
 * @param environment {@code container/environment}
 * @param labels {@code container/labels}
 * @param skip {@code skip}: true would build no image
 */
public record JibImageConfiguration(String baseImage, String targetImage, String mainClass, List<String> jvmFlags,
        List<String> ports, String user, String workingDirectory, List<String> volumes, Map<String, String> environment,
        Map<String, String> labels, boolean skip) {

    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

    /** Reads the {@code images} profile of {@code modulePom}; the root pom is {@code ../pom.xml} next to the module. */
    public static JibImageConfiguration read(Path modulePom) throws IOException {
        Document module = parse(modulePom);
        Document root = parse(modulePom.toAbsolutePath().getParent().getParent().resolve("pom.xml"));
        Map<String, String> properties = new LinkedHashMap<>(properties(root));
        properties.putAll(properties(module));
        properties.put("project.version", text(child(root.getDocumentElement(), "version")));

        Element plugin = jibPluginOfImagesProfile(module.getDocumentElement());
        Element configuration = child(plugin, "configuration");
        if (configuration == null) {
            throw new IllegalStateException(modulePom + ": the jib-maven-plugin of profile 'images' has no configuration");
        }
        Element container = child(configuration, "container");
        var resolve = (java.util.function.UnaryOperator<String>) s -> resolve(s, properties);
        return new JibImageConfiguration(
                resolve.apply(text(child(child(configuration, "from"), "image"))),
                resolve.apply(text(child(child(configuration, "to"), "image"))),
                text(child(container, "mainClass")),
                items(child(container, "jvmFlags")).stream().map(resolve).toList(),
                items(child(container, "ports")),
                text(child(container, "user")),
                text(child(container, "workingDirectory")),
                items(child(container, "volumes")),
                entries(child(container, "environment"), resolve),
                entries(child(container, "labels"), resolve),
                Boolean.parseBoolean(text(child(configuration, "skip"))));
    }

    /** The version in the root pom next to the module, which every module inherits. */
    public static String projectVersion(Path modulePom) throws IOException {
        Document root = parse(modulePom.toAbsolutePath().getParent().getParent().resolve("pom.xml"));
        return text(child(root.getDocumentElement(), "version"));
    }

    private static Element jibPluginOfImagesProfile(Element project) {
        Element profiles = child(project, "profiles");
        for (Element profile : children(profiles)) {
            if ("images".equals(text(child(profile, "id")))) {
                for (Element plugin : children(child(child(profile, "build"), "plugins"))) {
                    if ("jib-maven-plugin".equals(text(child(plugin, "artifactId")))) {
                        return plugin;
                    }
                }
            }
        }
        throw new IllegalStateException("no jib-maven-plugin in a profile 'images'");
    }

    static String resolve(String value, Map<String, String> properties) {
        if (value == null) {
            return null;
        }
        Matcher m = PROPERTY.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement = properties.get(m.group(1));
            if (replacement == null) {
                throw new IllegalStateException("property ${" + m.group(1) + "} is defined in neither pom");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        return m.appendTail(out).toString();
    }

    private static Map<String, String> properties(Document pom) {
        Map<String, String> map = new LinkedHashMap<>();
        for (Element p : children(child(pom.getDocumentElement(), "properties"))) {
            map.put(p.getTagName(), p.getTextContent().trim());
        }
        return map;
    }

    private static Map<String, String> entries(Element parent, java.util.function.UnaryOperator<String> resolve) {
        Map<String, String> map = new LinkedHashMap<>();
        for (Element e : children(parent)) {
            map.put(e.getTagName(), resolve.apply(e.getTextContent().trim()));
        }
        return map;
    }

    private static List<String> items(Element parent) {
        return children(parent).stream().map(e -> e.getTextContent().trim()).toList();
    }

    private static List<Element> children(Element parent) {
        List<Element> list = new ArrayList<>();
        if (parent == null) {
            return list;
        }
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE) {
                list.add((Element) nodes.item(i));
            }
        }
        return list;
    }

    private static Element child(Element parent, String name) {
        return children(parent).stream().filter(e -> e.getTagName().equals(name)).findFirst().orElse(null);
    }

    private static String text(Element element) {
        return element == null ? null : element.getTextContent().trim();
    }

    private static Document parse(Path pom) throws IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(pom.toFile());
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("cannot read " + pom + ": " + e.getMessage(), e);
        }
    }
}
