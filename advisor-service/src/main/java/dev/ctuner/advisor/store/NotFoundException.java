package dev.ctuner.advisor.store;

/**
 * No stored row has this id.
 *
 * <pre>{@code
 * store.find(id).orElseThrow(() -> new NotFoundException("recommendation", id));
 * }</pre>
 */
public final class NotFoundException extends RuntimeException {

    public NotFoundException(String what, Object id) {
        super("no " + what + " with id " + id);
    }
}
