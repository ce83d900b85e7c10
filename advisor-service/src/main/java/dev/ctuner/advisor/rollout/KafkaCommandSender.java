package dev.ctuner.advisor.rollout;

import dev.ctuner.common.protocol.NodeId;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/** {@link CommandSender} over the advisor's idempotent producer (acks=all). */
public final class KafkaCommandSender implements CommandSender {

    private final Producer<String, byte[]> producer;
    private final String topic;

    public KafkaCommandSender(Producer<String, byte[]> producer, String topic) {
        this.producer = producer;
        this.topic = topic;
    }

    @Override
    public void send(NodeId node, byte[] envelope) {
        try {
            producer.send(new ProducerRecord<>(topic, node.value(), envelope)).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending a command to " + node, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the broker did not take the command for " + node + ": " + e, e);
        }
    }
}
