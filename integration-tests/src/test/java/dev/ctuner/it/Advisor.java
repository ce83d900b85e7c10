package dev.ctuner.it;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.ExpectedMode;
import dev.ctuner.harness.KafkaBroker;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Stands in for the advisor in tests: holds a signing key and sends commands keyed by node. */
final class Advisor implements AutoCloseable {

    final KeyPair keys = Ed25519Keys.generate();
    private final MessageCodec codec = new MessageCodec();
    private final KafkaProducer<String, byte[]> producer;
    private final Topics topics;

    Advisor(KafkaBroker broker, Topics topics) {
        this.topics = topics;
        this.producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new ByteArraySerializer());
    }

    Path writePublicKey(Path dir) throws Exception {
        java.nio.file.Files.createDirectories(dir);
        Path file = dir.resolve("advisor-public.pem");
        Ed25519Keys.writePublicKey(file, keys.getPublic());
        return file;
    }

    Envelope apply(String node, Map<String, String> changes, ExpectedMode mode, Instant expires) {
        return apply(node, changes, mode, expires, 120);
    }

    /** With the time the node may take to be healthy again (its peers' hints for it delivered) before rollback. */
    Envelope apply(String node, Map<String, String> changes, ExpectedMode mode, Instant expires, int healthTimeoutSeconds) {
        return Envelope.of(new ClusterId("it-ring"), new NodeId(node), UUID.randomUUID(), Instant.now(),
                new ApplyConfiguration(changes, mode, healthTimeoutSeconds, "integration test", expires, Optional.empty()));
    }

    /** An unsigned RunExperiment for {@code node}. */
    Envelope experiment(String node, String experimentId, Map<String, String> configuration,
                        dev.ctuner.common.protocol.message.WorkloadSpec workload, Instant expires) {
        return Envelope.of(new ClusterId("it-ring"), new NodeId(node), UUID.randomUUID(), Instant.now(),
                new dev.ctuner.common.protocol.message.RunExperiment(experimentId, configuration, workload, expires, Optional.empty()));
    }

    Envelope signed(Envelope command) {
        return new CommandSigner(keys.getPrivate()).sign(command);
    }

    void send(Envelope envelope) throws Exception {
        sendRaw(envelope.nodeId().value(), codec.encode(envelope));
    }

    void sendRaw(String key, byte[] bytes) throws Exception {
        producer.send(new ProducerRecord<>(topics.commands(), key, bytes)).get();
    }

    @Override
    public void close() {
        producer.close();
    }
}
