package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.DesignPoint;
import dev.ctuner.advisor.core.experiment.GuidedDesign;
import dev.ctuner.advisor.core.experiment.InterleavedArms;
import dev.ctuner.advisor.core.experiment.InterleavedPairs;
import dev.ctuner.advisor.core.experiment.ScreeningDesign;
import dev.ctuner.advisor.core.experiment.TrainingDesign;
import dev.ctuner.advisor.core.learning.Provenance;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.racing.Candidate;
import dev.ctuner.advisor.core.racing.IteratedRace;
import dev.ctuner.advisor.core.racing.ParameterSpace;
import dev.ctuner.advisor.core.racing.RaceVetting;
import dev.ctuner.advisor.core.racing.RacingSettings;
import dev.ctuner.advisor.core.racing.RandomSearch;
import dev.ctuner.advisor.core.racing.Tuner;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.SettingsLine;
import dev.ctuner.common.protocol.message.HardwareFacts;
import dev.ctuner.harness.ExperimentCassandra;
import dev.ctuner.harness.ServerRuntime;
import dev.ctuner.sidecar.bench.ExperimentRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;

/**
 * Measurement campaigns on a real node of this machine (127.0.0.9, away from the test ring). Each
 * appends to its CSV under docs/data/ as it goes, resumes where it stopped, and rewrites its report
 * under docs/benchmarks/ from the data.
 *
 * <pre>
 * scripts/campaign.sh calibrate  [--repetitions 5]
 * scripts/campaign.sh screening  [--repetitions 2] [--knobs a,b,...] [--anchor-every 8] [--report-only]
 * scripts/campaign.sh training   --knobs a,b,... [--configurations 34] [--read-ratios 0,0.2,0.4,0.6,0.8,1] [--anchor-every 8] [--report-only]
 * scripts/campaign.sh dataset    --name NAME --knobs a,b,... [--configurations 20] [--guided 10] [--guide docs/data/training.csv]
 *                                [--pool 1000] [--read-ratios 0,0.1,...,1] [--repetitions 3] [--anchor-every 8] [--report-only]
 * scripts/campaign.sh validate   --name NAME [--a k=v;k=v] --b k=v;k=v [--pairs 10] [WORKLOAD]
 * scripts/campaign.sh compare    --name NAME --arm LABEL=k=v;k=v --arm LABEL=... [--rounds 6] [WORKLOAD]
 *                                [--source LABEL[/PICK]=CAMPAIGN[:N]] [--limit LABEL] [--trap LABEL]
 * scripts/campaign.sh race       --name NAME --knobs a,b,... [--budget 500] [WORKLOAD] [--with-default] [--given k=v;k=v]
 *                                [--first-test 5] [--iterations N] [--min-survivors N] [--anchor-every 8]
 * scripts/campaign.sh random     --name NAME --knobs a,b,... [--budget 500] [WORKLOAD] [--with-default] [--given k=v;k=v]
 *                                [--per-configuration 5] [--anchor-every 8]
 * scripts/campaign.sh vet        --name NAME [--current k=v;k=v] --candidate k=v;k=v [--candidate ...] [--budget 40] [WORKLOAD]
 * scripts/campaign.sh peers      --name NAME --knobs a,b,... [--budget 100] [WORKLOAD] [--trap k=v;k=v] [--random NAME] [--rounds 7]
 *   WORKLOAD: [--read 0.5] [--scan 0] [--insert 0] [--rmw 0] [--distribution zipfian] [--rows N] [--operations N]
 *   common: [--seed 1] [--max-attempts 8] [--stop-after MINUTES]
 * scripts/campaign.sh warmup     [--seconds 240] [--placement pinned]
 * </pre>
 */
public final class CampaignMain {

    /** Screening knobs: the union of the papers' key knobs that can matter on one node. */
    static final List<String> SCREENING_KNOBS = List.of("concurrent_reads", "concurrent_writes",
            "concurrent_compactors", "compaction_throughput", "memtable_heap_space", "memtable_cleanup_threshold",
            "memtable_flush_writers", "memtable_allocation_type", "commitlog_sync", "key_cache_size", "trickle_fsync",
            "compaction.class", "compression.class", "compression.chunk_length_in_kb");
    /** Options that take no value. */
    private static final Set<String> FLAGS = Set.of("--report-only", "--with-default");
    /** Options that take a value, of every campaign (USAGE says which campaign takes which). */
    private static final Set<String> VALUED = Set.of("--a", "--anchor-every", "--arm", "--b", "--budget", "--candidate",
            "--configurations", "--current", "--distribution", "--first", "--first-test", "--given", "--guide", "--guided", "--insert",
            "--iterations", "--knobs", "--limit", "--max-attempts", "--min-survivors", "--name", "--operations", "--pairs",
            "--per-configuration", "--placement", "--pool", "--random", "--read", "--read-ratios", "--repetitions", "--rmw",
            "--rounds", "--rows", "--scan", "--seconds", "--seed", "--source", "--stop-after", "--trap");

    static final String USAGE = """
            usage: scripts/campaign.sh CAMPAIGN [OPTIONS]
              calibrate  [--repetitions 5]
              screening  [--repetitions 2] [--knobs a,b,...] [--anchor-every 8] [--report-only]
              training   --knobs a,b,... [--configurations 34] [--read-ratios 0,0.2,0.4,0.6,0.8,1] [--anchor-every 8] [--report-only]
              dataset    --name NAME --knobs a,b,... [--configurations 20] [--guided 10] [--guide docs/data/training.csv]
                         [--pool 1000] [--read-ratios 0,0.1,0.2,...,1] [--repetitions 3] [--anchor-every 8] [--report-only]
                         (decision 0010: every configuration at every read ratio, each point's repetitions in a row in
                         one sitting; --guided of the configurations drawn from --pool candidates where a random forest
                         trained on --guide is least sure; the design is kept in docs/data/dataset-NAME-design.tsv)
              validate   --name NAME [--a 'k=v;k=v'] --b 'k=v;k=v' [--pairs 10] [WORKLOAD]
              compare    --name NAME --arm 'LABEL=k=v;k=v' --arm 'LABEL=...' [...] [--rounds 6] [WORKLOAD]
                         [--source LABEL[/PICK]=CAMPAIGN[:N]]... [--limit LABEL] [--trap LABEL]
                         (k configurations in rounds, every arm once per round, order rotated; the first arm is
                         the reference, e.g. --arm default= ; pairwise rank tests with Holm's adjustment;
                         --source: the arm is the pick of tuning campaign CAMPAIGN (docs/data/CAMPAIGN.csv) from its
                         first N experiments, for the peer table's experiments and machine time (LABEL/PICK: one of
                         several picks that came to the arm's configuration); --limit: the arm
                         whose gain over the reference is 100% of the limit; --trap: the arm whose loss is 100% lost)
              race       --name NAME --knobs a,b,... [--budget 500] [WORKLOAD] [--with-default] [--given 'k=v;k=v']...
                         [--first-test 5] [--iterations N] [--min-survivors N] [--anchor-every 8]
                         (irace's settings for the budget and knob count unless given; decision 0009)
              random     --name NAME --knobs a,b,... [--budget 500] [WORKLOAD] [--with-default] [--given 'k=v;k=v']...
                         [--per-configuration 5] [--anchor-every 8]
              vet        --name NAME [--current 'k=v;k=v'] --candidate 'k=v;k=v' [--candidate ...] [--budget 40] [WORKLOAD]
                         [--first-test 5] (the current configuration and the candidates, e.g. the surrogate's picks,
                         in one race on the node; the report says which candidate beat the current one significantly)
              peers      --name NAME --knobs a,b,... [--budget 100] [WORKLOAD] [--trap 'k=v;k=v'] [--random NAME]
                         [--rounds 7]   (issue 9, decision 0009: random search NAME (one run per configuration,
                         also the limit), iterated racing from the default (from the trap with --trap), the
                         surrogate's picks from the random runs, then one comparison NAME-peers of all picks
                         against the default; resumes at any step; --random reuses another scenario's random runs)
            WORKLOAD of validate, compare, race, random, vet, peers: [--read 0.5] [--scan 0] [--insert 0] [--rmw 0]
              [--distribution zipfian|uniform|latest|hotspot] [--rows N] [--operations N] (0: the calibrated setup's);
              updates take the rest
              warmup     [--seconds 240] [--placement pinned]   (one run of the default, throughput per 5 s of warm-up)
            common: [--seed 1] [--max-attempts 8] [--stop-after MINUTES]
            --stop-after MINUTES, or `touch run/campaign.stop`: end the sitting between runs, with its closing anchor,
              before the next run would end later than MINUTES after the start (or once the file exists; runs are
              counted at the longest so far, anchors and design points apart, and never below the longest
              recorded run of the same configuration, scaled to this machine's pace by the anchors' wall times;
              on a machine new to the campaign the opening anchor comes before the first check, to learn that pace);
              exit status 3, and the same command
              resumes (a new start removes the stop file); validate and compare end only between pairs and rounds,
              so that each is measured whole in one sitting
            --anchor-every N: measure the default configuration (on workload A; race and random: on their own
              workload) at the start of every sitting, after every N runs and at the end (0: never); reports and
              tuners put runs from different machines and hours on one scale with them (AnchorNormalisation)
            --report-only: rewrite the screening, training or dataset report from its CSV and exit (no node started); race,
              random and vet: replay the file, rewrite the report and print the pick as k=v;k=v (random: --first N also prints the best of the
              first N experiments, a random search of that budget)""";

    private CampaignMain() {
    }

    /** Exit status of a campaign whose sitting ended before it finished (resumable with the same command). */
    static final int SITTING_ENDED = 3;

    /** The experiment node's heap. */
    static final String HEAP = "1G";

    /** What a campaign does with the node once it runs; built, with every option checked, before the node starts. */
    @FunctionalInterface
    interface Job {
        void run(ExperimentCassandra node, ExperimentRunner runner) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !List.of("calibrate", "screening", "training", "dataset", "validate", "compare", "race",
                "random", "peers", "vet", "warmup").contains(args[0])) {
            System.err.println(USAGE);
            System.exit(2);
        }
        String command = args[0];
        Path root = Path.of(System.getProperty("project.root", ".")).toAbsolutePath().normalize();
        KnobCatalog catalog = KnobCatalog.cassandra50();
        // the facts the node will report (unpinned, this heap): known before it starts, so bad options fail at once
        HardwareFacts hardware = ExperimentCassandra.unstartedHardware(HEAP);
        NodeFacts facts = new NodeFacts(hardware.heapMiB(), hardware.cores(), 1, hardware.memoryMiB());
        Job job;
        try {
            requireKnownOptions(args);
            long seed = seed(args);
            if (Arrays.asList(args).contains("--report-only")) {
                reportOnly(command, args, catalog, root, seed);
                return;
            }
            job = job(command, args, catalog, facts, root, seed);
        } catch (NumberFormatException e) {
            throw e; // a number in a file that is not one: a defect to see whole, not an option to refuse
        } catch (IllegalArgumentException e) {
            System.err.println("campaign " + command + ": " + e.getMessage());
            System.exit(2);
            return;
        }
        if (Sitting.of(args, root).clearStopFile()) {
            System.err.println("campaign " + command + ": removed " + Sitting.STOP_FILE + ", left by an earlier sitting");
        }
        ServerRuntime runtime = ServerRuntime.locate(root);
        try (ExperimentCassandra node = ExperimentCassandra.prepare(runtime, root.resolve("run/experiments"), HEAP, null)) {
            if (!node.hardware().equals(hardware)) {
                throw new IllegalStateException("the node reports " + node.hardware() + ", not the " + hardware
                        + " the options were checked against");
            }
            job.run(node, new ExperimentRunner(node, ExperimentRunner.Setup.defaults(), "ctuner-driver-0.1.0"));
        } catch (Sitting.Ended e) {
            // asked for (--stop-after, the stop file), not a failure; but the campaign is not finished: say so by the status
            System.err.println(e.getMessage() + "; every finished run is in its file: run the same command to resume");
            System.exit(SITTING_ENDED);
        } catch (NumberFormatException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            // a refusal found once the campaign ran (a file written with other options, a pick that cannot be made);
            // the node is stopped by now and every finished run is in its CSV
            System.err.println("campaign " + command + ": " + e.getMessage());
            System.exit(2);
        }
    }

    /** The campaign {@code command} with its options parsed and checked: nothing runs, no node is needed. */
    static Job job(String command, String[] args, KnobCatalog catalog, NodeFacts facts, Path root, long seed)
            throws IOException {
        int maxAttempts = maxAttempts(args);
        Sitting sitting = Sitting.of(args, root);
        switch (command) {
            case "calibrate": {
                int reps = integer(args, "--repetitions", 5, 1);
                return (node, runner) -> {
                    ExperimentCsv csv = new ExperimentCsv(root.resolve("docs/data/calibration.csv"), List.of());
                    CampaignExecutor executor = new CampaignExecutor(node, runner, csv, "calibration", maxAttempts, c -> Map.of())
                            .within(sitting);
                    new Calibration(executor, csv, reps, seed, runner.setup().warmUpRule())
                            .run(root.resolve("docs/benchmarks/calibration.md")).save(root);
                };
            }
            case "warmup": {
                // How long a freshly started node takes to reach its steady throughput: a fixed warm-up, logged per interval.
                int seconds = integer(args, "--seconds", 240, 1);
                Placement placement = Placement.valueOf(option(args, "--placement", "pinned").toUpperCase(Locale.ROOT));
                return (node, runner) -> {
                    MeasurementSetup setup = new MeasurementSetup(placement, 100_000, 100_000, 8);
                    placement.apply(node);
                    ExperimentRunner probe = new ExperimentRunner(node,
                            ExperimentRunner.Setup.defaults().withWarmUp(java.time.Duration.ofSeconds(seconds)), "ctuner-driver-0.1.0");
                    ExperimentRunner.Outcome o = probe.run("warmup-probe-" + placement.name().toLowerCase(Locale.ROOT),
                            Map.of(), setup.workload(0.5, seed));
                    System.out.printf(Locale.ROOT, "warm-up %d s, placement %s, 100K rows, workload A, 8 threads: ops/s per 5 s %s;"
                            + " then 100K operations at %.0f ops/s (%s%s; cores used: node %.2f, client %.2f, others %.2f)%n", seconds,
                            placement, o.warmUp().rates().stream().map(Math::round).toList(), o.result().throughputOpsPerSecond(),
                            o.result().quality(), o.result().qualityNotes().isEmpty() ? "" : ": " + o.result().qualityNotes(),
                            o.cpu().nodeCores(), o.cpu().clientCores(), o.cpu().foreignCores());
                };
            }
            case "screening":
            case "training": {
                Planned plan = planned(command, args, catalog, facts, root, seed);
                int anchorEvery = anchorEvery(args);
                return (node, runner) -> {
                    CampaignExecutor executor = new CampaignExecutor(node, runner, plan.csv(), command, maxAttempts,
                            new KnobColumns(catalog, facts, plan.knobs())).withAnchors(anchor(plan.setup(), seed), anchorEvery)
                            .onProgress(() -> plan.report().write(true)).within(sitting);
                    executor.runAll(plan.points());
                    executor.finish();
                    plan.report().write(false);
                };
            }
            case "dataset": {
                DatasetCampaign.Options o = DatasetCampaign.Options.of(args, name(args), root);
                Planned plan = dataset(o, args, catalog, facts, root, seed);
                int anchorEvery = anchorEvery(args);
                return (node, runner) -> {
                    CampaignExecutor executor = new CampaignExecutor(node, runner, plan.csv(), o.campaign(), maxAttempts,
                            new KnobColumns(catalog, facts, plan.knobs())).withAnchors(anchor(plan.setup(), seed), anchorEvery)
                            .inBlocksOf(o.repetitions()).onProgress(() -> plan.report().write(true)).within(sitting);
                    executor.runAll(plan.points());
                    executor.finish();
                    plan.report().write(false);
                };
            }
            case "race":
            case "random":
            case "vet":
                return tuning(command, args, catalog, facts, root, seed, maxAttempts, sitting);
            case "compare":
                return comparison(args, catalog, facts, root, seed, maxAttempts, sitting);
            case "peers":
                return PeerCampaign.of(args, catalog, facts, root).job((c, a) -> job(c, a, catalog, facts, root, seed),
                        replay(catalog, facts, root, seed, maxAttempts));
            default:
                return validation(args, catalog, facts, root, seed, maxAttempts, sitting);
        }
    }

    /** A {@code race} or {@code random} campaign: its tuner, file and workload, built the same way on every start. */
    private record Tuning(String campaign, Tuner tuner, ExperimentCsv csv, KnobColumns columns, WorkloadShape shape,
                          MeasurementSetup setup, int maxAttempts, int budget, Path report, String[] args) {

        /** The campaign driving the tuner, measuring each point it asks for with {@code runner}. */
        RaceCampaign campaign(RaceCampaign.PointRunner runner) {
            return new RaceCampaign(tuner, csv, campaign, i -> WorkloadShape.parse(i.workload()).spec(setup, i.seed()),
                    setup.placement(), maxAttempts, columns, runner);
        }

        /** The campaign reading its file only: asked to measure a point the file lacks, it throws {@link Unfinished}. */
        RaceCampaign replay() {
            return campaign(p -> {
                throw new Unfinished(p);
            });
        }

        /** Rewrites docs/benchmarks/CAMPAIGN.md from the file. */
        void writeReport() throws IOException {
            TuningReport.write(report, campaign, shape.describe(setup), csv.rows(), replay().measured(), tuner, budget, args);
        }
    }

    private static Tuning tuningPlan(String command, String[] args, KnobCatalog catalog, NodeFacts facts, Path root, long seed,
            int maxAttempts) throws IOException {
        if (command.equals("vet")) {
            return vetPlan(args, catalog, facts, root, seed, maxAttempts);
        }
        String name = name(args);
        List<String> knobs = list(required(args, "--knobs"));
        int budget = integer(args, "--budget", 500, 1);
        WorkloadShape shape = WorkloadShape.of(args);
        int perConfiguration = integer(args, "--per-configuration", 5, 1);
        List<Map<String, String>> given = given(args, catalog, facts, knobs);
        MeasurementSetup setup = MeasurementSetup.load(root);
        ParameterSpace space = ParameterSpace.of(catalog, knobs, facts);
        Tuner tuner = tuner(command, space, budget, shape, given, perConfiguration, settings(args), seed);
        String campaign = command + "-" + name;
        return new Tuning(campaign, tuner, new ExperimentCsv(root.resolve("docs/data/" + campaign + ".csv"), knobs),
                new KnobColumns(catalog, facts, knobs), shape, setup, maxAttempts, budget,
                root.resolve("docs/benchmarks/" + campaign + ".md"), args);
    }

    /**
     * A {@code vet} campaign: the current configuration and the picks in one race on the node (issue 9,
     * "vetting"), no new candidates; it ends with one survivor or at the budget.
     */
    private static Tuning vetPlan(String[] args, KnobCatalog catalog, NodeFacts facts, Path root, long seed, int maxAttempts)
            throws IOException {
        String name = name(args);
        int budget = integer(args, "--budget", 40, 4);
        WorkloadShape shape = WorkloadShape.of(args);
        Map<String, String> current = KnobColumns.parseConfiguration(option(args, "--current", ""));
        KnobColumns.requireValid(catalog, facts, current);
        List<Map<String, String>> picks = new ArrayList<>();
        for (String text : values(args, "--candidate")) {
            Map<String, String> pick = KnobColumns.parseConfiguration(text);
            KnobColumns.requireValid(catalog, facts, pick);
            picks.add(Map.copyOf(pick));
        }
        if (picks.isEmpty()) {
            throw new IllegalArgumentException("vet needs at least one --candidate 'k=v;k=v' to race against --current");
        }
        List<Map<String, String>> all = new ArrayList<>(picks);
        all.add(current);
        List<String> knobs = KnobColumns.union(all);
        KnobColumns columns = new KnobColumns(catalog, facts, knobs);
        for (int i = 0; i < all.size(); i++) {
            for (int j = i + 1; j < all.size(); j++) {
                if (columns.apply(all.get(i)).equals(columns.apply(all.get(j)))) {
                    throw new IllegalArgumentException("--candidate " + all.get(i) + " and " + (j == all.size() - 1
                            ? "--current " : "--candidate ") + all.get(j) + " are the same configuration");
                }
            }
        }
        MeasurementSetup setup = MeasurementSetup.load(root);
        RacingSettings settings = settings(args).apply(RacingSettings.irace(budget, 1).withMinSurvivors(1));
        Tuner tuner = RaceVetting.start(current, picks, List.of(shape.label()), settings, new SplittableRandom(seed));
        String campaign = "vet-" + name;
        return new Tuning(campaign, tuner, new ExperimentCsv(root.resolve("docs/data/" + campaign + ".csv"), knobs), columns,
                shape, setup, maxAttempts, budget, root.resolve("docs/benchmarks/" + campaign + ".md"), args);
    }

    /** A {@code race}, {@code random} or {@code vet} campaign. */
    private static Job tuning(String command, String[] args, KnobCatalog catalog, NodeFacts facts, Path root, long seed,
            int maxAttempts, Sitting sitting) throws IOException {
        Tuning t = tuningPlan(command, args, catalog, facts, root, seed, maxAttempts);
        // a vetting race compares its candidates instance by instance, back to back: no anchors unless asked
        int anchorEvery = command.equals("vet") ? integer(args, "--anchor-every", 0, 0) : anchorEvery(args);
        return (node, runner) -> {
            // anchors on the race's own workload: the race has one, and it is what the values must be comparable on
            CampaignExecutor executor = new CampaignExecutor(node, runner, t.csv(), t.campaign(), maxAttempts, t.columns())
                    .withAnchors(new Point("anchor", 0, Map.of(), t.shape().spec(t.setup(), seed), t.setup().placement()),
                            anchorEvery).onProgress(t::writeReport).within(sitting);
            RaceCampaign.Summary s = t.campaign(p -> executor.runAll(List.of(p))).run();
            executor.finish();
            t.writeReport();
            System.out.printf("%s: %d experiments (%d from the file, %d measured now)%n", t.campaign(), t.tuner().experiments(),
                    s.replayed(), s.measured());
            printBest(t.tuner());
        };
    }

    /** The tuner's pick, and its configuration as the {@code k=v;k=v} that {@code compare --arm} takes; a race's log. */
    private static void printBest(Tuner tuner) {
        tuner.best().ifPresentOrElse(c -> System.out.printf("best %s: %s%n", c.label(), line(c.configuration())),
                () -> System.out.println("no pick yet"));
        if (tuner instanceof IteratedRace race) {
            race.log().forEach(System.out::println);
        }
    }

    /** A configuration as {@code k=v;k=v}, by knob name. */
    static String line(Map<String, String> configuration) {
        return SettingsLine.format(configuration);
    }

    /**
     * {@code race|random --report-only}: replays the campaign's file through a tuner built from the
     * same options, without a node, and prints its pick; with {@code --first N} (random search, one
     * run per configuration) also the best of the first N experiments, the pick of a random search
     * given that smaller budget.
     */
    private static void tuningReport(String command, String[] args, KnobCatalog catalog, Path root, long seed)
            throws IOException, InterruptedException {
        NodeFacts facts = factsOf(root.resolve("docs/data/" + command + "-" + name(args) + ".csv"), catalog);
        Tuning t = tuningPlan(command, args, catalog, facts, root, seed, maxAttempts(args));
        try {
            t.replay().run();
            System.out.printf("%s: finished, %d experiments%n", t.campaign(), t.tuner().experiments());
            printBest(t.tuner());
        } catch (Unfinished e) {
            System.out.printf("%s: not finished: %d experiments in the file, the next is %s/%d%n", t.campaign(),
                    t.tuner().experiments(), e.point.designPoint(), e.point.repetition());
        }
        t.writeReport();
        System.out.println("rewrote " + t.report());
        String first = option(args, "--first", null);
        if (first != null) {
            if (!command.equals("random")) {
                throw new IllegalArgumentException("--first is for random search: a race's pick is not the best of a prefix");
            }
            int n = integer(args, "--first", 0, 1);
            RaceCampaign.Measured best = t.replay().bestOfFirst(n)
                    .orElseThrow(() -> new IllegalArgumentException("no experiment of " + t.campaign() + " ran OK"));
            System.out.printf(Locale.ROOT, "best of the first %d: %s at %.0f ops/s (anchored): %s%n", n, best.point(),
                    best.value(), line(best.configuration()));
        }
    }

    /** Reads finished tuning campaigns from their files, for the peer comparison's picks; measures nothing. */
    private static PeerCampaign.TuningReplay replay(KnobCatalog catalog, NodeFacts facts, Path root, long seed, int maxAttempts) {
        return new PeerCampaign.TuningReplay() {
            @Override
            public RaceCampaign.Measured bestOfFirst(String command, String[] args, int first) throws IOException {
                Tuning t = tuningPlan(command, args, catalog, facts, root, seed, maxAttempts);
                return t.replay().bestOfFirst(first)
                        .orElseThrow(() -> new IllegalStateException("no experiment of " + t.campaign() + " ran OK"));
            }

            @Override
            public Candidate pick(String command, String[] args) throws IOException, InterruptedException {
                Tuning t = tuningPlan(command, args, catalog, facts, root, seed, maxAttempts);
                t.replay().run();
                return t.tuner().best().orElseThrow(() -> new IllegalStateException(t.campaign() + " picked nothing"));
            }
        };
    }

    /** Thrown by the report's runner: the file ends before the tuning does. */
    private static final class Unfinished extends RuntimeException {
        private final transient Point point;

        Unfinished(Point point) {
            super("not measured: " + point.designPoint(), null, false, false);
            this.point = point;
        }
    }

    /** A {@code compare} campaign. */
    private static Job comparison(String[] args, KnobCatalog catalog, NodeFacts facts, Path root, long seed, int maxAttempts,
            Sitting sitting) throws IOException {
        String name = name(args);
        Map<String, Map<String, String>> arms = arms(args);
        arms.values().forEach(config -> KnobColumns.requireValid(catalog, facts, config));
        int rounds = integer(args, "--rounds", 6, 2);
        WorkloadShape shape = WorkloadShape.of(args);
        MeasurementSetup setup = MeasurementSetup.load(root);
        List<String> labels = List.copyOf(arms.keySet());
        List<String> knobs = KnobColumns.union(arms.values());
        KnobColumns columns = new KnobColumns(catalog, facts, knobs);
        List<Point> points = new ArrayList<>();
        for (InterleavedArms.Run run : InterleavedArms.order(labels.size(), rounds)) {
            String label = labels.get(run.arm());
            points.add(new Point(label, run.round(), arms.get(label), shape.spec(setup, seed + run.round()), setup.placement()));
        }
        String campaign = "compare-" + name;
        ExperimentCsv csv = new ExperimentCsv(root.resolve("docs/data/" + campaign + ".csv"), knobs);
        requireSameArms(csv.rows(), campaign, arms, columns, csv.file());
        Point.requireSameWorkloads(csv.rows(), campaign, points, csv.file());
        ComparisonReport report = new ComparisonReport(name, arms, shape.describe(setup), rounds, args)
                .withPeers(PeerColumns.of(args, labels, root.resolve("docs/data")));
        Path md = root.resolve("docs/benchmarks/" + campaign + ".md");
        return (node, runner) -> {
            new CampaignExecutor(node, runner, csv, campaign, maxAttempts, columns)
                    .onProgress(() -> report.write(csv.rows(), md)).within(sitting).inBlocksOf(labels.size()).runAll(points);
            report.write(csv.rows(), md);
        };
    }

    /** A {@code validate} campaign: A/B pairs. */
    private static Job validation(String[] args, KnobCatalog catalog, NodeFacts facts, Path root, long seed, int maxAttempts,
            Sitting sitting) throws IOException {
        String name = name(args);
        Map<String, String> a = KnobColumns.parseConfiguration(option(args, "--a", ""));
        Map<String, String> b = KnobColumns.parseConfiguration(required(args, "--b"));
        int pairs = integer(args, "--pairs", 10, 1);
        WorkloadShape shape = WorkloadShape.of(args);
        KnobColumns.requireValid(catalog, facts, a);
        KnobColumns.requireValid(catalog, facts, b);
        MeasurementSetup setup = MeasurementSetup.load(root);
        List<String> knobs = KnobColumns.union(a, b);
        List<Point> points = new ArrayList<>();
        for (InterleavedPairs.Run run : InterleavedPairs.order(pairs)) {
            points.add(new Point(run.a() ? "A" : "B", run.repetition(), run.a() ? a : b,
                    shape.spec(setup, seed + run.repetition()), setup.placement()));
        }
        ExperimentCsv csv = new ExperimentCsv(root.resolve("docs/data/validation-" + name + ".csv"), knobs);
        Point.requireSameWorkloads(csv.rows(), "validation-" + name, points, csv.file());
        ValidationReport report = new ValidationReport(name, a, b, shape.describe(setup), args);
        Path md = root.resolve("docs/benchmarks/validation-" + name + ".md");
        return (node, runner) -> {
            new CampaignExecutor(node, runner, csv, "validation-" + name, maxAttempts,
                    new KnobColumns(catalog, facts, knobs)).onProgress(() -> report.write(csv.file(), md)).within(sitting)
                    .inBlocksOf(2).runAll(points);
            report.write(csv.file(), md);
        };
    }

    /**
     * The configurations given to a tuner before it samples any: {@code --with-default} (the defaults)
     * and each {@code --given 'k=v;k=v'} (say, the configuration the node runs now), in that order.
     * Each must be valid and set only tuned knobs.
     */
    static List<Map<String, String>> given(String[] args, KnobCatalog catalog, NodeFacts facts, List<String> knobs) {
        List<Map<String, String>> given = new ArrayList<>();
        if (Arrays.asList(args).contains("--with-default")) {
            given.add(Map.of());
        }
        for (String text : values(args, "--given")) {
            Map<String, String> config = KnobColumns.parseConfiguration(text);
            KnobColumns.requireValid(catalog, facts, config);
            List<String> outside = config.keySet().stream().filter(k -> !knobs.contains(k)).toList();
            if (!outside.isEmpty()) {
                throw new IllegalArgumentException("--given '" + text + "' sets " + outside + ", which are not among "
                        + "--knobs " + knobs + ": a tuner can only be given points of the space it searches");
            }
            if (given.contains(config)) {
                throw new IllegalArgumentException("--given '" + text + "' is given twice");
            }
            given.add(Map.copyOf(config));
        }
        return given;
    }

    /**
     * How the race departs from irace's defaults: {@code --first-test T} (instances before the first
     * elimination test), {@code --iterations N}, {@code --min-survivors N}; identity when none is given.
     */
    static UnaryOperator<RacingSettings> settings(String[] args) {
        int firstTest = integer(args, "--first-test", 0, 2);
        int iterations = integer(args, "--iterations", 0, 1);
        int minSurvivors = integer(args, "--min-survivors", 0, 1);
        return s -> {
            RacingSettings r = option(args, "--first-test", null) == null ? s : s.withFirstTest(firstTest);
            r = option(args, "--iterations", null) == null ? r : r.withIterations(iterations);
            return option(args, "--min-survivors", null) == null ? r : r.withMinSurvivors(minSurvivors);
        };
    }

    /**
     * The tuner of a {@code race} or {@code random} campaign; built the same way from the same
     * options on every start, which is what lets the campaign resume by replaying its file.
     *
     * @param given    configurations the tuner starts from (the defaults, the current configuration), may be empty
     * @param settings changes to irace's default settings (race only)
     */
    static Tuner tuner(String command, ParameterSpace space, int budget, WorkloadShape shape, List<Map<String, String>> given,
            int perConfiguration, UnaryOperator<RacingSettings> settings, long seed) {
        List<String> workloads = List.of(shape.label());
        if (command.equals("race")) {
            return IteratedRace.start(space, settings.apply(RacingSettings.irace(budget, space.size())), given, workloads,
                    new SplittableRandom(seed));
        }
        return RandomSearch.start(space, budget, perConfiguration, given, workloads, new SplittableRandom(seed));
    }

    /** A campaign's points, its CSV and how to rewrite its report ({@code running}: still measuring). */
    private record Planned(List<String> knobs, MeasurementSetup setup, List<Point> points, ExperimentCsv csv, Report report) {
    }

    @FunctionalInterface
    private interface Report {
        void write(boolean running) throws IOException;
    }

    /** The plan of a {@code screening} or {@code training} campaign. */
    private static Planned planned(String command, String[] args, KnobCatalog catalog, NodeFacts facts, Path root, long seed)
            throws IOException {
        return command.equals("screening") ? screening(args, catalog, facts, root, seed) : training(args, catalog, facts, root, seed);
    }

    private static Planned screening(String[] args, KnobCatalog catalog, NodeFacts facts, Path root, long seed) throws IOException {
        List<String> knobs = list(option(args, "--knobs", String.join(",", SCREENING_KNOBS)));
        int reps = integer(args, "--repetitions", 2, 1);
        MeasurementSetup setup = MeasurementSetup.load(root);
        ScreeningDesign design = ScreeningDesign.of(catalog, knobs, facts);
        ExperimentCsv csv = new ExperimentCsv(root.resolve("docs/data/screening.csv"), knobs);
        List<Point> points = new ArrayList<>();
        for (int rep = 0; rep < reps; rep++) {
            List<DesignPoint> order = new ArrayList<>(design.points());
            Collections.shuffle(order, new Random(seed * 7919 + rep));
            for (DesignPoint d : order) {
                points.add(new Point(d.id(), rep, d.configuration(), setup.workload(0.5, seed + rep), setup.placement()));
            }
        }
        ScreeningReport report = new ScreeningReport(catalog, knobs, design, points.size());
        Path md = root.resolve("docs/benchmarks/screening.md");
        return new Planned(knobs, setup, points, csv, running -> report.write(csv.file(), md, running));
    }

    private static Planned training(String[] args, KnobCatalog catalog, NodeFacts facts, Path root, long seed) throws IOException {
        List<String> knobs = list(required(args, "--knobs"));
        int count = integer(args, "--configurations", 34, 1);
        double[] ratios = Arrays.stream(option(args, "--read-ratios", "0,0.2,0.4,0.6,0.8,1").split(","))
                .mapToDouble(Double::parseDouble).toArray();
        MeasurementSetup setup = MeasurementSetup.load(root);
        TrainingDesign design = TrainingDesign.of(catalog, knobs, facts, count, new SplittableRandom(seed));
        List<Point> points = new ArrayList<>();
        for (DesignPoint c : design.configurations()) {
            for (double rr : ratios) {
                points.add(new Point(c.id() + "@rr" + rr, 0, c.configuration(),
                        setup.workload(rr, seed + points.size()), setup.placement()));
            }
        }
        Collections.shuffle(points, new Random(seed));
        ExperimentCsv csv = new ExperimentCsv(root.resolve("docs/data/training.csv"), knobs);
        HeadroomReport report = new HeadroomReport(knobs, design, points.size());
        Path md = root.resolve("docs/benchmarks/headroom.md");
        return new Planned(knobs, setup, points, csv, running -> report.write(csv.file(), md, running));
    }

    /**
     * The plan of a {@code dataset} campaign (decision 0010): its design made on the first start and
     * read back from the design file after that.
     */
    private static Planned dataset(DatasetCampaign.Options o, String[] args, KnobCatalog catalog, NodeFacts facts, Path root,
            long seed) throws IOException {
        MeasurementSetup setup = MeasurementSetup.load(root);
        GuidedDesign design = DatasetCampaign.design(o, root, catalog, facts, seed);
        List<Point> points = DatasetCampaign.points(design.configurations(), o.ratios(), o.repetitions(), setup, seed);
        ExperimentCsv csv = new ExperimentCsv(o.csv(root), o.knobs());
        HeadroomReport report = new HeadroomReport(DatasetCampaign.intro(o, design, args), design.asTrainingDesign(),
                points.size());
        Path md = o.report(root);
        return new Planned(o.knobs(), setup, points, csv, running -> report.write(csv.file(), md, running));
    }

    /**
     * {@code --report-only}: rewrites a screening or training report from its CSV without starting a
     * node, the design resolved for the hardware the file's first run recorded (so it is the design
     * the campaign ran). For committing partial results of a stopped campaign.
     */
    private static void reportOnly(String command, String[] args, KnobCatalog catalog, Path root, long seed)
            throws IOException, InterruptedException {
        if (command.equals("race") || command.equals("random") || command.equals("vet")) {
            tuningReport(command, args, catalog, root, seed);
            return;
        }
        if (!command.equals("screening") && !command.equals("training") && !command.equals("dataset")) {
            throw new IllegalArgumentException("--report-only is for screening, training, dataset, race, random and vet; "
                    + command + " writes its report when it ends");
        }
        DatasetCampaign.Options dataset = command.equals("dataset") ? DatasetCampaign.Options.of(args, name(args), root) : null;
        Path file = dataset != null ? dataset.csv(root) : root.resolve("docs/data/" + command + ".csv");
        String campaign = dataset != null ? dataset.campaign() : command;
        NodeFacts facts = factsOf(file, catalog);
        Planned plan = dataset != null ? dataset(dataset, args, catalog, facts, root, seed)
                : planned(command, args, catalog, facts, root, seed);
        // finished when every planned point has a finished measurement (OK, or given up as the executor gives up)
        List<Map<String, String>> rows = plan.csv().rows();
        boolean running = plan.points().stream().anyMatch(p -> !CampaignExecutor.finished(rows.stream()
                .filter(r -> campaign.equals(r.get("campaign")) && p.designPoint().equals(r.get("design_point"))
                        && Integer.toString(p.repetition()).equals(r.get("repetition"))).toList(), maxAttempts(args)));
        plan.report().write(running);
        System.out.println("rewrote the " + campaign + " report from " + file);
    }

    /** The node facts of the hardware a campaign file's first OK run recorded: what its design was resolved for. */
    private static NodeFacts factsOf(Path file, KnobCatalog catalog) throws IOException {
        List<Sample> samples = Files.exists(file) ? new ExperimentCsvReader(catalog).read(file).samples() : List.of();
        if (samples.isEmpty()) {
            throw new IllegalArgumentException(file + " has no OK run to take the hardware from; nothing to report yet");
        }
        Provenance.Hardware hw = samples.get(0).provenance().hardware();
        return new NodeFacts(hw.heapMiB(), hw.cores(), 1, hw.memoryMiB());
    }

    /** The anchor of screening and training: the default configuration on workload A (50% read). */
    private static Point anchor(MeasurementSetup setup, long seed) {
        return new Point("anchor", 0, Map.of(), setup.workload(0.5, seed), setup.placement());
    }

    private static int maxAttempts(String[] args) {
        return integer(args, "--max-attempts", 8, 1);
    }

    private static int anchorEvery(String[] args) {
        return integer(args, "--anchor-every", 8, 0);
    }

    /** The {@code --arm LABEL=k=v;k=v} options in order: label to configuration; at least 2, labels distinct. */
    static Map<String, Map<String, String>> arms(String[] args) {
        Map<String, Map<String, String>> arms = new LinkedHashMap<>();
        for (String arm : values(args, "--arm")) {
            int eq = arm.indexOf('=');
            String label = eq < 0 ? arm : arm.substring(0, eq);
            if (!label.matches("[a-z0-9-]+")) {
                throw new IllegalArgumentException("--arm '" + arm + "': give LABEL=k=v;k=v with a label of lower-case "
                        + "letters, digits and '-' (LABEL= alone: the defaults)");
            }
            if (arms.put(label, KnobColumns.parseConfiguration(eq < 0 ? "" : arm.substring(eq + 1))) != null) {
                throw new IllegalArgumentException("--arm label '" + label + "' given twice");
            }
        }
        if (arms.size() < 2) {
            throw new IllegalArgumentException("compare needs at least 2 --arm options, got " + arms.size());
        }
        return arms;
    }

    /**
     * Refuses a comparison file written with other arms: a run whose arm label is not among the arms,
     * or whose knob columns differ from what its arm's configuration gives, would otherwise be counted
     * as a measurement of this comparison.
     */
    static void requireSameArms(List<Map<String, String>> rows, String campaign, Map<String, Map<String, String>> arms,
            KnobColumns columns, Path file) {
        Map<String, Map<String, String>> expected = new LinkedHashMap<>();
        arms.forEach((label, config) -> expected.put(label, columns.apply(config)));
        for (Map<String, String> r : rows) {
            if (!campaign.equals(r.get("campaign"))) {
                continue;
            }
            Map<String, String> want = expected.get(r.get("design_point"));
            if (want == null) {
                throw new IllegalArgumentException(file + " holds runs of arm '" + r.get("design_point") + "', which this "
                        + "comparison does not have (arms " + arms.keySet() + "): it was written with other --arm options; "
                        + "rerun with those or use another --name");
            }
            want.forEach((knob, value) -> {
                String measured = r.getOrDefault(ExperimentCsv.KNOB_PREFIX + knob, "");
                if (!value.equals(measured)) {
                    throw new IllegalArgumentException(file + ": arm '" + r.get("design_point") + "' was measured with "
                            + knob + "=" + measured + ", not " + value + ": it was written with other --arm "
                            + "options; rerun with those or use another --name");
                }
            });
        }
    }

    private static String name(String[] args) {
        String name = required(args, "--name");
        if (!name.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("--name must be lower-case letters, digits and '-'");
        }
        return name;
    }

    static List<String> list(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /**
     * Refuses a misspelt option, an option without its value and a stray word: an option ignored
     * in silence would run hours of a campaign other than the one asked for. (An option of another
     * campaign is let through: the usage lists which campaign takes which.)
     */
    static void requireKnownOptions(String[] args) {
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (FLAGS.contains(arg)) {
                continue;
            }
            if (VALUED.contains(arg)) {
                if (i + 1 == args.length) {
                    throw new IllegalArgumentException(arg + " needs a value");
                }
                i++;
                continue;
            }
            throw new IllegalArgumentException(arg.startsWith("--")
                    ? "unknown option " + arg + " (scripts/campaign.sh without arguments lists the options)"
                    : "unexpected argument '" + arg + "': options come as --name value");
        }
    }

    /** Every value of a repeatable option, in order. */
    static List<String> values(String[] args, String name) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                values.add(args[i + 1]);
            }
        }
        return values;
    }

    /** The value after {@code name}, the first time it occurs; {@code fallback} when absent. */
    static String option(String[] args, String name, String fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }

    /** The whole number after {@code name} ({@code fallback} when absent, not checked), at least {@code min}. */
    static int integer(String[] args, String name, int fallback, int min) {
        String text = option(args, name, null);
        if (text == null) {
            return fallback;
        }
        int value;
        try {
            value = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " takes a whole number, got '" + text + "'");
        }
        if (value < min) {
            throw new IllegalArgumentException(name + " must be at least " + min + ", got " + value);
        }
        return value;
    }

    private static long seed(String[] args) {
        String text = option(args, "--seed", "1");
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seed takes a whole number, got '" + text + "'");
        }
    }

    private static String required(String[] args, String name) {
        String v = option(args, name, null);
        if (v == null) {
            System.err.println("missing " + name + "\n" + USAGE);
            System.exit(2);
        }
        return v;
    }
}
