package dev.ctuner.advisor.store;

/**
 * Someone else changed the row since it was read (its version moved on): read again and retry.
 *
 * <pre>{@code
 * catch (ConcurrentUpdateException e) { // reload, re-check the transition, retry }
 * }</pre>
 */
public final class ConcurrentUpdateException extends RuntimeException {

    public ConcurrentUpdateException(String what, Object id, long expectedVersion) {
        super(what + " " + id + " was changed concurrently (expected version " + expectedVersion + "); read it again");
    }
}
