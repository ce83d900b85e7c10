package dev.ctuner.sidecar.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class BacklogPublisherTest {

    /** A broker stand-in that can be switched off: pure logic, no network. */
    private static final class SwitchableSender implements MessageSender {
        final AtomicBoolean up = new AtomicBoolean(true);
        final List<String> delivered = new CopyOnWriteArrayList<>();

        @Override
        public void send(String topic, String key, byte[] value, Duration timeout) throws Exception {
            if (!up.get()) {
                throw new java.util.concurrent.TimeoutException("broker away");
            }
            delivered.add(new String(value));
        }
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 20_000;
        while (!condition.getAsBoolean() && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
    }

    @Test
    void keepsMessagesInOrderWhileTheBrokerIsAwayAndDeliversThemAfterwards() throws Exception {
        SwitchableSender sender = new SwitchableSender();
        try (BacklogPublisher publisher = new BacklogPublisher(sender, 100, Duration.ofSeconds(1), Clock.systemUTC())) {
            publisher.publish("t", "k", "m0".getBytes());
            await(() -> sender.delivered.size() == 1);
            sender.up.set(false);
            for (int i = 1; i <= 5; i++) {
                publisher.publish("t", "k", ("m" + i).getBytes());
            }
            await(() -> publisher.lastError() != null);
            assertThat(publisher.backlog()).isEqualTo(5);
            sender.up.set(true);
            await(() -> publisher.backlog() == 0);
            assertThat(sender.delivered).containsExactly("m0", "m1", "m2", "m3", "m4", "m5");
            assertThat(publisher.dropped()).isZero();
            assertThat(publisher.lastError()).isNull();
        }
    }

    @Test
    void dropsTheOldestBeyondItsBoundAndCountsThem() throws Exception {
        SwitchableSender sender = new SwitchableSender();
        sender.up.set(false);
        try (BacklogPublisher publisher = new BacklogPublisher(sender, 3, Duration.ofSeconds(1), Clock.systemUTC())) {
            for (int i = 0; i < 10; i++) {
                publisher.publish("t", "k", ("m" + i).getBytes());
            }
            assertThat(publisher.backlog()).isEqualTo(3);
            assertThat(publisher.dropped()).isEqualTo(7);
            sender.up.set(true);
            await(() -> publisher.backlog() == 0);
            // The worker may have held m0 when m3..m9 arrived; it then delivers it too. The newest three always arrive.
            assertThat(sender.delivered).endsWith("m7", "m8", "m9");
            assertThat(sender.delivered.size()).isBetween(3, 4);
        }
    }
}
