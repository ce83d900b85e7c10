package dev.ctuner.common.protocol.codec;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Test helper: edit encoded messages as JSON trees, the way a foreign or hostile sender could. */
final class JsonTrees {

    static final JsonMapper MAPPER = JsonMapper.builder().build();

    private JsonTrees() {
    }

    static ObjectNode tree(byte[] json) {
        return (ObjectNode) MAPPER.readTree(json);
    }

    static byte[] bytes(ObjectNode tree) {
        return MAPPER.writeValueAsBytes(tree);
    }

    static byte[] edit(byte[] json, Consumer<ObjectNode> change) {
        ObjectNode tree = tree(json);
        change.accept(tree);
        return bytes(tree);
    }

    /** The same document with every object's keys in reverse order, pretty-printed with extra whitespace. */
    static byte[] reorderedAndPretty(byte[] json) {
        String pretty = MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(reversed(MAPPER.readTree(json)));
        return ("\n\t " + pretty + " \n").getBytes(StandardCharsets.UTF_8);
    }

    private static JsonNode reversed(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<Map.Entry<String, JsonNode>> properties = new ArrayList<>(object.properties());
            Collections.reverse(properties);
            ObjectNode out = MAPPER.createObjectNode();
            properties.forEach(p -> out.set(p.getKey(), reversed(p.getValue())));
            return out;
        }
        if (node instanceof ArrayNode array) {
            ArrayNode out = MAPPER.createArrayNode();
            array.forEach(element -> out.add(reversed(element)));
            return out;
        }
        return node;
    }

    static ObjectNode payload(ObjectNode root) {
        return (ObjectNode) root.get("payload");
    }

    static String text(byte[] json) {
        return new String(json, StandardCharsets.UTF_8);
    }
}
