package dev.ctuner.advisor.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ctuner.advisor.SettableClock;
import dev.ctuner.advisor.advice.InputViolation;
import dev.ctuner.advisor.advice.InvalidInputException;
import dev.ctuner.advisor.core.campaign.RunAttempt;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.leadership.LeaderGate;
import dev.ctuner.advisor.rollout.CommandFactory;
import dev.ctuner.advisor.rollout.CommandSender;
import dev.ctuner.advisor.store.Campaign;
import dev.ctuner.advisor.store.CampaignRun;
import dev.ctuner.advisor.store.CampaignStore;
import dev.ctuner.advisor.store.CommandResultStore;
import dev.ctuner.advisor.store.ExperimentSampleStore;
import dev.ctuner.advisor.store.ReportedResult;
import dev.ctuner.advisor.store.StoreDatabase;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.codec.CommandSigner;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.ExperimentQuality;
import dev.ctuner.common.protocol.message.ExperimentResult;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.common.protocol.message.NodeState;
import dev.ctuner.common.protocol.message.NodeStatus;
import dev.ctuner.common.protocol.message.OperationStats;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import dev.ctuner.common.protocol.message.RejectionCode;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.common.protocol.message.Versions;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The campaign runner, its store and the results it takes, against H2 and PostgreSQL: what it sends,
 * when it sends an experiment again (and that it never does while the node may still run it), how a
 * restarted runner goes on, and that the results become training rows.
 */
@ParameterizedClass
@EnumSource(StoreDatabase.class)
class CampaignRunnerTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private static final ClusterId LAB = new ClusterId("lab");
    private static final NodeId NODE = new NodeId("10.0.0.9");
    private static final KnobCatalog CATALOG = KnobCatalog.cassandra50();
    private static final CampaignProperties PROPERTIES = new CampaignProperties(List.of("lab/10.0.0.9"),
            new CampaignProperties.Facts(1024, 2, 1, 24_000), Duration.ofSeconds(5), Duration.ofMinutes(10),
            Duration.ofSeconds(30), Duration.ofMinutes(45), 400, true, 30);

    @TempDir
    Path dir;
    private final StoreDatabase database;
    private final SettableClock clock = new SettableClock(T0);
    private final MessageCodec codec = new MessageCodec();
    private final List<Envelope> sent = new ArrayList<>();
    private final AtomicInteger done = new AtomicInteger();
    private final ClusterRegistry registry = new ClusterRegistry(10);
    private CampaignStore store;
    private CommandResultStore results;
    private ExperimentSampleStore samples;
    private CampaignService service;
    private CommandFactory factory;

    CampaignRunnerTest(StoreDatabase database) {
        this.database = database;
    }

    @BeforeEach
    void open() {
        JdbcClient jdbc = JdbcClient.create(database.migrated(dir));
        store = new CampaignStore(jdbc);
        results = new CommandResultStore(jdbc);
        samples = new ExperimentSampleStore(jdbc);
        service = new CampaignService(store, CATALOG, PROPERTIES, clock, Optional::empty, cluster -> List.of(0.8), samples);
        factory = new CommandFactory(new CommandSigner(Ed25519Keys.generate().getPrivate(), codec), codec, Duration.ofMinutes(3),
                Duration.ofMinutes(10));
        heartbeat();
    }

    private void heartbeat() {
        registry.status(LAB, NODE, clock.instant(), new NodeStatus("5.0.9", NodeState.UP_NORMAL, 0L, null, "0.1.0", 10L,
                true, 0, 0, 0));
    }

    private CampaignRunner runner() {
        CommandSender sender = (node, bytes) -> {
            assertThat(node).isEqualTo(NODE);
            sent.add(((DecodeResult.Decoded) codec.decode(bytes)).envelope());
        };
        return new CampaignRunner(store, results, samples, registry, factory, sender, LeaderGate.ALONE, PROPERTIES, clock,
                c -> done.incrementAndGet());
    }

    private ExperimentResults resultsTaker(CampaignRunner runner) {
        return new ExperimentResults(store, samples, CATALOG, new SimpleMeterRegistry(), clock, () -> { });
    }

    private Campaign start(String name, int anchorEvery) {
        return service.create(new CampaignRequest(name, List.of("concurrent_writes", "memtable_flush_writers"), 3, List.of(0.5),
                1, anchorEvery, 2, 1_000L, 3_000L, 8, null, 7L, null), "alice");
    }

    private RunExperiment last() {
        return (RunExperiment) sent.get(sent.size() - 1).payload();
    }

    private Envelope result(RunExperiment e, ExperimentQuality quality, NodeId from) {
        return result(e, quality, from, 1_500);
    }

    private Envelope result(RunExperiment e, ExperimentQuality quality, NodeId from, double throughput) {
        ExperimentResult r = new ExperimentResult(e.experimentId(), e.configuration(), e.workload(), new PhysicalDesign(1, 1),
                new Versions("5.0.9", "ctuner-driver-0.1.0"), new HardwareFacts(2, 24_000, 1024), clock.instant().minusSeconds(20),
                clock.instant(), 3_000, throughput, Map.of("READ", new OperationStats(1_500, 900.0, 2_500.0, 0),
                "UPDATE", new OperationStats(1_500, 800.0, 2_000.0, 0)), quality,
                quality == ExperimentQuality.OK ? List.of() : List.of("another process used 1.2 cores"), Optional.of("boot-1"));
        return Envelope.of(LAB, from, UUID.randomUUID(), clock.instant(), r);
    }

    private void answer(Envelope command, CommandStatus status, RejectionCode code) {
        results.record(new ReportedResult(UUID.randomUUID(), command.id(), LAB, NODE, status,
                status == CommandStatus.REJECTED ? CommandPhase.FAILED : CommandPhase.ACCEPTED,
                status == CommandStatus.REJECTED ? Optional.of("refused: " + code) : Optional.empty(), Optional.ofNullable(code),
                Map.of(), Map.of(), clock.instant()));
    }

    @Test
    void runsACampaignToItsEndWithAnchorsAndTheResultsBecomeTrainingRows() throws Exception {
        Campaign c = start("lab-1", 2);
        CampaignRunner runner = runner();
        ExperimentResults taker = resultsTaker(runner);
        List<String> measured = new ArrayList<>();
        for (int i = 0; i < 20 && store.find(c.id()).orElseThrow().state() == Campaign.State.RUNNING; i++) {
            int before = sent.size();
            heartbeat();
            runner.tick();
            if (sent.size() == before) {
                continue;
            }
            runner.tick();   // waits: one experiment at a time
            assertThat(sent).hasSize(before + 1);
            RunExperiment e = last();
            measured.add(e.experimentId());
            clock.advance(Duration.ofSeconds(40));
            taker.accept(result(e, ExperimentQuality.OK, NODE));
        }
        // anchor, 2 runs, anchor, 1 run, closing anchor
        assertThat(measured).hasSize(6);
        assertThat(measured.get(0)).isEqualTo("lab-1/anchor/r0/a1");
        assertThat(measured.get(3)).isEqualTo("lab-1/anchor/r0/a2");
        assertThat(measured.get(5)).isEqualTo("lab-1/anchor/r0/a3");
        assertThat(measured.get(1)).matches("lab-1/c0[0-2]@rr0\\.5/r0/a1");
        Campaign ended = store.find(c.id()).orElseThrow();
        assertThat(ended.state()).isEqualTo(Campaign.State.DONE);
        assertThat(ended.detail()).contains("3 of 3 planned measurements ran OK");
        assertThat(done).hasValue(1);
        assertThat(samples.ofCampaign("lab-1")).hasSize(6).allSatisfy(s -> {
            assertThat(s.source()).isEqualTo(ExperimentSampleStore.Source.CAMPAIGN);
            assertThat(s.node()).contains(NODE);
            assertThat(s.machine()).isEqualTo("boot-1");
            assertThat(s.row()).containsKeys("knob.concurrent_writes", "knob.memtable_flush_writers");
        });
        var read = new ExperimentCsvReader(CATALOG).readRows(samples.rows());
        assertThat(read.rejected()).isEmpty();
        assertThat(read.samples()).hasSize(6);
        assertThat(read.samples().get(0).provenance().campaign()).isEqualTo("lab-1");
    }

    @Test
    void anExperimentIsSentAgainOnlyWhenTheNodeCannotBeRunningIt() {
        Campaign c = start("lab-2", 0);
        CampaignRunner runner = runner();
        runner.tick();
        Envelope first = sent.get(0);
        String id = last().experimentId();

        answer(first, CommandStatus.REJECTED, RejectionCode.BUSY);
        runner.tick();
        assertThat(sent).as("a BUSY node is asked again after busy-retry, not at once").hasSize(1);
        clock.advance(Duration.ofSeconds(31));
        runner.tick();
        assertThat(sent).hasSize(2);
        Envelope second = sent.get(1);
        assertThat(second.id()).isNotEqualTo(first.id());
        assertThat(last().experimentId()).isEqualTo(id);

        // unanswered: nothing until the command has expired (and the sidecar's clock may lag 30 s)
        clock.advance(Duration.ofMinutes(10));
        heartbeat();
        runner.tick();
        assertThat(sent).hasSize(2);
        clock.advance(Duration.ofSeconds(31));
        runner.tick();
        assertThat(sent).hasSize(3);
        assertThat(store.run(id).orElseThrow().sends()).isEqualTo(3);

        // accepted: never sent again, however long it takes, until the result timeout ends it FAULTED
        answer(sent.get(2), CommandStatus.ACCEPTED, null);
        clock.advance(Duration.ofMinutes(44));
        runner.tick();
        assertThat(sent).hasSize(3);
        assertThat(store.run(id).orElseThrow().outcome()).isEqualTo(RunAttempt.Outcome.RUNNING);

        // a restarted runner on the same database waits for the running experiment too
        CampaignRunner restarted = runner();
        restarted.tick();
        assertThat(sent).hasSize(3);
        clock.advance(Duration.ofMinutes(2));
        restarted.tick();
        CampaignRun timedOut = store.run(id).orElseThrow();
        assertThat(timedOut.outcome()).isEqualTo(RunAttempt.Outcome.FAULTED);
        assertThat(timedOut.detail()).hasValueSatisfying(d -> assertThat(d).contains("no result within"));
        heartbeat();
        restarted.tick();
        assertThat(sent).hasSize(4);
        assertThat(last().experimentId()).as("the FAULTED run's second attempt").isEqualTo(id.replace("/a1", "/a2"));
        assertThat(store.find(c.id()).orElseThrow().state()).isEqualTo(Campaign.State.RUNNING);
    }

    @Test
    void aRefusedAnchorStopsTheCampaignAndAResultFromAnotherNodeIsIgnored() {
        Campaign c = start("lab-3", 4);
        CampaignRunner runner = runner();
        runner.tick();
        RunExperiment anchor = last();
        resultsTaker(runner).accept(result(anchor, ExperimentQuality.OK, new NodeId("10.0.0.1")));
        assertThat(samples.count()).isZero();
        assertThat(store.run(anchor.experimentId()).orElseThrow().outcome()).isEqualTo(RunAttempt.Outcome.RUNNING);

        answer(sent.get(0), CommandStatus.REJECTED, RejectionCode.NOT_ALLOWED);
        runner.tick();
        Campaign stopped = store.find(c.id()).orElseThrow();
        assertThat(stopped.state()).isEqualTo(Campaign.State.STOPPED);
        assertThat(stopped.detail()).hasValueSatisfying(d -> assertThat(d).contains("refused the anchor run (NOT_ALLOWED)"));
        runner.tick();
        assertThat(sent).hasSize(1);
    }

    @Test
    void aCampaignWaitsForItsNodeAndCanBeCancelled() {
        Campaign c = start("lab-4", 0);
        clock.advance(Duration.ofMinutes(3));   // the node's heartbeat is old now
        CampaignRunner runner = runner();
        runner.tick();
        assertThat(sent).isEmpty();
        heartbeat();
        runner.tick();
        assertThat(sent).hasSize(1);
        Campaign cancelled = service.cancel("lab-4", "bob", "node needed");
        assertThat(cancelled.state()).isEqualTo(Campaign.State.CANCELLED);
        resultsTaker(runner).accept(result(last(), ExperimentQuality.NOISY, NODE));
        runner.tick();
        assertThat(sent).as("a cancelled campaign sends nothing more").hasSize(1);
        assertThat(store.runs(c.id())).singleElement().satisfies(r -> assertThat(r.outcome()).isEqualTo(RunAttempt.Outcome.NOISY));
        assertThatThrownBy(() -> service.cancel("lab-4", "bob", "again")).isInstanceOf(CampaignStateException.class);
        Campaign other = start("lab-5", 0);
        var listed = service.progress(List.of(c, other));   // a listing's progress, the runs read in one query
        assertThat(listed.get(c.id())).isEqualTo(service.progress(c));
        assertThat(listed.get(c.id()).experimentsSent()).isEqualTo(1);
        assertThat(listed.get(other.id()).experimentsSent()).isZero();
        assertThat(service.progress(List.of())).isEmpty();
    }

    @Test
    void aRaceOfAClearlyBetterPickEndsWithTheCurrentConfigurationEliminatedAndTheLoopFindsItAgain() {
        Map<String, String> current = Map.of("concurrent_writes", "32");
        Map<String, String> pick = Map.of("concurrent_writes", "128");
        Campaign race = service.raceFor(new ClusterId("prod"), current, pick, "tuning-loop");
        assertThat(race.settings().kind()).isEqualTo(CampaignSettings.Kind.RACE);
        assertThat(race.settings().readRatios()).as("the read ratio the cluster runs").containsExactly(0.8);
        assertThat(service.raceFor(new ClusterId("prod"), current, pick, "tuning-loop").id()).isEqualTo(race.id());
        CampaignRunner runner = runner();
        ExperimentResults taker = resultsTaker(runner);
        for (int i = 0; i < 40 && store.find(race.id()).orElseThrow().state() == Campaign.State.RUNNING; i++) {
            heartbeat();
            int before = sent.size();
            runner.tick();
            if (sent.size() == before) {
                continue;
            }
            RunExperiment e = last();
            assertThat(e.experimentId()).matches(race.name() + "/c[01]@i\\d+/r0/a1");
            assertThat(e.workload().readProportion()).isEqualTo(0.8);
            double base = 1_000 + e.workload().seed() % 100;
            clock.advance(Duration.ofSeconds(40));
            taker.accept(result(e, ExperimentQuality.OK, NODE, e.configuration().equals(pick) ? base * 1.3 : base));
        }
        Campaign done = store.find(race.id()).orElseThrow();
        assertThat(done.state()).isEqualTo(Campaign.State.DONE);
        assertThat(done.detail()).hasValueSatisfying(d -> assertThat(d).contains("the pick survived"));
        var raced = service.raced(done).orElseThrow();
        assertThat(raced.evidence().currentEliminated()).isTrue();
        assertThat(raced.evidence().survived()).isTrue();
        assertThat(raced.evidence().experiments()).isEqualTo(sent.size()).isLessThanOrEqualTo(30);
        assertThat(this.done).as("reported done once").hasValue(1);
        assertThatThrownBy(() -> service.startRace(new RaceRequest(null, "", Map.of(), List.of(Map.of()), List.of(2.0), 1, 1,
                null, null, null, null), "alice"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.violations())
                        .extracting(v -> v.field() + ":" + v.code())
                        .contains("clusterId:REQUIRED", "picks[0]:SAME", "readRatios:RANGE", "budget:RANGE", "firstTest:RANGE"));
        assertThatThrownBy(() -> service.startRace(new RaceRequest("race-bad", "prod", Map.of("concurrent_writes", "32"),
                List.of(Map.of("concurrent_writes", "-5")), null, null, null, null, null, null, null), "alice"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.violations())
                        .extracting(InputViolation::field).containsExactly("picks[0].concurrent_writes"));
        assertThat(store.findByName("race-bad")).isEmpty();
    }

    @Test
    void guidedConfigurationsArePickedByTheModelInUseAtTheObservedWorkloads() {
        List<String> knobs = List.of("concurrent_writes", "memtable_flush_writers");
        var facts = PROPERTIES.nodeFacts().toNodeFacts();
        var encoder = dev.ctuner.advisor.core.learning.FeatureEncoder.of(CATALOG, facts, knobs,
                dev.ctuner.advisor.core.learning.FeatureEncoder.EnumEncoding.ORDINAL);
        int at = encoder.knobOffset();
        // more throughput with more concurrent_writes: expected improvement goes there
        dev.ctuner.advisor.core.learning.Surrogate s = x -> new dev.ctuner.advisor.core.learning.Prediction(1000 + 1000 * x[at], 20);
        var model = new dev.ctuner.advisor.core.learning.ModelSet(encoder, Map.of(dev.ctuner.advisor.core.learning.Target.THROUGHPUT,
                new dev.ctuner.advisor.core.learning.TargetModel(dev.ctuner.advisor.core.learning.Target.THROUGHPUT, s, "synthetic", 0)),
                dev.ctuner.advisor.core.learning.ObservedRanges.of(List.of(), encoder));
        CampaignService guided = new CampaignService(store, CATALOG, PROPERTIES, clock, () -> Optional.of(model),
                cluster -> List.of(0.2, 0.9), samples);
        Campaign c = guided.create(new CampaignRequest("lab-7", knobs, 6, null, 1, 0, 2, 1_000L, 3_000L, 8, null, 7L, null, 2,
                null, true), "alice");
        assertThat(c.settings().readRatios()).containsExactly(0.2, 0.9);
        assertThat(c.design()).extracting(dev.ctuner.advisor.core.experiment.DesignPoint::id)
                .containsExactly("c00", "c01", "c02", "c03", "g01", "g02");
        for (var g : c.design().subList(4, 6)) {
            assertThat(Integer.parseInt(g.configuration().get("concurrent_writes"))).as(g.id()).isGreaterThan(64);
        }
        CampaignService unobserved = new CampaignService(store, CATALOG, PROPERTIES, clock);
        assertThatThrownBy(() -> unobserved.create(new CampaignRequest("lab-8", knobs, 6, null, 1, 0, 2, null, null, null, null,
                null, null, 2, "guesswork", true), "alice"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.violations())
                        .extracting(v -> v.field() + ":" + v.code())
                        .contains("guided:NO_MODEL", "guidance:UNKNOWN", "observedWorkloads:NO_OBSERVATIONS"));
    }

    @Test
    void badRequestsNameEveryProblemAndStoreNothing() {
        start("lab-5", 0);
        assertThatThrownBy(() -> service.create(new CampaignRequest("lab-5", List.of("no_such_knob", "keyspace.replication"), 2,
                List.of(0.5, 2.0), 0, -1, 9, 1L, null, null, "gaussian", null, List.of("prod/10.0.0.1")), "alice"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.violations())
                        .extracting(v -> v.field() + ":" + v.code())
                        .contains("name:TAKEN", "knobs:UNKNOWN_KNOB", "configurations:RANGE", "readRatios:RANGE",
                                "repetitions:RANGE", "anchorEvery:RANGE", "maxAttempts:RANGE", "rows:RANGE",
                                "distribution:UNKNOWN", "nodes:NOT_AN_EXPERIMENT_NODE"));
        assertThatThrownBy(() -> service.create(new CampaignRequest("Bad Name", List.of("concurrent_writes"), 200,
                List.of(0.1, 0.3, 0.5), 3, null, null, null, null, null, null, null, null), "alice"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.violations())
                        .extracting(v -> v.field() + ":" + v.code()).containsExactly("name:PATTERN"));
        assertThat(store.all(10)).hasSize(1);
        CampaignService none = new CampaignService(store, CATALOG, new CampaignProperties(List.of(), PROPERTIES.nodeFacts(),
                Duration.ofSeconds(5), Duration.ofMinutes(10), Duration.ofSeconds(30), Duration.ofMinutes(45), 400, true, 30), clock);
        assertThatThrownBy(() -> none.create(new CampaignRequest("lab-6", List.of("concurrent_writes"), 3, null, null, null,
                null, null, null, null, null, null, null), "alice"))
                .hasMessageContaining("no experiment node is configured");
        assertThat(new String(codec.encode(Envelope.of(LAB, NODE, UUID.randomUUID(), T0, new RunExperiment("x", Map.of(),
                store.all(1).get(0).settings().plan(store.all(1).get(0).design()).anchor().workload(), T0, Optional.empty()))),
                StandardCharsets.UTF_8)).contains("RunExperiment");
    }
}
