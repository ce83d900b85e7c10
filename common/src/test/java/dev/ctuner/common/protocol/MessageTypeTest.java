package dev.ctuner.common.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.message.Message;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MessageTypeTest {

    @Test
    void everyMessageRecordHasExactlyOneType() {
        Set<Class<?>> records = new HashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(Arrays.asList(Message.class.getPermittedSubclasses()));
        while (!todo.isEmpty()) {
            Class<?> c = todo.pop();
            if (c.isSealed()) {
                todo.addAll(Arrays.asList(c.getPermittedSubclasses()));
            } else {
                records.add(c);
            }
        }
        Set<Class<?>> mapped = new HashSet<>();
        for (MessageType type : MessageType.values()) {
            assertThat(mapped.add(type.messageClass())).as("%s mapped twice", type.messageClass()).isTrue();
        }
        assertThat(mapped).isEqualTo(records);
    }

    @Test
    void wireNamesAreUniqueAndResolvable() {
        for (MessageType type : MessageType.values()) {
            assertThat(MessageType.byWireName(type.wireName())).contains(type);
        }
        assertThat(MessageType.byWireName("workloadsample")).isEmpty();
    }

    @Test
    void commandsGoToTheCommandsTopicAndNothingElseDoes() {
        for (MessageType type : MessageType.values()) {
            assertThat(type.topicKind() == TopicKind.COMMANDS).as(type.name()).isEqualTo(type.isCommand());
        }
    }

    @Test
    void typeOfAMessageIsFoundFromItsClass() {
        assertThat(MessageType.of(Samples.nodeStatus())).isEqualTo(MessageType.NODE_STATUS);
        assertThat(MessageType.of(Samples.rollbackConfiguration())).isEqualTo(MessageType.ROLLBACK_CONFIGURATION);
    }
}
