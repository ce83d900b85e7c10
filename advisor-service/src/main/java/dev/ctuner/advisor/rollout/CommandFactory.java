package dev.ctuner.advisor.rollout;

import dev.ctuner.advisor.store.SentCommand;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.message.AlterTable;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.ExpectedMode;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Builds and signs the commands the advisor sends (a rollout's ApplyConfiguration and AlterTable, a campaign's RunExperiment), encoded as they are sent. */
public final class CommandFactory {

    private final CommandSigner signer;
    private final MessageCodec codec;
    private final Duration healthTimeout;
    private final Duration expiry;

    public CommandFactory(CommandSigner signer, MessageCodec codec, Duration healthTimeout, Duration expiry) {
        this.signer = signer;
        this.codec = codec;
        this.healthTimeout = healthTimeout;
        this.expiry = expiry;
    }

    public SentCommand apply(ClusterId cluster, NodeId node, Map<String, String> changes, ExpectedMode mode, UUID rolloutId,
                             String reason, Instant now) {
        Envelope unsigned = Envelope.of(cluster, node, UUID.randomUUID(), now, new ApplyConfiguration(changes, mode,
                (int) healthTimeout.toSeconds(), reason, now.plus(expiry), Optional.of(rolloutId.toString())));
        Envelope signed = signer.sign(unsigned);
        return new SentCommand(signed.id(), new String(codec.encode(signed), StandardCharsets.UTF_8));
    }

    /**
     * An AlterTable of {@code table} ({@code keyspace.table}) with table options in the catalog's
     * spelling ({@code compaction.class} → {@code LeveledCompactionStrategy}).
     */
    public SentCommand alterTable(ClusterId cluster, NodeId node, String table, Map<String, String> options, UUID rolloutId,
                                  String reason, Instant now) {
        int dot = table.indexOf('.');
        Envelope unsigned = Envelope.of(cluster, node, UUID.randomUUID(), now, new AlterTable(table.substring(0, dot),
                table.substring(dot + 1), options, reason, now.plus(expiry), Optional.of(rolloutId.toString())));
        Envelope signed = signer.sign(unsigned);
        return new SentCommand(signed.id(), new String(codec.encode(signed), StandardCharsets.UTF_8));
    }

    /**
     * A RunExperiment for an experiment node, valid for {@code validFor}: a sidecar that reads it later
     * refuses it as expired, so once that time has passed it can be sent anew without running twice.
     */
    public SentCommand experiment(ClusterId cluster, NodeId node, String experimentId, Map<String, String> configuration,
                                  WorkloadSpec workload, Duration validFor, Instant now) {
        Envelope unsigned = Envelope.of(cluster, node, UUID.randomUUID(), now, new RunExperiment(experimentId, configuration,
                workload, now.plus(validFor), Optional.empty()));
        Envelope signed = signer.sign(unsigned);
        return new SentCommand(signed.id(), new String(codec.encode(signed), StandardCharsets.UTF_8));
    }

    /** The encoded command with {@code epoch} as its leader epoch, signed again. */
    public byte[] stamped(byte[] envelope, long epoch) {
        if (!(codec.decode(envelope) instanceof DecodeResult.Decoded decoded)) {
            throw new IllegalArgumentException("not a command this advisor encoded");
        }
        return codec.encode(signer.sign(decoded.envelope().withLeaderEpoch(epoch)));
    }

    public Duration healthTimeout() {
        return healthTimeout;
    }
}
