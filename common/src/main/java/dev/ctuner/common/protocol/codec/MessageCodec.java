package dev.ctuner.common.protocol.codec;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.message.Command;
import dev.ctuner.common.protocol.message.RejectionCode;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.type.LogicalType;

/**
 * Encodes envelopes to JSON bytes for Kafka and decodes them back. Decoding never throws on bad
 * input: every problem becomes a {@link DecodeResult.Rejected} whose detail says what is wrong.
 * Unknown JSON properties are ignored, so a newer minor schema version can add fields.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class MessageCodec {

    /** Default limit on the size of one message: 1 MiB, Kafka's default maximum record size. */
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 1024 * 1024;

    private final JsonMapper mapper;
    private final EnvelopeReader reader;
    private final int maxMessageBytes;

    public MessageCodec() {
        this(DEFAULT_MAX_MESSAGE_BYTES);
    }

    /** A codec that refuses messages larger than {@code maxMessageBytes}, in both directions. */
    public MessageCodec(int maxMessageBytes) {
        if (maxMessageBytes <= 0) {
            throw new IllegalArgumentException("maxMessageBytes must be > 0 but was " + maxMessageBytes);
        }
        this.maxMessageBytes = maxMessageBytes;
        this.mapper = newMapper();
        this.reader = new EnvelopeReader(mapper);
    }

    public int maxMessageBytes() {
        return maxMessageBytes;
    }

    /**
     * JSON bytes of the envelope; the signature property is written only when present.
     *
     * @throws IllegalArgumentException if the result would exceed {@link #maxMessageBytes()}
     */
    public byte[] encode(Envelope envelope) {
        if (envelope == null) {
            throw new IllegalArgumentException("envelope is required but was null");
        }
        byte[] bytes = mapper.writeValueAsBytes(toTree(envelope));
        if (bytes.length > maxMessageBytes) {
            throw new IllegalArgumentException(envelope.type() + " envelope " + envelope.id() + " encodes to "
                    + bytes.length + " bytes, over the limit of " + maxMessageBytes + " bytes");
        }
        return bytes;
    }

    /** Decodes any message type. Commands are not checked for a signature here; see {@link #decodeCommand}. */
    public DecodeResult decode(byte[] bytes) {
        try {
            ObjectNode root = parse(bytes);
            Envelope envelope = reader.read(root);
            ObjectNode unsigned = root.deepCopy();
            unsigned.remove("signature");
            return new DecodeResult.Decoded(envelope, CanonicalJson.of(unsigned));
        } catch (Reject reject) {
            return reject.toResult();
        } catch (RuntimeException unexpected) {
            // Defensive: a decoder bug must not let one bad record crash a consumer.
            return new Reject(RejectionCode.INVALID_FIELD, "could not decode message: " + unexpected).toResult();
        }
    }

    /**
     * Decodes bytes from the commands topic: the message must be a command carrying a valid
     * signature by the verifier's key. A non-command type answers UNKNOWN_TYPE, an unsigned command
     * MISSING_SIGNATURE, a tampered or foreign one BAD_SIGNATURE.
     */
    public DecodeResult decodeCommand(byte[] bytes, SignatureVerifier verifier) {
        if (verifier == null) {
            throw new IllegalArgumentException("verifier is required but was null");
        }
        DecodeResult result = decode(bytes);
        if (!(result instanceof DecodeResult.Decoded decoded)) {
            return result;
        }
        if (!(decoded.envelope().payload() instanceof Command)) {
            return new DecodeResult.Rejected(RejectionCode.UNKNOWN_TYPE, "type '" + decoded.envelope().type()
                    + "' is not a command; only commands are accepted here");
        }
        return verifier.verify(decoded);
    }

    /** What a signature over this envelope covers: the canonical form of its encoding, unsigned. */
    CanonicalBytes canonicalBytes(Envelope envelope) {
        // Parse our own output so the signer sees exactly the tree a receiver will see.
        JsonNode tree = mapper.readTree(encode(envelope.withoutSignature()));
        return CanonicalJson.of(tree);
    }

    private ObjectNode parse(byte[] bytes) {
        if (bytes == null || bytes.length == 0) {
            throw new Reject(RejectionCode.MALFORMED_JSON, "message is empty");
        }
        if (bytes.length > maxMessageBytes) {
            throw new Reject(RejectionCode.MESSAGE_TOO_LARGE, "message is " + bytes.length
                    + " bytes, over the limit of " + maxMessageBytes + " bytes");
        }
        JsonNode root;
        try {
            root = mapper.readTree(bytes);
        } catch (JacksonException e) {
            if (JsonSyntax.isTruncated(mapper, bytes)) {
                throw new Reject(RejectionCode.TRUNCATED, "input ends after " + bytes.length
                        + " bytes in the middle of the JSON document: " + e.getOriginalMessage());
            }
            String offset = e.getLocation() == null ? "" : " at byte " + e.getLocation().getByteOffset();
            throw new Reject(RejectionCode.MALFORMED_JSON, "not valid JSON" + offset + ": " + e.getOriginalMessage());
        }
        if (root == null || root.isMissingNode()) {
            throw new Reject(RejectionCode.MALFORMED_JSON, "message contains no JSON value, only whitespace");
        }
        if (!(root instanceof ObjectNode object)) {
            throw new Reject(RejectionCode.MALFORMED_JSON, "top-level JSON value must be an object but was "
                    + root.getNodeType());
        }
        return object;
    }

    private ObjectNode toTree(Envelope envelope) {
        ObjectNode root = mapper.createObjectNode();
        root.put("type", envelope.type());
        root.put("schemaVersion", envelope.schemaVersion().toString());
        root.put("clusterId", envelope.clusterId().value());
        root.put("nodeId", envelope.nodeId().value());
        root.put("id", envelope.id().toString());
        root.put("createdAt", envelope.createdAt().toString());
        root.set("payload", mapper.valueToTree(envelope.payload()));
        envelope.leaderEpoch().ifPresent(epoch -> root.put("leaderEpoch", epoch));
        envelope.signature().ifPresent(signature -> root.put("signature", signature));
        return root;
    }

    private static JsonMapper newMapper() {
        return JsonMapper.builder()
                // Duplicate keys would let a signed message mean two things.
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                // No silent conversions: 1.7 is not a count, "12" is not a number, 5 is not a version string.
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .withCoercionConfig(LogicalType.Textual, strings -> strings
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                // Only enums with a declared default (NodeState.UNKNOWN) tolerate new constants.
                .enable(EnumFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE)
                .disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
                .build();
    }
}
