package dev.ctuner.advisor.abuse;

import static dev.ctuner.advisor.abuse.AbuseRequests.HOSTILE_STRINGS;
import static dev.ctuner.advisor.abuse.AbuseRequests.abbreviate;
import static dev.ctuner.advisor.abuse.AbuseRequests.pick;
import static dev.ctuner.advisor.abuse.AbuseRequests.randomAlnum;

import dev.ctuner.advisor.abuse.AbuseRequests.KnownIds;
import dev.ctuner.advisor.abuse.OpenApiOperations.Operation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Hostile request bodies for an operation: a value of its schema's shape with up to three mutations
 * (wrong types, missing or null fields, extra fields, huge strings and arrays, extreme numbers), or
 * no JSON at all (random bytes, truncated or malformed JSON, deep nesting). Each body says what was
 * done to it in {@code what}.
 *
 * <pre>{@code
 * byte[] body = new AbuseBodies(ids, 64 * 1024).body(op, random, what);
 * }</pre>
 */
final class AbuseBodies {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final KnownIds ids;
    private final int bodyLimit;

    AbuseBodies(KnownIds ids, int bodyLimit) {
        this.ids = ids;
        this.bodyLimit = bodyLimit;
    }

    byte[] body(Operation op, SplittableRandom r, List<String> what) {
        int kind = pick(r, 20);
        if (kind == 0) {
            byte[] b = new byte[1 + pick(r, 2000)];
            r.nextBytes(b);
            what.add("random bytes");
            return b;
        }
        if (kind == 1) {
            String s = List.of("", "null", "[]", "\"str\"", "42", "{", "{\"comment\":", "{}{}", "1e999999", "[1,2,", "{\"a\":NaN}",
                    "{'comment':'single quotes'}", "{\"comment\":\"x\",\"comment\":\"y\"}", "\uFEFF{}").get(pick(r, 14));
            what.add("body " + abbreviate(s, 30));
            return s.getBytes(StandardCharsets.UTF_8);
        }
        if (kind == 2) {
            int depth = 200 + pick(r, 5000);
            boolean arrays = pick(r, 2) == 0;
            String open = arrays ? "[" : "{\"comment\":";
            String close = arrays ? "]" : "}";
            what.add("nesting depth " + depth);
            return (open.repeat(depth) + "1" + close.repeat(depth)).getBytes(StandardCharsets.UTF_8);
        }
        JsonNode valid = op.body() == null ? NODES.objectNode().put("comment", "x") : value(op, op.body(), r, 0);
        int mutations = kind < 8 ? 0 : 1 + pick(r, 3);
        for (int i = 0; i < mutations; i++) {
            valid = mutate(op, valid, r, what);
        }
        if (mutations == 0) {
            what.add("body of the schema's shape");
        }
        byte[] out = JSON.writeValueAsBytes(valid);
        if (pick(r, 15) == 0 && out.length > 2) {
            what.add("truncated");
            return java.util.Arrays.copyOf(out, out.length / 2);
        }
        return out;
    }

    /** A value of the schema's shape, with plausible content. */
    JsonNode value(Operation op, JsonNode schema, SplittableRandom r, int depth) {
        JsonNode s = op.resolve(schema);
        if (s == null || depth > 6) {
            return NODES.stringNode("x");
        }
        if (s.has("enum")) {
            JsonNode e = s.get("enum");
            return e.get(pick(r, e.size()));
        }
        String type = s.path("type").asString("");
        switch (type) {
            case "object": {
                ObjectNode o = NODES.objectNode();
                List<String> required = new ArrayList<>();
                s.path("required").forEach(n -> required.add(n.asString()));
                for (Map.Entry<String, JsonNode> p : s.path("properties").properties()) {
                    if (required.contains(p.getKey()) || pick(r, 10) < 7) {
                        o.set(p.getKey(), value(op, p.getValue(), r, depth + 1));
                    }
                }
                if (s.has("additionalProperties") && s.get("additionalProperties").isObject()) {
                    for (int i = 0; i < 1 + pick(r, 3); i++) {
                        o.set(List.of("concurrent_reads", "concurrent_writes", "compaction.class", randomAlnum(r, 6)).get(pick(r, 4)),
                                value(op, s.get("additionalProperties"), r, depth + 1));
                    }
                }
                return o;
            }
            case "array": {
                ArrayNode a = NODES.arrayNode();
                for (int i = 0; i < pick(r, 4); i++) {
                    a.add(value(op, s.path("items"), r, depth + 1));
                }
                return a;
            }
            case "integer":
                return NODES.numberNode(List.of(1, 3, 7, 32, 64, 100).get(pick(r, 6)));
            case "number":
                return NODES.numberNode(List.of(0.0, 0.1, 0.5, 0.9, 1.0, 300.0, 40_000.0).get(pick(r, 7)));
            case "boolean":
                return NODES.booleanNode(pick(r, 2) == 0);
            case "string":
                if ("uuid".equals(s.path("format").asString(""))) {
                    return NODES.stringNode(pick(r, 2) == 0 ? ids.recommendations().get(0) : UUID.randomUUID().toString());
                }
                return NODES.stringNode(List.of("go", "prod", "fuzzing", "concurrent_reads", "64", "P99_READ",
                        ids.clusters().get(0)).get(pick(r, 7)));
            default:
                return pick(r, 2) == 0 ? NODES.nullNode() : NODES.objectNode().put("a", 1);
        }
    }

    private JsonNode mutate(Operation op, JsonNode body, SplittableRandom r, List<String> what) {
        List<JsonNode> containers = new ArrayList<>();
        collect(body, containers);
        JsonNode target = containers.isEmpty() ? null : containers.get(pick(r, containers.size()));
        if (!(target instanceof ObjectNode o) || pick(r, 10) == 0) {
            what.add("replaced by " + (target == null ? "an array" : "a scalar"));
            return pick(r, 2) == 0 ? NODES.arrayNode().add(body) : NODES.stringNode("not an object");
        }
        List<String> names = new ArrayList<>(o.propertyNames());
        String name = names.isEmpty() ? "comment" : names.get(pick(r, names.size()));
        switch (pick(r, 8)) {
            case 0 -> {
                o.remove(name);
                what.add("missing " + name);
            }
            case 1 -> {
                o.putNull(name);
                what.add("null " + name);
            }
            case 2 -> {
                o.set(name, wrongType(o.get(name), r));
                what.add("wrong type " + name);
            }
            case 3 -> {
                String extra = List.of("nodes", "keyspaces", "ring", "id", "state", "__proto__", "@class", randomAlnum(r, 8)).get(pick(r, 8));
                o.set(extra, wrongType(null, r));
                what.add("extra field " + extra);
            }
            case 4 -> {
                int size = pick(r, 3) == 0 ? bodyLimit + 1 + pick(r, 4096) : 2000 + pick(r, bodyLimit / 2);
                o.put(name, "A".repeat(size));
                what.add("huge string " + size + " in " + name);
            }
            case 5 -> {
                ArrayNode a = o.putArray(name);
                int size = 1000 + pick(r, 12_000);
                for (int i = 0; i < size; i++) {
                    a.add(i);
                }
                what.add("huge array " + size + " in " + name);
            }
            case 6 -> {
                o.put(name, HOSTILE_STRINGS.get(pick(r, HOSTILE_STRINGS.size())));
                what.add("hostile string in " + name);
            }
            default -> {
                o.set(name, List.<JsonNode>of(NODES.numberNode(-1), NODES.numberNode(Long.MAX_VALUE), NODES.numberNode(1e308),
                        NODES.numberNode(new java.math.BigInteger("9".repeat(400))), NODES.numberNode(-0.0), NODES.numberNode(1e-320))
                        .get(pick(r, 6)));
                what.add("extreme number in " + name);
            }
        }
        return body;
    }

    private static JsonNode wrongType(JsonNode was, SplittableRandom r) {
        List<JsonNode> options = List.of(NODES.stringNode("abc"), NODES.numberNode(12), NODES.booleanNode(true),
                NODES.arrayNode().add(1), NODES.objectNode().put("x", "y"), NODES.numberNode(3.5));
        JsonNode pickd;
        do {
            pickd = options.get(pick(r, options.size()));
        } while (was != null && pickd.getNodeType() == was.getNodeType());
        return pickd;
    }

    private static void collect(JsonNode node, List<JsonNode> out) {
        if (node.isObject() || node.isArray()) {
            out.add(node);
            for (JsonNode child : node) {
                collect(child, out);
            }
        }
    }
}
