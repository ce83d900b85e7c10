package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.harness.AdvisorProcess;
import dev.ctuner.harness.AdvisorRollouts;
import dev.ctuner.harness.KafkaBroker;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
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
 * The advisor process against the real broker: records it cannot use (not an envelope, cut off,
 * a message on the wrong topic) land unchanged on {@code <prefix>.dlq} with their source topic and
 * reason, are counted in the Prometheus metrics, and change nothing; a good heartbeat sent after
 * them is still ingested (the consumer did not stop).
 */
class AdvisorIngestIT {

    private static final Pattern REJECTED = Pattern.compile("ctuner_ingest_rejected_total\\{([^}]*)} ([0-9.]+)");

    @Test
    void unusableRecordsGoToTheDeadLetterTopicAndAreCountedAndTheGoodOneAfterThemIsIngested() throws Exception {
        KafkaBroker broker = Servers.broker();
        Topics topics = new Topics("ingest" + System.nanoTime());
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            admin.createTopics(topics.all().stream().map(t -> new NewTopic(t, 1, (short) 1)).toList()).all().get();
        }
        MessageCodec codec = new MessageCodec();
        byte[] heartbeat = codec.encode(Envelope.of(new ClusterId("it-ingest"), new NodeId("n9"), UUID.randomUUID(), Instant.now(),
                new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, "s1", "0.1.0", 100L, true, 0, 0, 0)));
        byte[] notAnEnvelope = "hello, this is not a message".getBytes(StandardCharsets.UTF_8);
        byte[] cutOff = Arrays.copyOf(heartbeat, heartbeat.length / 2);

        Path dir = Servers.WORK.resolve("ingest").resolve(topics.prefix());
        try (AdvisorProcess advisor = AdvisorProcess.start(Servers.RUNTIME, AdvisorProcess.jar(Path.of("..").toAbsolutePath().normalize()),
                dir, 18090, AdvisorRollouts.settings(broker, topics.prefix()))) {
            advisor.awaitServing(Duration.ofSeconds(120));
            try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(producerProps(broker), new StringSerializer(),
                    new ByteArraySerializer())) {
                producer.send(new ProducerRecord<>(topics.workload(), "n9", notAnEnvelope)).get();
                producer.send(new ProducerRecord<>(topics.status(), "n9", cutOff)).get();
                producer.send(new ProducerRecord<>(topics.workload(), "n9", heartbeat)).get(); // a status on the workload topic
                producer.send(new ProducerRecord<>(topics.status(), "n9", heartbeat)).get();
            }

            List<ConsumerRecord<String, byte[]>> parked = consume(broker, topics.dlq(), 3, Duration.ofSeconds(60));
            assertThat(parked).extracting(ConsumerRecord::value).containsExactlyInAnyOrder(notAnEnvelope, cutOff, heartbeat);
            for (ConsumerRecord<String, byte[]> r : parked) {
                String source = new String(r.headers().lastHeader("ctuner.source-topic").value(), StandardCharsets.UTF_8);
                String reason = new String(r.headers().lastHeader("ctuner.reason").value(), StandardCharsets.UTF_8);
                assertThat(r.key()).isEqualTo("n9");
                assertThat(reason).as("reason of a record from %s", source).isNotBlank();
                if (Arrays.equals(r.value(), heartbeat)) {
                    assertThat(source).isEqualTo(topics.workload());
                    assertThat(reason).contains("does not belong on " + topics.workload());
                } else if (Arrays.equals(r.value(), cutOff)) {
                    assertThat(source).isEqualTo(topics.status());
                } else {
                    assertThat(source).isEqualTo(topics.workload());
                }
            }

            String nodes = awaitBodyContaining(advisor, "/api/v1/clusters/it-ingest/nodes", "n9", Duration.ofSeconds(60));
            assertThat(nodes).contains("UP_NORMAL");
            double rejected = 0;
            Matcher m = REJECTED.matcher(advisor.get("/actuator/prometheus"));
            while (m.find()) {
                rejected += Double.parseDouble(m.group(2));
            }
            assertThat(rejected).as("ctuner_ingest_rejected_total over all tags").isEqualTo(3.0);
            System.out.println("dead letters: " + parked.stream().map(r -> new String(r.headers().lastHeader("ctuner.reason").value(),
                    StandardCharsets.UTF_8)).toList());
        }
    }

    private static String awaitBodyContaining(AdvisorProcess advisor, String path, String text, Duration timeout) throws Exception {
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        String body = "";
        while (System.currentTimeMillis() < deadline) {
            body = advisor.get(path);
            if (body.contains(text)) {
                return body;
            }
            Thread.sleep(500);
        }
        throw new AssertionError(path + " never contained " + text + "; last answer: " + body);
    }

    private static Properties producerProps(KafkaBroker broker) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        return p;
    }

    private static List<ConsumerRecord<String, byte[]>> consume(KafkaBroker broker, String topic, int expected, Duration timeout) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "it-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(p, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.currentTimeMillis() + timeout.toMillis();
            while (records.size() < expected && System.currentTimeMillis() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(records::add);
            }
        }
        return records;
    }
}
