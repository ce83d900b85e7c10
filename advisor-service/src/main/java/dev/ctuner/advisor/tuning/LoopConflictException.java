package dev.ctuner.advisor.tuning;

/**
 * A request the loop's current state does not allow, such as pausing a paused loop; answered 409.
 *
 * <pre>{@code
 * throw new LoopConflictException("the tuning loop of prod is already paused (by alice: traffic peak)");
 * }</pre>
 */
public final class LoopConflictException extends RuntimeException {

    public LoopConflictException(String message) {
        super(message);
    }
}
