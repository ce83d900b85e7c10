package dev.ctuner.advisor.abuse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The operations an OpenAPI 3 document describes, with their parameters and the schema of their
 * JSON body ({@code $ref}s resolved against {@code components/schemas}).
 *
 * <pre>{@code
 * List<Operation> ops = OpenApiOperations.of(jsonMapper.readTree(apiDocs));
 * }</pre>
 */
final class OpenApiOperations {

    private OpenApiOperations() {
    }

    /** A path or query parameter and its schema. */
    record Param(String name, String in, boolean required, JsonNode schema) {
    }

    /** One path + method. {@code body} is the resolved schema of its JSON body, or null when it takes none. */
    record Operation(String method, String path, List<Param> params, JsonNode body, boolean bodyRequired, JsonNode components) {

        List<Param> pathParams() {
            return params.stream().filter(p -> p.in().equals("path")).toList();
        }

        List<Param> queryParams() {
            return params.stream().filter(p -> p.in().equals("query")).toList();
        }

        /** Resolves a {@code $ref} to its schema; any other schema as it is. */
        JsonNode resolve(JsonNode schema) {
            return OpenApiOperations.resolve(schema, components);
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    static List<Operation> of(JsonNode doc) {
        JsonNode components = doc.path("components").path("schemas");
        List<Operation> ops = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : doc.path("paths").properties()) {
            for (Map.Entry<String, JsonNode> op : path.getValue().properties()) {
                String method = op.getKey().toUpperCase(java.util.Locale.ROOT);
                if (!List.of("GET", "POST", "PUT", "DELETE", "PATCH").contains(method)) {
                    continue;
                }
                List<Param> params = new ArrayList<>();
                for (JsonNode p : op.getValue().path("parameters")) {
                    params.add(new Param(p.path("name").asString(), p.path("in").asString(), p.path("required").asBoolean(false),
                            resolve(p.path("schema"), components)));
                }
                JsonNode content = op.getValue().path("requestBody").path("content");
                JsonNode body = null;
                for (Map.Entry<String, JsonNode> media : content.properties()) {
                    body = resolve(media.getValue().path("schema"), components);
                }
                ops.add(new Operation(method, path.getKey(), params, body,
                        op.getValue().path("requestBody").path("required").asBoolean(false), components));
            }
        }
        return ops;
    }

    static JsonNode resolve(JsonNode schema, JsonNode components) {
        JsonNode s = schema;
        for (int i = 0; i < 10 && s != null && s.has("$ref"); i++) {
            String ref = s.get("$ref").asString();
            s = components.get(ref.substring(ref.lastIndexOf('/') + 1));
        }
        return s;
    }
}
