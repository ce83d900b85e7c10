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
 * @param leaderEpoch on commands, the epoch of the advisor replica's leadership that sent it (schema 1.2): a sidecar
 *        refuses a command with an older epoch than one it has seen, so a deposed leader cannot act (fencing)
 */
public record Envelope(
        String type,
        SchemaVersion schemaVersion,
        ClusterId clusterId,
        NodeId nodeId,
        UUID id,
        Instant createdAt,
        Message payload,
        Optional<String> signature,
        Optional<Long> leaderEpoch) {

    public Envelope {
        require(type, "type");
        require(schemaVersion, "schemaVersion");
        require(clusterId, "clusterId");
        require(nodeId, "nodeId");
        require(id, "id");
        require(createdAt, "createdAt");
        require(payload, "payload");
        require(signature, "signature");
        require(leaderEpoch, "leaderEpoch");
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
        if (leaderEpoch.isPresent()) {
            if (!(payload instanceof Command)) {
                throw new IllegalArgumentException("leaderEpoch is only allowed on commands, but type is '" + type + "'");
            }
            if (leaderEpoch.get() < 1) {
                throw new IllegalArgumentException("leaderEpoch must be >= 1 but was " + leaderEpoch.get());
            }
        }
    }

    /** An envelope without a leader epoch. */
    public Envelope(String type, SchemaVersion schemaVersion, ClusterId clusterId, NodeId nodeId, UUID id, Instant createdAt,
                    Message payload, Optional<String> signature) {
        this(type, schemaVersion, clusterId, nodeId, id, createdAt, payload, signature, Optional.empty());
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
                Optional.of(base64Signature), leaderEpoch);
    }

    public Envelope withoutSignature() {
        return new Envelope(type, schemaVersion, clusterId, nodeId, id, createdAt, payload, Optional.empty(), leaderEpoch);
    }

    /** The same command at the current schema version, unsigned, carrying the sender's leader epoch. */
    public Envelope withLeaderEpoch(long epoch) {
        return new Envelope(type, SchemaVersion.CURRENT, clusterId, nodeId, id, createdAt, payload, Optional.empty(), Optional.of(epoch));
    }

    private static void require(Object value, String field) {
        if (value == null) {
            throw new IllegalArgumentException(field + " is required but was null");
        }
    }
}
