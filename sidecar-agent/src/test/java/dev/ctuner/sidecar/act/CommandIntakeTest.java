package dev.ctuner.sidecar.act;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.Scope;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.codec.SignatureVerifier;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.AlterTable;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.ExpectedMode;
import dev.ctuner.common.protocol.message.RejectionCode;
import dev.ctuner.common.protocol.message.RequestDistribution;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandIntakeTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final NodeFacts FACTS = new NodeFacts(512, 2, 1, 24_000);
    private static final NodeId SELF = new NodeId("127.0.0.1");
    private static final ClusterId CLUSTER = new ClusterId("c");

    @TempDir
    Path dir;

    private final KnobCatalog catalog = KnobCatalog.cassandra50();
    private final KeyPair advisor = Ed25519Keys.generate();
    private final MessageCodec codec = new MessageCodec();
    private CommandJournal journal;
    private CommandIntake intake;

    @BeforeEach
    void setUp() throws Exception {
        journal = new CommandJournal(dir.resolve("journal"), 100);
        Set<KnobName> allowlist = catalog.knobs(Scope.NODE).stream().filter(k -> !k.excludedByDefault()).map(Knob::name)
                .collect(Collectors.toSet());
        intake = new CommandIntake(codec, new SignatureVerifier(advisor.getPublic()), journal, CLUSTER, SELF, catalog, allowlist);
    }

    private Envelope command(UUID id, NodeId node, Map<String, String> changes, ExpectedMode mode, Instant expires) {
        return Envelope.of(new ClusterId("c"), node, id, NOW.minusSeconds(1),
                new ApplyConfiguration(changes, mode, 60, "test", expires, Optional.empty()));
    }

    private byte[] signed(Envelope envelope, KeyPair key) {
        return codec.encode(new CommandSigner(key.getPrivate()).sign(envelope));
    }

    private IntakeDecision decide(byte[] message) {
        return intake.decide(message, NOW, Optional.of(FACTS), Configuration.EMPTY);
    }

    private byte[] live(Map<String, String> changes) {
        return signed(command(UUID.randomUUID(), SELF, changes, ExpectedMode.LIVE, NOW.plusSeconds(60)), advisor);
    }

    @Test
    void acceptsAValidSignedLiveChange() {
        IntakeDecision d = decide(live(Map.of("compaction_throughput", "32MiB/s", "concurrent_compactors", "4")));
        assertThat(d).isInstanceOf(IntakeDecision.Accept.class);
        assertThat(((IntakeDecision.Accept) d).restart()).isFalse();
        assertThat(((IntakeDecision.Accept) d).changes().get("compaction_throughput")).isPresent();
    }

    @Test
    void acceptsARestartChangeOnlyWhenTheCommandExpectsARestart() {
        byte[] restart = signed(command(UUID.randomUUID(), SELF, Map.of("memtable_heap_space", "96MiB"), ExpectedMode.RESTART,
                NOW.plusSeconds(60)), advisor);
        assertThat(decide(restart)).isInstanceOfSatisfying(IntakeDecision.Accept.class, a -> assertThat(a.restart()).isTrue());
        assertRejected(decide(live(Map.of("memtable_heap_space", "96MiB"))), RejectionCode.INVALID_FIELD, "can only change with a restart");
    }

    @Test
    void refusesAForgedOrMissingSignature() {
        Envelope envelope = command(UUID.randomUUID(), SELF, Map.of("concurrent_reads", "64"), ExpectedMode.LIVE, NOW.plusSeconds(60));
        IntakeDecision forged = decide(signed(envelope, Ed25519Keys.generate()));
        assertRejected(forged, RejectionCode.BAD_SIGNATURE, "");
        assertThat(((IntakeDecision.Reject) forged).commandId()).isEqualTo(envelope.id());
        assertThat(((IntakeDecision.Reject) forged).verified()).as("a forged id must never be journaled").isFalse();
        assertRejected(decide(codec.encode(envelope)), RejectionCode.MISSING_SIGNATURE, "");
    }

    @Test
    void aCommandFromADeposedLeaderIsRefusedEvenAfterARestartOfTheSidecar() throws Exception {
        Set<KnobName> allowlist = catalog.knobs(Scope.NODE).stream().filter(k -> !k.excludedByDefault()).map(Knob::name)
                .collect(Collectors.toSet());
        java.util.function.Supplier<CommandIntake> fresh = () -> new CommandIntake(codec, new SignatureVerifier(advisor.getPublic()),
                journal, CLUSTER, SELF, catalog, allowlist, SidecarRole.SERVING, LeaderEpochFence.inFile(dir.resolve("leader-epoch")));
        CommandIntake fenced = fresh.get();
        java.util.function.Function<Long, byte[]> from = epoch -> signed(command(UUID.randomUUID(), SELF,
                Map.of("concurrent_reads", "64"), ExpectedMode.LIVE, NOW.plusSeconds(60)).withLeaderEpoch(epoch), advisor);
        assertThat(fenced.decide(from.apply(3L), NOW, Optional.of(FACTS), Configuration.EMPTY)).isInstanceOf(IntakeDecision.Accept.class);
        assertThat(fenced.decide(from.apply(4L), NOW, Optional.of(FACTS), Configuration.EMPTY)).isInstanceOf(IntakeDecision.Accept.class);

        CommandIntake restarted = fresh.get();   // the sidecar restarted: the highest epoch is read back
        IntakeDecision late = restarted.decide(from.apply(3L), NOW, Optional.of(FACTS), Configuration.EMPTY);
        assertRejected(late, RejectionCode.STALE_LEADER, "leader epoch 3, but epoch 4 has been seen");
        assertThat(restarted.decide(from.apply(4L), NOW, Optional.of(FACTS), Configuration.EMPTY)).isInstanceOf(IntakeDecision.Accept.class);
        assertThat(restarted.decide(live(Map.of("concurrent_reads", "64")), NOW, Optional.of(FACTS), Configuration.EMPTY))
                .as("a command without an epoch: an advisor that elects no leader").isInstanceOf(IntakeDecision.Accept.class);
        assertThat(java.nio.file.Files.readString(dir.resolve("leader-epoch"))).isEqualTo("4");
    }

    @Test
    void refusesAnExpiredCommand() {
        byte[] old = signed(command(UUID.randomUUID(), SELF, Map.of("concurrent_reads", "64"), ExpectedMode.LIVE, NOW.minusSeconds(1)), advisor);
        assertRejected(decide(old), RejectionCode.EXPIRED, "expired at");
    }

    @Test
    void answersAReplayedIdWithTheEarlierResult() throws Exception {
        UUID id = UUID.randomUUID();
        Envelope earlier = Envelope.of(new ClusterId("c"), SELF, UUID.randomUUID(), NOW, new CommandResult(id, CommandStatus.DONE,
                CommandPhase.DONE, null, null, Map.of(), NOW, Map.of(), Map.of()));
        journal.record(id, earlier);
        byte[] again = signed(command(id, SELF, Map.of("concurrent_reads", "64"), ExpectedMode.LIVE, NOW.plusSeconds(60)), advisor);
        assertThat(decide(again)).isEqualTo(new IntakeDecision.Replay(id, earlier));
        assertThat(journal.resultOf(id)).contains(earlier);
    }

    @Test
    void refusesUnknownOutOfRangeAndForbiddenKnobsWithTheirReason() {
        assertRejected(decide(live(Map.of("concurrent_readz", "64"))), RejectionCode.UNKNOWN_KNOB, "concurrent_readz");
        assertRejected(decide(live(Map.of("concurrent_reads", "100000"))), RejectionCode.OUT_OF_RANGE, "[2, 256]");
        assertRejected(decide(live(Map.of("commitlog_sync", "batch"))), RejectionCode.NOT_ALLOWED, "allowlist");
        assertRejected(decide(live(Map.of("compaction.class", "LeveledCompactionStrategy"))), RejectionCode.NOT_ALLOWED, "TABLE");
    }

    private byte[] alter(String table, Map<String, String> options) {
        return signed(Envelope.of(new ClusterId("c"), SELF, UUID.randomUUID(), NOW.minusSeconds(1),
                new AlterTable("rollit", table, options, "test", NOW.plusSeconds(60), Optional.of("r1"))), advisor);
    }

    private CommandIntake intakeAllowing(Scope... scopes) {
        Set<KnobName> allowlist = catalog.knobs().stream().filter(k -> Set.of(scopes).contains(k.scope()))
                .filter(k -> !k.excludedByDefault()).map(Knob::name).collect(Collectors.toSet());
        return new CommandIntake(codec, new SignatureVerifier(advisor.getPublic()), journal, CLUSTER, SELF, catalog, allowlist);
    }

    @Test
    void acceptsAnAlterTableOfAllowedTableKnobsInTheCatalogsSpellingWithoutNodeFacts() {
        IntakeDecision d = intakeAllowing(Scope.NODE, Scope.TABLE).decide(alter("kv",
                Map.of("compaction.class", "org.apache.cassandra.db.compaction.LeveledCompactionStrategy", "bloom_filter_fp_chance", "0.0100")),
                NOW, Optional.empty(), Configuration.EMPTY);
        assertThat(d).isInstanceOfSatisfying(IntakeDecision.AcceptAlter.class, a -> {
            assertThat(a.keyspace()).isEqualTo("rollit");
            assertThat(a.table()).isEqualTo("kv");
            assertThat(a.options().values()).isEqualTo(Map.of("compaction.class", "LeveledCompactionStrategy", "bloom_filter_fp_chance", "0.01"));
        });
    }

    @Test
    void refusesAlterTableOptionsThatAreUnknownNodeKnobsOutOfRangeOrNotAllowed() {
        CommandIntake tables = intakeAllowing(Scope.NODE, Scope.TABLE);
        assertRejected(tables.decide(alter("kv", Map.of("compaction", "x")), NOW, Optional.empty(), Configuration.EMPTY),
                RejectionCode.UNKNOWN_KNOB, "compaction.class");
        assertRejected(tables.decide(alter("kv", Map.of("concurrent_reads", "64")), NOW, Optional.empty(), Configuration.EMPTY),
                RejectionCode.NOT_ALLOWED, "ApplyConfiguration");
        assertRejected(tables.decide(alter("kv", Map.of("compaction.class", "TimeWindowCompactionStrategy")), NOW, Optional.empty(),
                Configuration.EMPTY), RejectionCode.OUT_OF_RANGE, "compaction.class");
        assertRejected(tables.decide(alter("kv", Map.of("compression.chunk_length_in_kb", "48")), NOW, Optional.empty(),
                Configuration.EMPTY), RejectionCode.OUT_OF_RANGE, "chunk_length_in_kb");
        assertRejected(decide(alter("kv", Map.of("compaction.class", "LeveledCompactionStrategy"))), RejectionCode.NOT_ALLOWED, "allowlist");
    }

    @Test
    void refusesAnExpiredAlterTableAndAnswersItsReplayFromTheJournal() throws Exception {
        CommandIntake tables = intakeAllowing(Scope.TABLE);
        assertRejected(tables.decide(alter("kv", Map.of("compaction.class", "LeveledCompactionStrategy")), NOW.plusSeconds(120),
                Optional.empty(), Configuration.EMPTY), RejectionCode.EXPIRED, "expired");
        byte[] message = alter("kv", Map.of("compaction.class", "LeveledCompactionStrategy"));
        UUID id = codec.decode(message) instanceof dev.ctuner.common.protocol.codec.DecodeResult.Decoded d ? d.envelope().id() : null;
        Envelope earlier = Envelope.of(new ClusterId("c"), SELF, UUID.randomUUID(), NOW, new CommandResult(id, CommandStatus.DONE,
                CommandPhase.DONE, null, null, Map.of(), NOW, Map.of(), Map.of()));
        journal.record(id, earlier);
        assertThat(tables.decide(message, NOW, Optional.empty(), Configuration.EMPTY)).isEqualTo(new IntakeDecision.Replay(id, earlier));
    }

    @Test
    void ignoresCommandsForOtherNodes() {
        byte[] other = signed(command(UUID.randomUUID(), new NodeId("127.0.0.2"), Map.of("concurrent_reads", "64"), ExpectedMode.LIVE,
                NOW.plusSeconds(60)), advisor);
        assertThat(decide(other)).isEqualTo(new IntakeDecision.NotForThisNode("c/127.0.0.2"));
    }

    @Test
    void ignoresACommandForANodeOfTheSameNameInAnotherCluster_signedOrNot() {
        // Clusters that share the commands topic often share node names (addresses in separate networks).
        Envelope elsewhere = Envelope.of(new ClusterId("other-cluster"), SELF, UUID.randomUUID(), NOW.minusSeconds(1),
                new ApplyConfiguration(Map.of("concurrent_reads", "64"), ExpectedMode.LIVE, 60, "test", NOW.plusSeconds(60), Optional.empty()));
        assertThat(decide(signed(elsewhere, advisor))).isEqualTo(new IntakeDecision.NotForThisNode("other-cluster/127.0.0.1"));
        assertThat(decide(signed(elsewhere, Ed25519Keys.generate()))).isEqualTo(new IntakeDecision.NotForThisNode("other-cluster/127.0.0.1"));
        assertThat(journal.resultOf(elsewhere.id())).as("nothing journalled for it").isEmpty();
    }

    @Test
    void refusesAsBusyWhenTheNodeCannotBeAsked() {
        assertRejected(intake.decide(live(Map.of("concurrent_reads", "64")), NOW, Optional.empty(), Configuration.EMPTY),
                RejectionCode.BUSY, "does not answer JMX");
    }

    private byte[] experiment(UUID id, Map<String, String> configuration, KeyPair key) {
        return signed(Envelope.of(new ClusterId("c"), SELF, id, NOW.minusSeconds(1), new RunExperiment("exp-1", configuration,
                new WorkloadSpec(0.5, 0.5, 0, 0, 0, RequestDistribution.ZIPFIAN, 1_000, 2_000, 4, 7), NOW.plusSeconds(600),
                Optional.empty())), key);
    }

    private CommandIntake experimentIntake() {
        Set<KnobName> allowlist = catalog.knobs().stream().filter(k -> k.scope() == Scope.NODE || k.scope() == Scope.TABLE)
                .filter(k -> !k.excludedByDefault()).map(Knob::name).collect(Collectors.toSet());
        return new CommandIntake(codec, new SignatureVerifier(advisor.getPublic()), journal, CLUSTER, SELF, catalog, allowlist,
                SidecarRole.EXPERIMENT);
    }

    @Test
    void aServingSidecarRefusesASignedExperimentWithTheReasonAndJournalsTheRefusal() {
        IntakeDecision d = decide(experiment(UUID.randomUUID(), Map.of("concurrent_writes", "16"), advisor));
        assertThat(d).isInstanceOfSatisfying(IntakeDecision.Reject.class, r -> {
            assertThat(r.code()).isEqualTo(RejectionCode.NOT_ALLOWED);
            assertThat(r.reason()).isEqualTo("this sidecar serves production (role: serving); experiments run only on a node"
                    + " whose sidecar has role: experiment");
            assertThat(r.verified()).as("a signed refusal is journaled").isTrue();
        });
    }

    @Test
    void anExperimentSidecarAcceptsAVerifiedExperimentWithoutAskingTheNode() {
        UUID id = UUID.randomUUID();
        IntakeDecision d = experimentIntake().decide(experiment(id, Map.of("concurrent_writes", "16",
                "compaction.class", "LeveledCompactionStrategy"), advisor), NOW, Optional.empty(), Configuration.EMPTY);
        assertThat(d).isInstanceOfSatisfying(IntakeDecision.AcceptExperiment.class, a -> {
            assertThat(a.command().id()).isEqualTo(id);
            assertThat(a.experiment().experimentId()).isEqualTo("exp-1");
        });
    }

    @Test
    void anExperimentSidecarRefusesForgedExperimentsUnknownKnobsBadValuesAndConfigurationChanges() {
        CommandIntake intake = experimentIntake();
        assertRejected(intake.decide(experiment(UUID.randomUUID(), Map.of(), Ed25519Keys.generate()), NOW, Optional.empty(),
                Configuration.EMPTY), RejectionCode.BAD_SIGNATURE, "");
        assertRejected(intake.decide(experiment(UUID.randomUUID(), Map.of("concurrent_writez", "16"), advisor), NOW, Optional.empty(),
                Configuration.EMPTY), RejectionCode.UNKNOWN_KNOB, "concurrent_writez");
        assertRejected(intake.decide(experiment(UUID.randomUUID(), Map.of("concurrent_writes", "many"), advisor), NOW, Optional.empty(),
                Configuration.EMPTY), RejectionCode.OUT_OF_RANGE, "concurrent_writes");
        assertRejected(intake.decide(experiment(UUID.randomUUID(), Map.of("concurrent_reads", "100000"), advisor), NOW,
                Optional.of(FACTS), Configuration.EMPTY), RejectionCode.OUT_OF_RANGE, "concurrent_reads");
        assertRejected(intake.decide(live(Map.of("concurrent_reads", "64")), NOW, Optional.of(FACTS), Configuration.EMPTY),
                RejectionCode.NOT_ALLOWED, "role: experiment");
    }

    @Test
    void aReplayedExperimentIsRefusedWithoutTouchingItsJournaledAnswer() throws Exception {
        UUID id = UUID.randomUUID();
        Envelope earlier = Envelope.of(new ClusterId("c"), SELF, UUID.randomUUID(), NOW, new CommandResult(id, CommandStatus.DONE,
                CommandPhase.DONE, null, null, Map.of(), NOW, Map.of(), Map.of()));
        journal.record(id, earlier);
        IntakeDecision d = experimentIntake().decide(experiment(id, Map.of(), advisor), NOW, Optional.empty(), Configuration.EMPTY);
        assertThat(d).isInstanceOfSatisfying(IntakeDecision.Reject.class, r -> {
            assertThat(r.code()).isEqualTo(RejectionCode.REPLAYED);
            assertThat(r.reason()).contains("exp-1", "DONE", "never run twice");
            assertThat(r.verified()).as("not journaled over the earlier answer").isFalse();
        });
        assertThat(journal.resultOf(id)).contains(earlier);
    }

    @Test
    void refusesGarbage() {
        assertRejected(decide("{\"type\":".getBytes()), RejectionCode.TRUNCATED, "");
    }

    private static void assertRejected(IntakeDecision decision, RejectionCode code, String reasonPart) {
        assertThat(decision).isInstanceOfSatisfying(IntakeDecision.Reject.class, r -> {
            assertThat(r.code()).isEqualTo(code);
            assertThat(r.reason()).contains(reasonPart);
        });
    }
}
