package dev.ctuner.common.protocol.message;

/**
 * A required field of a protocol record is null or absent.
 * A distinct type so that the codec can answer MISSING_FIELD rather than INVALID_FIELD.
 */
public final class MissingFieldException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;

    public MissingFieldException(String field) {
        super(field + " is required but was missing or null");
        this.field = field;
    }

    /** Name of the missing field, relative to the record that required it. */
    public String field() {
        return field;
    }
}
