package dev.ctuner.common.protocol;

/** Name of a Cassandra cluster under tuning; non-blank, without surrounding whitespace. */
public record ClusterId(String value) {

    public ClusterId {
        Identifiers.check(value, "clusterId");
    }

    @Override
    public String toString() {
        return value;
    }
}
