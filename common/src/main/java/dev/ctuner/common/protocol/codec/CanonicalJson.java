package dev.ctuner.common.protocol.codec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The canonical JSON form that command signatures cover. Given a parsed JSON tree (the envelope
 * with its top-level {@code signature} property removed), the canonical bytes are:
 * <ul>
 *   <li>the UTF-8 encoding of the tree written without any insignificant whitespace;</li>
 *   <li>object properties sorted by name, recursively, comparing names as Java's
 *       {@link String#compareTo} does (UTF-16 code units); array order kept;</li>
 *   <li>strings escaped minimally: {@code "} and {@code \} and control characters below U+0020
 *       escaped, everything else written as UTF-8;</li>
 *   <li>numbers as parsed, then written back: integers in plain decimal, other numbers as
 *       {@link Double#toString(double)} of the parsed double (e.g. {@code 1e2} becomes {@code 100.0}).</li>
 * </ul>
 * Because the form is computed from the parsed tree, it does not depend on the key order or
 * whitespace of the bytes on the wire, and it includes properties this reader does not know.
 */
final class CanonicalJson {

    // A plain mapper: no pretty printing, default escaping, so the output is exactly the rule above.
    private static final JsonMapper WRITER = JsonMapper.builder().build();

    private CanonicalJson() {
    }

    static CanonicalBytes of(JsonNode tree) {
        return new CanonicalBytes(WRITER.writeValueAsBytes(sorted(tree)));
    }

    private static JsonNode sorted(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<Map.Entry<String, JsonNode>> properties = new ArrayList<>(object.properties());
            properties.sort(Map.Entry.comparingByKey());
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            for (Map.Entry<String, JsonNode> property : properties) {
                out.set(property.getKey(), sorted(property.getValue()));
            }
            return out;
        }
        if (node instanceof ArrayNode array) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode(array.size());
            for (JsonNode element : array) {
                out.add(sorted(element));
            }
            return out;
        }
        return node;
    }
}
