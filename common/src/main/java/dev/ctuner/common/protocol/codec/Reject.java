package dev.ctuner.common.protocol.codec;

import dev.ctuner.common.protocol.message.RejectionCode;

/**
 * Internal control flow of the decoder: thrown at the first problem, turned into a
 * {@link DecodeResult.Rejected} at the codec's boundary and never seen by callers.
 */
final class Reject extends RuntimeException {

    private static final long serialVersionUID = 1L;

    // Longer details would mostly echo attacker-controlled input into logs.
    private static final int MAX_DETAIL = 500;

    private final RejectionCode code;

    Reject(RejectionCode code, String detail) {
        super(detail, null, false, false);
        this.code = code;
    }

    DecodeResult.Rejected toResult() {
        String detail = getMessage();
        if (detail.length() > MAX_DETAIL) {
            detail = detail.substring(0, MAX_DETAIL) + "...";
        }
        return new DecodeResult.Rejected(code, detail);
    }
}
