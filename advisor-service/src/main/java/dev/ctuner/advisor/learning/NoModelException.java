package dev.ctuner.advisor.learning;

/**
 * Advice or a plan was asked for before any model was trained; the message says how to train one.
 *
 * <pre>{@code
 * TrainedModel m = learning.require();   // throws NoModelException until a training run succeeded
 * }</pre>
 */
public final class NoModelException extends RuntimeException {

    public NoModelException(String message) {
        super(message);
    }
}
