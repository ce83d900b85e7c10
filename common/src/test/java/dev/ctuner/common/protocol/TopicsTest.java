package dev.ctuner.common.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TopicsTest {

    @Test
    void namesAreThePrefixAndTheSuffix() {
        Topics topics = new Topics("acme-prod.ctuner");
        assertThat(topics.workload()).isEqualTo("acme-prod.ctuner.workload");
        assertThat(topics.status()).isEqualTo("acme-prod.ctuner.status");
        assertThat(topics.commands()).isEqualTo("acme-prod.ctuner.commands");
        assertThat(topics.results()).isEqualTo("acme-prod.ctuner.results");
        assertThat(topics.dlq()).isEqualTo("acme-prod.ctuner.dlq");
        assertThat(topics.all()).hasSize(5).doesNotHaveDuplicates();
    }

    @Test
    void messageTypesRouteToTheirTopic() {
        Topics topics = Topics.withDefaultPrefix();
        assertThat(topics.topicFor(MessageType.WORKLOAD_SAMPLE)).isEqualTo("ctuner.workload");
        assertThat(topics.topicFor(MessageType.ALTER_TABLE)).isEqualTo("ctuner.commands");
        assertThat(topics.topicFor(MessageType.EXPERIMENT_RESULT)).isEqualTo("ctuner.results");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "has space", "slash/es", "colon:", "umlaut-ä", "star*"})
    void illegalCharactersAreRefusedWithThePrefixInTheMessage(String prefix) {
        assertThatThrownBy(() -> new Topics(prefix))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + prefix + "'");
    }

    @Test
    void prefixLengthKeepsEveryTopicWithinKafkasLimit() {
        String longest = "p".repeat(240);
        Topics topics = new Topics(longest);
        assertThat(topics.all()).allSatisfy(name -> assertThat(name.length()).isLessThanOrEqualTo(249));
        assertThatThrownBy(() -> new Topics("p".repeat(241)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 240")
                .hasMessageContaining("241");
    }
}
