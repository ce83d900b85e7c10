package dev.ctuner.common.protocol;

import dev.ctuner.common.protocol.message.Command;
import dev.ctuner.common.protocol.message.Message;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * What travels in a Kafka record value: routing and identity around one typed {@link Message}.
 *
 * @param type wire name of the payload's type (see {@link MessageType}); must match the payload
 * @param schemaVersion schema version the sender wrote
 * @param clusterId cluster the message concerns
 * @param nodeId node the message comes from or is addressed to
 * @param id unique message id; for commands this is the command id that results refer to
 * @param createdAt when the sender created the message
 * @param payload the message itself
 * @param signature base64 Ed25519 signature over the canonical form; commands only
 */
public record Envelope(
        String type,
        SchemaVersion schemaVersion,
        ClusterId clusterId,
        NodeId nodeId,
        UUID id,
        Instant createdAt,
        Message payload,
        Optional<String> signature) {

    public Envelope {
        require(type, "type");
        require(schemaVersion, "schemaVersion");
        require(clusterId, "clusterId");
        require(nodeId, "nodeId");
        require(id, "id");
        require(createdAt, "createdAt");
        require(payload, "payload");
        require(signature, "signature");
        String expected = MessageType.of(payload).wireName();
        if (!expected.equals(type)) {
            throw new IllegalArgumentException("type must be '" + expected + "' for a "
                    + payload.getClass().getSimpleName() + " payload but was '" + type + "'");
        }
        if (signature.isPresent()) {
            if (!(payload instanceof Command)) {
                throw new IllegalArgumentException("signature is only allowed on commands, but type is '" + type + "'");
            }
            if (signature.get().isBlank()) {
                throw new IllegalArgumentException("signature must not be blank when present");
            }
        }
    }

    /** A new, unsigned envelope at the current schema version. */
    public static Envelope of(ClusterId clusterId, NodeId nodeId, UUID id, Instant createdAt, Message payload) {
        return new Envelope(MessageType.of(payload).wireName(), SchemaVersion.CURRENT, clusterId, nodeId, id,
                createdAt, payload, Optional.empty());
    }

    public MessageType messageType() {
        return MessageType.of(payload);
    }

    public Envelope withSignature(String base64Signature) {
        return new Envelope(type, schemaVersion, clusterId, nodeId, id, createdAt, payload,
                Optional.of(base64Signature));
    }

    public Envelope withoutSignature() {
        return new Envelope(type, schemaVersion, clusterId, nodeId, id, createdAt, payload, Optional.empty());
    }

    private static void require(Object value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is required but was null");
        }
    }
}
