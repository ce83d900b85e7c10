package dev.ctuner.common.protocol;

import dev.ctuner.common.protocol.message.AlterTable;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.CacheHitRatios;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.ConfigurationSnapshot;
import dev.ctuner.common.protocol.message.ExpectedMode;
import dev.ctuner.common.protocol.message.ExperimentQuality;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.common.protocol.message.HistogramBucket;
import dev.ctuner.common.protocol.message.KeyReuseSummary;
import dev.ctuner.common.protocol.message.LatencyPercentiles;
import dev.ctuner.common.protocol.message.Message;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.OperationCounts;
import dev.ctuner.common.protocol.message.OperationStats;
import dev.ctuner.common.protocol.message.Performance;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import dev.ctuner.common.protocol.message.RejectionCode;
import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.RollbackConfiguration;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.common.protocol.message.SstablesPerRead;
import dev.ctuner.common.protocol.message.TableOperations;
import dev.ctuner.common.protocol.message.ThreadPoolStats;
import dev.ctuner.common.protocol.message.Versions;
import dev.ctuner.common.protocol.message.WorkloadSample;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Realistic protocol values for tests, including nulls for metrics a node could not provide. */
public final class Samples {

    public static final ClusterId CLUSTER = new ClusterId("prod-eu-1");
    public static final NodeId NODE = new NodeId("cass-eu-1a-03");
    public static final Instant NOW = Instant.parse("2025-03-14T09:26:53.589793238Z");

    private Samples() {
    }

    public static WorkloadSample workloadSample() {
        Performance performance = new Performance(
                18234.5,
                new LatencyPercentiles(412.0, 1830.5, 4210.0, 91233.0),
                new LatencyPercentiles(210.0, 705.2, null, null), // this node exposes no write p99/max
                new LatencyPercentiles(95.0, 480.0, 1190.0, 20400.0),
                LatencyPercentiles.UNKNOWN,
                List.of(new ThreadPoolStats("ReadStage", 12L, 3L, 0L),
                        new ThreadPoolStats("MutationStage", 7L, 0L, null),
                        new ThreadPoolStats("CompactionExecutor", null, null, null)),
                14L,
                new SstablesPerRead(2.0, 6.0, 2.7),
                new CacheHitRatios(0.93, null, 0.71),
                Map.of("MUTATION", 4L, "READ", 0L),
                820L,
                37L,
                6_123_456_789L,
                null);
        KeyReuseSummary keyReuse = new KeyReuseSummary(
                List.of(new HistogramBucket(1, 120), new HistogramBucket(2, 340), new HistogramBucket(4, 910),
                        new HistogramBucket(8, 1500), new HistogramBucket(16, 720)),
                7.4, 5.0, 0.135, 0.962, 0.99, 50_000, "reservoir-1pct");
        return new WorkloadSample(
                NOW.minusSeconds(60), NOW,
                new OperationCounts(820_000, 270_000, 1_200, 35, 4_100),
                0.7527,
                List.of(new TableOperations("shop", "orders", new OperationCounts(500_000, 200_000, 0, 35, 4_100), 0.7119),
                        new TableOperations("shop", "empty_table", new OperationCounts(0, 0, 0, 0, 0), null)),
                performance,
                keyReuse,
                new ConfigurationSnapshot(Map.of("compaction_throughput", "64MiB/s", "concurrent_reads", "32",
                        "key_cache_size", "100MiB"), "sha256:9f86d081884c7d65"),
                List.of("localWrite.p50", "heapMaxBytes"));
    }

    public static NodeStatus nodeStatus() {
        return new NodeStatus("5.0.4", NodeState.UP_NORMAL, null, "59adb24e-f3cd-3e02-97f0-5b395827453f",
                "0.1.0", 86_400L, true, 3, 1, 0).withTopology(topology());
    }

    /** A node with two vnodes that sees one peer fully and one that gossip has half told it about. */
    public static dev.ctuner.common.protocol.message.NodeTopology topology() {
        return new dev.ctuner.common.protocol.message.NodeTopology("5b6962dd-3f90-4c93-8f61-eabfa4a803e2", "dc1", "rack1",
                List.of(4_611_686_018_427_387_904L, -9_223_372_036_854_775_808L),
                List.of(new dev.ctuner.common.protocol.message.PeerTopology("8d3c2f4e-0c1a-4b7e-9a55-3f1d2c4b5a6e", "10.0.0.2",
                                "dc1", "rack2", List.of(0L, 9_000L), "59adb24e-f3cd-3e02-97f0-5b395827453f"),
                        new dev.ctuner.common.protocol.message.PeerTopology("0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9", null, null,
                                null, null, null)),
                List.of(new dev.ctuner.common.protocol.message.KeyspaceSettings("shop",
                                "org.apache.cassandra.locator.NetworkTopologyStrategy", Map.of("dc1", "3", "dc2", "2")),
                        new dev.ctuner.common.protocol.message.KeyspaceSettings("system_auth",
                                "org.apache.cassandra.locator.SimpleStrategy", Map.of("replication_factor", "1"))));
    }

    public static ApplyConfiguration applyConfiguration() {
        return new ApplyConfiguration(Map.of("concurrent_reads", "64", "compaction_throughput", "128MiB/s"),
                ExpectedMode.LIVE, 300, "read p99 above target under read-heavy load",
                NOW.plusSeconds(600), Optional.of("rollout-2025-03-14-a"));
    }

    public static AlterTable alterTable() {
        return new AlterTable("shop", "orders",
                Map.of("compaction.class", "LeveledCompactionStrategy", "bloom_filter_fp_chance", "0.01"),
                "sstables per read p99 is 6", NOW.plusSeconds(600), Optional.empty());
    }

    public static RollbackConfiguration rollbackConfiguration() {
        return new RollbackConfiguration(UUID.fromString("0f5c3b7e-2a41-4d8f-9e55-2b1c6a7d8e90"),
                "write p99 regressed 40% after change", NOW.plusSeconds(300), Optional.of("rollout-2025-03-14-a"));
    }

    public static WorkloadSpec workloadSpec() {
        return new WorkloadSpec(0.6, 0.2, 0.1, 0.05, 0.05, RequestDistribution.ZIPFIAN,
                1_000_000, 5_000_000, 32, 424242L);
    }

    public static RunExperiment runExperiment() {
        return new RunExperiment("exp-0042", Map.of("concurrent_reads", "64"), workloadSpec(),
                NOW.plusSeconds(3600), Optional.empty());
    }

    public static CommandResult commandResult() {
        return new CommandResult(UUID.fromString("7d444840-9dc0-11d1-b245-5ffdce74fad2"), CommandStatus.DONE,
                CommandPhase.DONE, null, null,
                Map.of(CommandPhase.RECEIVED, 3L, CommandPhase.ACCEPTED, 12L, CommandPhase.SYNCED, 1450L),
                NOW, Map.of("concurrent_reads", "64"), Map.of("concurrent_reads", "32"));
    }

    public static CommandResult rejectedResult() {
        return new CommandResult(UUID.fromString("7d444840-9dc0-11d1-b245-5ffdce74fad2"), CommandStatus.REJECTED,
                CommandPhase.RECEIVED, "concurrent_reads=4096 is above the allowed maximum 256",
                RejectionCode.OUT_OF_RANGE, Map.of(), NOW, Map.of(), Map.of());
    }

    public static ExperimentResult experimentResult() {
        return new ExperimentResult("exp-0042", Map.of("concurrent_reads", "64"), workloadSpec(),
                new PhysicalDesign(3, 3), new Versions("5.0.4", "0.1.0"), new HardwareFacts(8, 32_768, 8_192),
                NOW.minusSeconds(900), NOW, 5_000_000, 5555.6,
                Map.of("READ", new OperationStats(3_000_000, 410.0, 3900.0, 2),
                        "SCAN", new OperationStats(0, null, null, 0)),
                ExperimentQuality.NOISY, List.of("coefficient of variation 0.21 over 5 intervals"),
                Optional.of("boot-0b1e3c6a-55f2-4c8e-9d7e-1f2a3b4c5d6e"));
    }

    /** One sample of every message type (two for CommandResult). */
    public static List<Message> allMessages() {
        return List.of(workloadSample(), nodeStatus(), applyConfiguration(), alterTable(), rollbackConfiguration(),
                runExperiment(), commandResult(), rejectedResult(), experimentResult());
    }

    public static Envelope envelope(Message payload) {
        return Envelope.of(CLUSTER, NODE, UUID.nameUUIDFromBytes(payload.toString().getBytes()), NOW, payload);
    }
}
