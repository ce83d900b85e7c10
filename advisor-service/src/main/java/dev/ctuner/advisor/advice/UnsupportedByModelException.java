package dev.ctuner.advisor.advice;

/**
 * The request is well formed but the trained model cannot answer it (e.g. a latency objective for
 * a target no training sample measured).
 *
 * <pre>{@code
 * throw new UnsupportedByModelException("no model of P99_WRITE: 0 samples measured it");
 * }</pre>
 */
public final class UnsupportedByModelException extends RuntimeException {

    public UnsupportedByModelException(String message) {
        super(message);
    }
}
