package dev.ctuner.common.catalog;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The name of a tunable setting as Cassandra 5.0 spells it: a cassandra.yaml key
 * ({@code compaction_throughput}, nested keys dotted: {@code sstable.selected_format}) or a
 * table/keyspace option path ({@code compaction.class}).
 */
public record KnobName(String value) implements Comparable<KnobName> {

    private static final Pattern LEGAL = Pattern.compile("[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*");

    public KnobName {
        Objects.requireNonNull(value, "knob name");
        if (!LEGAL.matcher(value).matches()) {
            throw new IllegalArgumentException("knob name '" + value + "' is not a lower-case yaml key or dotted path");
        }
    }

    public static KnobName of(String value) {
        return new KnobName(value);
    }

    @Override
    public int compareTo(KnobName other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
