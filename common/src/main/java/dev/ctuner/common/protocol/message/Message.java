package dev.ctuner.common.protocol.message;

/**
 * A payload carried in an envelope over Kafka. Each permitted record has exactly one wire type
 * name (see {@code MessageType}), so decoding never has to guess.
 *
 * <p>Rule for nullability across the family: groups of metrics are always present, and a leaf
 * metric value is {@code null} when the node could not provide it. Unknown never becomes 0.
 */
public sealed interface Message
        permits WorkloadSample, NodeStatus, Command, CommandResult, ExperimentResult {
}
