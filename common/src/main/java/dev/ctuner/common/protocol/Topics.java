package dev.ctuner.common.protocol;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Kafka topic names of one deployment: {@code <prefix>.<suffix>}, e.g. "ctuner.workload".
 * Records on every topic are keyed by {@link NodeId}.
 *
 * @param prefix Kafka-legal characters only (ASCII letters, digits, '.', '_', '-'), short
 *               enough that every full topic name stays within Kafka's 249 characters
 */
public record Topics(String prefix) {

    /** Prefix used when a deployment does not configure one. */
    public static final String DEFAULT_PREFIX = "ctuner";

    /** Kafka's limit on topic name length. */
    public static final int MAX_TOPIC_NAME_LENGTH = 249;

    private static final Pattern LEGAL = Pattern.compile("[A-Za-z0-9._-]+");

    public Topics {
        if (prefix == null) {
            throw new IllegalArgumentException("topic prefix is required but was null");
        }
        if (!LEGAL.matcher(prefix).matches()) {
            throw new IllegalArgumentException("topic prefix may contain only ASCII letters, digits, '.', '_' and"
                    + " '-' but was '" + prefix + "'");
        }
        int longestSuffix = Arrays.stream(TopicKind.values()).mapToInt(k -> k.suffix().length()).max().orElse(0);
        int maxPrefix = MAX_TOPIC_NAME_LENGTH - 1 - longestSuffix;
        if (prefix.length() > maxPrefix) {
            throw new IllegalArgumentException("topic prefix must be at most " + maxPrefix + " characters so that"
                    + " topic names fit Kafka's limit of " + MAX_TOPIC_NAME_LENGTH + ", but was " + prefix.length());
        }
    }

    /** Topics with {@link #DEFAULT_PREFIX}. */
    public static Topics withDefaultPrefix() {
        return new Topics(DEFAULT_PREFIX);
    }

    public String topic(TopicKind kind) {
        return prefix + "." + kind.suffix();
    }

    /** The topic a message of this type is published to. */
    public String topicFor(MessageType type) {
        return topic(type.topicKind());
    }

    public String workload() {
        return topic(TopicKind.WORKLOAD);
    }

    public String status() {
        return topic(TopicKind.STATUS);
    }

    public String commands() {
        return topic(TopicKind.COMMANDS);
    }

    public String results() {
        return topic(TopicKind.RESULTS);
    }

    public String dlq() {
        return topic(TopicKind.DLQ);
    }

    /** All topic names, in {@link TopicKind} order, e.g. for creating them. */
    public List<String> all() {
        return Arrays.stream(TopicKind.values()).map(this::topic).toList();
    }
}
