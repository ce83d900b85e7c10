package dev.ctuner.common.protocol;

import dev.ctuner.common.protocol.message.AlterTable;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.Command;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.Message;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.RollbackConfiguration;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.common.protocol.message.WorkloadSample;
import java.util.Arrays;
import java.util.Optional;

/**
 * The registry of wire type names: each maps to exactly one message record and one topic.
 * Wire names are part of the contract; renaming a record must not rename its wire name.
 */
public enum MessageType {
    WORKLOAD_SAMPLE("WorkloadSample", WorkloadSample.class, TopicKind.WORKLOAD),
    NODE_STATUS("NodeStatus", NodeStatus.class, TopicKind.STATUS),
    APPLY_CONFIGURATION("ApplyConfiguration", ApplyConfiguration.class, TopicKind.COMMANDS),
    ALTER_TABLE("AlterTable", AlterTable.class, TopicKind.COMMANDS),
    ROLLBACK_CONFIGURATION("RollbackConfiguration", RollbackConfiguration.class, TopicKind.COMMANDS),
    RUN_EXPERIMENT("RunExperiment", RunExperiment.class, TopicKind.COMMANDS),
    COMMAND_RESULT("CommandResult", CommandResult.class, TopicKind.RESULTS),
    EXPERIMENT_RESULT("ExperimentResult", ExperimentResult.class, TopicKind.RESULTS);

    private final String wireName;
    private final Class<? extends Message> messageClass;
    private final TopicKind topicKind;

    MessageType(String wireName, Class<? extends Message> messageClass, TopicKind topicKind) {
        this.wireName = wireName;
        this.messageClass = messageClass;
        this.topicKind = topicKind;
    }

    /** The {@code type} string in the envelope. */
    public String wireName() {
        return wireName;
    }

    public Class<? extends Message> messageClass() {
        return messageClass;
    }

    public TopicKind topicKind() {
        return topicKind;
    }

    /** Whether messages of this type are commands, which must be signed. */
    public boolean isCommand() {
        return Command.class.isAssignableFrom(messageClass);
    }

    /** The type of a message; every {@link Message} record has one. */
    public static MessageType of(Message message) {
        if (message == null) {
            throw new IllegalArgumentException("message is required but was null");
        }
        for (MessageType type : values()) {
            if (type.messageClass == message.getClass()) {
                return type;
            }
        }
        // Unreachable while this enum lists every permitted record; a test guards that.
        throw new IllegalStateException("no MessageType for " + message.getClass().getName());
    }

    /** The type with this wire name, if any. */
    public static Optional<MessageType> byWireName(String wireName) {
        return Arrays.stream(values()).filter(t -> t.wireName.equals(wireName)).findFirst();
    }
}
