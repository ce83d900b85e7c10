package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.codec.SignatureVerifier;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.ExpectedMode;
import dev.ctuner.harness.KafkaBroker;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * The real KRaft broker process carries a signed command keyed by node; after the broker is stopped
 * by PID and started again on the same storage, the acknowledged message is still there and still
 * verifies, while a tampered copy does not.
 */
class KafkaBrokerIT {

    @Test
    void signedCommandsSurviveABrokerRestart() throws Exception {
        KafkaBroker broker = Servers.broker();
        Topics topics = new Topics("it" + System.nanoTime());
        try (Admin admin = Admin.create(props(broker, Map.of()))) {
            admin.createTopics(List.of(new NewTopic(topics.commands(), 3, (short) 1))).all().get();
        }
        KeyPair advisor = Ed25519Keys.generate();
        MessageCodec codec = new MessageCodec();
        Envelope command = new CommandSigner(advisor.getPrivate()).sign(Envelope.of(new ClusterId("it"), new NodeId("node-2"),
                UUID.randomUUID(), Instant.now(), new ApplyConfiguration(Map.of("compaction_throughput", "32MiB/s"),
                        ExpectedMode.LIVE, 60, "integration test", Instant.now().plusSeconds(600), Optional.empty())));
        byte[] bytes = codec.encode(command);
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(props(broker, Map.of(
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true, ProducerConfig.ACKS_CONFIG, "all")),
                new StringSerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topics.commands(), "node-2", bytes)).get();
        }

        broker.stop();
        assertThat(broker.isRunning()).isFalse();
        broker.start();
        broker.awaitReady(Duration.ofSeconds(60));

        List<ConsumerRecord<String, byte[]>> received = consumeAll(broker, topics.commands(), 1);
        assertThat(received).hasSize(1);
        assertThat(received.get(0).key()).isEqualTo("node-2");
        SignatureVerifier verifier = new SignatureVerifier(advisor.getPublic());
        DecodeResult result = codec.decodeCommand(received.get(0).value(), verifier);
        assertThat(result).isInstanceOf(DecodeResult.Decoded.class);
        assertThat(((DecodeResult.Decoded) result).envelope().payload()).isEqualTo(command.payload());

        byte[] tampered = new String(received.get(0).value()).replace("32MiB/s", "64MiB/s").getBytes();
        assertThat(codec.decodeCommand(tampered, verifier)).isInstanceOf(DecodeResult.Rejected.class);
    }

    private static List<ConsumerRecord<String, byte[]>> consumeAll(KafkaBroker broker, String topic, int expected) {
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props(broker, Map.of(
                ConsumerConfig.GROUP_ID_CONFIG, "it-" + UUID.randomUUID(), ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest")),
                new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.currentTimeMillis() + 30_000;
            while (records.size() < expected && System.currentTimeMillis() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(records::add);
            }
        }
        return records;
    }

    private static Properties props(KafkaBroker broker, Map<String, Object> extra) {
        Properties props = new Properties();
        props.put("bootstrap.servers", broker.bootstrapServers());
        props.putAll(extra);
        return props;
    }
}
