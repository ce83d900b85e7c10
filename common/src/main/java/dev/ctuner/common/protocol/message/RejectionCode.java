package dev.ctuner.common.protocol.message;

/**
 * Why a message or command was refused. The codec uses the decoding codes; the sidecar's
 * command intake uses the last seven, and reports them in {@link CommandResult#rejectionCode()}.
 */
public enum RejectionCode {
    /** Not JSON at all, or JSON with a syntax error before the end of the input. */
    MALFORMED_JSON,
    /** The input is a valid beginning of a JSON document that stops early. */
    TRUNCATED,
    /** The message is larger than the codec's configured limit. */
    MESSAGE_TOO_LARGE,
    /** The {@code type} names no known message. */
    UNKNOWN_TYPE,
    /** The schema version has a different major version, or cannot be parsed. */
    UNSUPPORTED_VERSION,
    /** A required field is absent or null. */
    MISSING_FIELD,
    /** A field is present but has the wrong shape or violates a constraint. */
    INVALID_FIELD,
    /** A command arrived without a signature. */
    MISSING_SIGNATURE,
    /** A command's signature does not verify against the trusted key. */
    BAD_SIGNATURE,
    /** The command's {@code expiresAt} has passed. */
    EXPIRED,
    /** A command with the same id was already received. */
    REPLAYED,
    /** The command names a configuration knob the sidecar does not know. */
    UNKNOWN_KNOB,
    /** A value lies outside the range the sidecar allows for that knob. */
    OUT_OF_RANGE,
    /** The change is known and in range but forbidden by local policy. */
    NOT_ALLOWED,
    /** The sidecar is already executing another command. */
    BUSY,
    /** The command carries an older leader epoch than one the sidecar has seen: its sender is no longer the leader. */
    STALE_LEADER
}
