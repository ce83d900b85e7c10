package dev.ctuner.common.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaClientSettingsTest {

    private static final Map<String, Object> SASL = Map.of("bootstrap.servers", List.of("kafka:9093"),
            "security.protocol", "SASL_SSL", "sasl.mechanism", "SCRAM-SHA-512",
            "sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"u\" password=\"s3cret\";",
            "ssl.truststore.location", "/etc/kafka/truststore.p12", "acks", "1");

    @Test
    void configuredSecuritySettingsReachEveryKindOfClient() {
        KafkaClientSettings settings = KafkaClientSettings.of(SASL, SASL, SASL, null);
        for (Map<String, Object> client : List.of(settings.producer(Map.of()), settings.consumer(Map.of()), settings.admin(Map.of()))) {
            assertThat(client).containsEntry("security.protocol", "SASL_SSL").containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                    .containsEntry("ssl.truststore.location", "/etc/kafka/truststore.p12").containsKey("sasl.jaas.config")
                    .containsEntry("bootstrap.servers", List.of("kafka:9093"));
        }
    }

    @Test
    void theAppsOwnBrokerListWinsWhenGivenAndIsKeptOtherwise() {
        assertThat(KafkaClientSettings.of(SASL, SASL, SASL, " b1:9093,b2:9093 ").producer(Map.of()))
                .containsEntry("bootstrap.servers", "b1:9093,b2:9093");
        assertThat(KafkaClientSettings.of(SASL, SASL, SASL, "").bootstrapServers()).isEqualTo("kafka:9093");
    }

    @Test
    void theClientsOwnGuaranteesCannotBeConfiguredAway() {
        Map<String, Object> producer = KafkaClientSettings.of(SASL, SASL, SASL, null).producer(Map.of("acks", "all"));
        assertThat(producer).containsEntry("acks", "all").containsEntry("security.protocol", "SASL_SSL");
    }

    @Test
    void withoutAnyBrokerItSaysWhatToSet() {
        assertThatThrownBy(() -> KafkaClientSettings.of(Map.of(), Map.of(), Map.of(), null))
                .hasMessageContaining("spring.kafka.bootstrap-servers");
    }

    @Test
    void theSummaryNamesProtocolAndMechanismButNoSecret() {
        String summary = KafkaClientSettings.of(SASL, SASL, SASL, null).summary();
        assertThat(summary).isEqualTo("brokers kafka:9093, security SASL_SSL, SASL SCRAM-SHA-512").doesNotContain("s3cret");
        assertThat(KafkaClientSettings.plain("127.0.0.1:9092").summary()).isEqualTo("brokers 127.0.0.1:9092, security PLAINTEXT");
    }
}
