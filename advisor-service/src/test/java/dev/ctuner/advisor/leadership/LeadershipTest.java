package dev.ctuner.advisor.leadership;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.SettableClock;
import dev.ctuner.advisor.rollout.CommandFactory;
import dev.ctuner.advisor.rollout.FencedCommandSender;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.codec.SignatureVerifier;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.ExpectedMode;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class LeadershipTest {

    private Instant now = Instant.parse("2026-12-07T10:00:00Z");
    private final SettableClock clock = new SettableClock(now);

    /** The table's one row, in memory. */
    static final class Row implements LeadershipStore {
        long epoch;
        Optional<Leader> leader = Optional.empty();

        @Override
        public long takeOver(String replica, Instant at) {
            epoch++;
            leader = Optional.of(new Leader(epoch, replica, at));
            return epoch;
        }

        @Override
        public Optional<Leader> current() {
            return leader;
        }
    }

    @Test
    void aGrantRaisesTheEpochAndALeaderThatCannotConfirmItsLeaseStopsActingAtHalfItsTime() {
        Row row = new Row();
        row.epoch = 4;
        Leadership leadership = new Leadership("advisor-a", row, Duration.ofSeconds(10), clock);
        assertThat(leadership.isLeader()).isFalse();
        assertThat(leadership.epoch()).isEmpty();

        leadership.onGranted(null);
        assertThat(leadership.isLeader()).isTrue();
        assertThat(leadership.epoch()).hasValue(5);
        assertThat(leadership.leader()).hasValueSatisfying(l -> assertThat(l.replica()).isEqualTo("advisor-a"));

        clock.advance(Duration.ofMillis(4_900));
        assertThat(leadership.isLeader()).isTrue();
        clock.advance(Duration.ofMillis(100));   // 5 s without a renewal: half the lease's time to live
        assertThat(leadership.isLeader()).as("stops before another replica may take the lease").isFalse();
        assertThat(leadership.epoch()).isEmpty();
        leadership.confirmed();
        assertThat(leadership.isLeader()).isTrue();

        leadership.onRevoked(null);
        assertThat(leadership.isLeader()).isFalse();
    }

    @Test
    void commandsLeaveOnlyWhileLeadingStampedWithTheEpochAndSignedAgain() {
        KeyPair keys = Ed25519Keys.generate();
        MessageCodec codec = new MessageCodec();
        CommandFactory factory = new CommandFactory(new CommandSigner(keys.getPrivate(), codec), codec, Duration.ofMinutes(3),
                Duration.ofMinutes(15));
        byte[] command = factory.apply(new ClusterId("c"), new NodeId("n1"), Map.of("concurrent_reads", "64"), ExpectedMode.LIVE,
                UUID.randomUUID(), "test", now).envelopeJson().getBytes(StandardCharsets.UTF_8);
        List<byte[]> sent = new ArrayList<>();
        Leadership leadership = new Leadership("advisor-a", new Row(), Duration.ofSeconds(10), clock);
        FencedCommandSender sender = new FencedCommandSender((node, bytes) -> sent.add(bytes), leadership, factory);

        assertThatThrownBy(() -> sender.send(new NodeId("n1"), command)).hasMessageContaining("does not lead");
        assertThat(sent).isEmpty();

        leadership.onGranted(null);
        sender.send(new NodeId("n1"), command);
        DecodeResult decoded = codec.decodeCommand(sent.get(0), new SignatureVerifier(keys.getPublic()));
        assertThat(decoded).isInstanceOfSatisfying(DecodeResult.Decoded.class, d -> {
            assertThat(d.envelope().leaderEpoch()).contains(1L);
            assertThat(d.envelope().id()).as("the same command").isEqualTo(((DecodeResult.Decoded) codec.decode(command)).envelope().id());
        });

        new FencedCommandSender((node, bytes) -> sent.add(bytes), LeaderGate.ALONE, factory).send(new NodeId("n1"), command);
        assertThat(sent.get(1)).as("a single advisor sends the command as it was made").isEqualTo(command);
    }
}
