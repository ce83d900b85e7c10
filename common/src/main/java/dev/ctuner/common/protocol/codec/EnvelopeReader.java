package dev.ctuner.common.protocol.codec;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.MessageType;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.SchemaVersion;
import dev.ctuner.common.protocol.message.Message;
import dev.ctuner.common.protocol.message.MissingFieldException;
import dev.ctuner.common.protocol.message.RejectionCode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a parsed JSON tree into an {@link Envelope}, or throws {@link Reject} at the first problem.
 * The schema version is checked first: a newer major may have changed everything else.
 */
final class EnvelopeReader {

    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private final JsonMapper mapper;

    EnvelopeReader(JsonMapper mapper) {
        this.mapper = mapper;
    }

    Envelope read(ObjectNode root) {
        SchemaVersion version = version(root);
        MessageType type = type(root);
        ClusterId clusterId = header(root, "clusterId", ClusterId::new);
        NodeId nodeId = header(root, "nodeId", NodeId::new);
        UUID id = header(root, "id", EnvelopeReader::uuid);
        Instant createdAt = header(root, "createdAt", Instant::parse);
        Message payload = payload(root, type);
        Optional<String> signature = signature(root);
        Optional<Long> leaderEpoch = leaderEpoch(root);
        try {
            return new Envelope(type.wireName(), version, clusterId, nodeId, id, createdAt, payload, signature, leaderEpoch);
        } catch (IllegalArgumentException e) {
            throw new Reject(RejectionCode.INVALID_FIELD, "envelope: " + e.getMessage());
        }
    }

    private static SchemaVersion version(ObjectNode root) {
        String text = requiredString(root, "schemaVersion", RejectionCode.UNSUPPORTED_VERSION);
        SchemaVersion version;
        try {
            version = SchemaVersion.parse(text);
        } catch (IllegalArgumentException e) {
            throw new Reject(RejectionCode.UNSUPPORTED_VERSION, e.getMessage());
        }
        if (!version.readableBy(SchemaVersion.CURRENT)) {
            throw new Reject(RejectionCode.UNSUPPORTED_VERSION, "schemaVersion " + version + " has major version "
                    + version.major() + "; this reader supports major " + SchemaVersion.CURRENT.major()
                    + " only (any minor)");
        }
        return version;
    }

    private static MessageType type(ObjectNode root) {
        String name = requiredString(root, "type", RejectionCode.INVALID_FIELD);
        return MessageType.byWireName(name).orElseThrow(() -> new Reject(RejectionCode.UNKNOWN_TYPE,
                "unknown message type '" + name + "'; known types: " + Arrays.stream(MessageType.values())
                        .map(MessageType::wireName).collect(Collectors.joining(", "))));
    }

    private static <T> T header(ObjectNode root, String field, Function<String, T> parse) {
        String text = requiredString(root, field, RejectionCode.INVALID_FIELD);
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException | DateTimeParseException e) {
            throw new Reject(RejectionCode.INVALID_FIELD, "envelope field '" + field + "' is invalid: "
                    + e.getMessage());
        }
    }

    private static UUID uuid(String text) {
        // UUID.fromString alone accepts oddities such as "1-1-1-1-1".
        if (!UUID_TEXT.matcher(text).matches()) {
            throw new IllegalArgumentException("expected a UUID like 123e4567-e89b-12d3-a456-426614174000 but was '"
                    + text + "'");
        }
        return UUID.fromString(text);
    }

    private static String requiredString(ObjectNode root, String field, RejectionCode wrongShape) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            throw new Reject(RejectionCode.MISSING_FIELD, "envelope field '" + field + "' is missing");
        }
        if (!node.isString()) {
            throw new Reject(wrongShape, "envelope field '" + field + "' must be a string but was "
                    + node.getNodeType() + " " + node);
        }
        return node.stringValue();
    }

    private static Optional<String> signature(ObjectNode root) {
        JsonNode node = root.get("signature");
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isString()) {
            throw new Reject(RejectionCode.INVALID_FIELD, "envelope field 'signature' must be a base64 string but was "
                    + node.getNodeType());
        }
        return Optional.of(node.stringValue());
    }

    private static Optional<Long> leaderEpoch(ObjectNode root) {
        JsonNode node = root.get("leaderEpoch");
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw new Reject(RejectionCode.INVALID_FIELD, "envelope field 'leaderEpoch' must be a whole number but was "
                    + node.getNodeType());
        }
        return Optional.of(node.longValue());
    }

    private Message payload(ObjectNode root, MessageType type) {
        JsonNode payload = root.get("payload");
        if (payload == null || payload.isNull()) {
            throw new Reject(RejectionCode.MISSING_FIELD, "envelope field 'payload' is missing");
        }
        if (!payload.isObject()) {
            throw new Reject(RejectionCode.INVALID_FIELD, "envelope field 'payload' must be an object but was "
                    + payload.getNodeType());
        }
        try {
            return mapper.treeToValue(payload, type.messageClass());
        } catch (JacksonException e) {
            throw payloadProblem(type, payload, e);
        }
    }

    private static Reject payloadProblem(MessageType type, JsonNode payload, JacksonException e) {
        String where = type.wireName() + " " + path(e.getPath());
        IllegalArgumentException constraint = constraintCause(e);
        if (constraint != null) {
            // Thrown by a record's compact constructor: its message names the field and value.
            RejectionCode code = constraint instanceof MissingFieldException
                    ? RejectionCode.MISSING_FIELD : RejectionCode.INVALID_FIELD;
            return new Reject(code, where + ": " + constraint.getMessage());
        }
        JsonNode at = locate(payload, e.getPath());
        if (at == null || at.isMissingNode() || at.isNull()) {
            return new Reject(RejectionCode.MISSING_FIELD, where + " is missing or null");
        }
        return new Reject(RejectionCode.INVALID_FIELD, where + " " + FieldShapes.problem(e, at));
    }

    private static IllegalArgumentException constraintCause(Throwable e) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof IllegalArgumentException iae) {
                return iae;
            }
        }
        return null;
    }

    /** "payload.tables[0].readRatio" from Jackson's reference chain, which starts at the payload. */
    private static String path(List<JacksonException.Reference> references) {
        StringBuilder out = new StringBuilder("payload");
        for (JacksonException.Reference reference : references) {
            if (reference.getPropertyName() != null) {
                out.append('.').append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                out.append('[').append(reference.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    private static JsonNode locate(JsonNode payload, List<JacksonException.Reference> references) {
        JsonNode node = payload;
        for (JacksonException.Reference reference : references) {
            if (node == null) {
                return null;
            }
            if (reference.getPropertyName() != null) {
                node = node.get(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                node = node.get(reference.getIndex());
            }
        }
        return node;
    }
}
