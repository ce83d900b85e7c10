package dev.ctuner.sidecar.observe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.sidecar.publish.BacklogPublisher;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WorkloadObserverAfterChangeTest {

    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void aWindowIsClosedEarlyAtAChangeOnlyWhenTheAdvisorWouldKeepIt() {
        assertThat(WorkloadObserver.closesEarly(null, T)).as("no window open yet").isTrue();
        assertThat(WorkloadObserver.closesEarly(T, T.plusSeconds(7))).isTrue();
        assertThat(WorkloadObserver.closesEarly(T, T.plus(WorkloadObserver.MIN_EARLY_WINDOW))).isTrue();
        assertThat(WorkloadObserver.closesEarly(T, T.plusMillis(1_500))).as("too short: the advisor refuses it").isFalse();
    }

    @Test
    void afterAChangeAHeartbeatReadAfterItIsPublishedAtOnceStampedWithTheTimeOfItsRead() throws Exception {
        LinkedBlockingQueue<byte[]> sent = new LinkedBlockingQueue<>();
        Clock clock = Clock.systemUTC();
        StatusReader status = new StatusReader(null, null, "test") {
            @Override
            public NodeStatus read(long backlog, long dropped) {
                return new NodeStatus("5.0", NodeState.UP_NORMAL, 0L, "s1", "test", 1L, true, backlog, dropped, 0);
            }
        };
        try (BacklogPublisher publisher = new BacklogPublisher((topic, key, value, timeout) -> sent.add(value), 10,
                Duration.ofSeconds(1), clock);
             WorkloadObserver observer = new WorkloadObserver(null, null, null, status, publisher, new Topics("t"),
                     new ClusterId("c"), new NodeId("n"), clock)) {
            Instant changed = clock.instant();
            observer.afterChange(); // not started: no periodic heartbeat would come for a status interval

            byte[] message = sent.poll(5, TimeUnit.SECONDS);
            assertThat(message).as("a heartbeat at once").isNotNull();
            DecodeResult.Decoded decoded = (DecodeResult.Decoded) new MessageCodec().decode(message);
            assertThat(decoded.envelope().payload()).isInstanceOf(NodeStatus.class);
            assertThat(decoded.envelope().createdAt()).isAfterOrEqualTo(changed);
            assertThat(observer.failedTicks()).isZero();
        }
    }
}
