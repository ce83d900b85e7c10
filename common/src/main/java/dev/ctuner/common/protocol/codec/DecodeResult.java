package dev.ctuner.common.protocol.codec;

import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.message.RejectionCode;

/** Outcome of decoding bytes from Kafka: an envelope, or a reason to refuse the bytes. */
public sealed interface DecodeResult permits DecodeResult.Decoded, DecodeResult.Rejected {

    /**
     * A well-formed envelope.
     *
     * @param envelope the typed envelope
     * @param canonicalBytes canonical form of the received JSON without its signature, i.e. exactly
     *                       what a signature covers, including fields this reader does not know
     */
    record Decoded(Envelope envelope, CanonicalBytes canonicalBytes) implements DecodeResult {
        public Decoded {
            if (envelope == null || canonicalBytes == null) {
                throw new IllegalArgumentException("envelope and canonicalBytes are required");
            }
        }
    }

    /**
     * Bytes that were refused.
     *
     * @param code machine-readable reason
     * @param detail what exactly was wrong, naming the field, type or version involved
     */
    record Rejected(RejectionCode code, String detail) implements DecodeResult {
        public Rejected {
            if (code == null) {
                throw new IllegalArgumentException("code is required but was null");
            }
            if (detail == null || detail.isBlank()) {
                throw new IllegalArgumentException("detail must explain rejection " + code + " but was '" + detail + "'");
            }
        }
    }
}
