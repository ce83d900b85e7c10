package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.DesignPoint;
import dev.ctuner.advisor.core.experiment.InterleavedArms;
import dev.ctuner.advisor.core.experiment.InterleavedPairs;
import dev.ctuner.advisor.core.experiment.ScreeningDesign;
import dev.ctuner.advisor.core.experiment.TrainingDesign;
import dev.ctuner.advisor.core.learning.Provenance;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.racing.IteratedRace;
import dev.ctuner.advisor.core.racing.ParameterSpace;
import dev.ctuner.advisor.core.racing.RacingSettings;
import dev.ctuner.advisor.core.racing.RandomSearch;
import dev.ctuner.advisor.core.racing.Tuner;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
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
import java.util.SplittableRandom;

/**
 * Measurement campaigns on a real node of this machine (127.0.0.9, away from the test ring). Each
 * appends to its CSV under docs/data/ as it goes, resumes where it stopped, and rewrites its report
 * under docs/benchmarks/ from the data.
 *
 * <pre>
 * scripts/campaign.sh calibrate  [--repetitions 5]
 * scripts/campaign.sh screening  [--repetitions 2] [--knobs a,b,...] [--anchor-every 8] [--report-only]
 * scripts/campaign.sh training   --knobs a,b,... [--configurations 34] [--read-ratios 0,0.2,0.4,0.6,0.8,1] [--anchor-every 8] [--report-only]
 * scripts/campaign.sh validate   --name NAME [--a k=v;k=v] --b k=v;k=v [--pairs 10] [WORKLOAD]
 * scripts/campaign.sh compare    --name NAME --arm LABEL=k=v;k=v --arm LABEL=... [--rounds 6] [WORKLOAD]
 * scripts/campaign.sh race       --name NAME --knobs a,b,... [--budget 500] [WORKLOAD] [--with-default] [--anchor-every 8]
 * scripts/campaign.sh random     --name NAME --knobs a,b,... [--budget 500] [WORKLOAD] [--with-default] [--per-configuration 5] [--anchor-every 8]
 *   WORKLOAD: [--read 0.5] [--scan 0] [--insert 0] [--rmw 0] [--distribution zipfian] [--rows N]
 * scripts/campaign.sh warmup     [--seconds 240] [--placement pinned]
 * </pre>
 */
public final class CampaignMain {

    /** Screening knobs: the union of the papers' key knobs that can matter on one node. */
    static final List<String> SCREENING_KNOBS = List.of("concurrent_reads", "concurrent_writes",
            "concurrent_compactors", "compaction_throughput", "memtable_heap_space", "memtable_cleanup_threshold",
            "memtable_flush_writers", "memtable_allocation_type", "commitlog_sync", "key_cache_size", "trickle_fsync",
            "compaction.class", "compression.class", "compression.chunk_length_in_kb");
    static final String USAGE = """
            usage: scripts/campaign.sh CAMPAIGN [OPTIONS]
              calibrate  [--repetitions 5]
              screening  [--repetitions 2] [--knobs a,b,...] [--anchor-every 8] [--report-only]
              training   --knobs a,b,... [--configurations 34] [--read-ratios 0,0.2,0.4,0.6,0.8,1] [--anchor-every 8] [--report-only]
              validate   --name NAME [--a 'k=v;k=v'] --b 'k=v;k=v' [--pairs 10] [WORKLOAD]
              compare    --name NAME --arm 'LABEL=k=v;k=v' --arm 'LABEL=...' [...] [--rounds 6] [WORKLOAD]
                         (k configurations in rounds, every arm once per round, order rotated; the first arm is
                         the reference, e.g. --arm default= ; pairwise rank tests with Holm's adjustment)
              race       --name NAME --knobs a,b,... [--budget 500] [WORKLOAD] [--with-default] [--anchor-every 8]
              random     --name NAME --knobs a,b,... [--budget 500] [WORKLOAD] [--with-default] [--per-configuration 5] [--anchor-every 8]
            WORKLOAD of validate, compare, race, random: [--read 0.5] [--scan 0] [--insert 0] [--rmw 0]
              [--distribution zipfian|uniform|latest|hotspot] [--rows N (0: the calibrated setup's)]; updates take the rest
              warmup     [--seconds 240] [--placement pinned]   (one run of the default, throughput per 5 s of warm-up)
            common: [--seed 1] [--max-attempts 8]
            --anchor-every N: measure the default configuration (on workload A; race and random: on their own
              workload) at the start of every sitting, after every N runs and at the end (0: never); reports and
              tuners put runs from different machines and hours on one scale with them (AnchorNormalisation)
            --report-only: rewrite the screening or training report from its CSV and exit (no node started)""";

    private CampaignMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !List.of("calibrate", "screening", "training", "validate", "compare", "race", "random",
                "warmup").contains(args[0])) {
            System.err.println(USAGE);
            System.exit(2);
        }
        String command = args[0];
        long seed = Long.parseLong(option(args, "--seed", "1"));
        int maxAttempts = maxAttempts(args);
        Path root = Path.of(System.getProperty("project.root", ".")).toAbsolutePath().normalize();
        KnobCatalog catalog = KnobCatalog.cassandra50();
        if (Arrays.asList(args).contains("--report-only")) {
            reportOnly(command, args, catalog, root, seed);
            return;
        }
        ServerRuntime runtime = ServerRuntime.locate(root);
        try (ExperimentCassandra node = ExperimentCassandra.prepare(runtime, root.resolve("run/experiments"), "1G", null)) {
            ExperimentRunner runner = new ExperimentRunner(node, ExperimentRunner.Setup.defaults(), "ctuner-driver-0.1.0");
            NodeFacts facts = new NodeFacts(node.hardware().heapMiB(), node.hardware().cores(), 1, node.hardware().memoryMiB());
            switch (command) {
                case "calibrate": {
                    ExperimentCsv csv = new ExperimentCsv(root.resolve("docs/data/calibration.csv"), List.of());
                    CampaignExecutor executor = new CampaignExecutor(node, runner, csv, "calibration", maxAttempts, c -> Map.of());
                    int reps = Integer.parseInt(option(args, "--repetitions", "5"));
                    new Calibration(executor, csv, reps, seed, runner.setup().warmUpRule()).run(root.resolve("docs/benchmarks/calibration.md")).save(root);
                    break;
                }
                case "warmup": {
                    // How long a freshly started node takes to reach its steady throughput: a fixed warm-up, logged per interval.
                    int seconds = Integer.parseInt(option(args, "--seconds", "240"));
                    Placement placement = Placement.valueOf(option(args, "--placement", "pinned").toUpperCase(Locale.ROOT));
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
                    break;
                }
                case "screening":
                case "training": {
                    Planned plan = planned(command, args, catalog, facts, root, seed);
                    CampaignExecutor executor = new CampaignExecutor(node, runner, plan.csv(), command, maxAttempts,
                            new KnobColumns(catalog, facts, plan.knobs())).withAnchors(anchor(plan.setup(), seed), anchorEvery(args))
                            .onProgress(() -> plan.report().write(true));
                    executor.runAll(plan.points());
                    executor.finish();
                    plan.report().write(false);
                    break;
                }
                case "race":
                case "random": {
                    String name = name(args);
                    List<String> knobs = list(required(args, "--knobs"));
                    int budget = Integer.parseInt(option(args, "--budget", "500"));
                    WorkloadShape shape = WorkloadShape.of(args);
                    int perConfiguration = Integer.parseInt(option(args, "--per-configuration", "5"));
                    boolean withDefault = Arrays.asList(args).contains("--with-default");
                    MeasurementSetup setup = MeasurementSetup.load(root);
                    ParameterSpace space = ParameterSpace.of(catalog, knobs, facts);
                    Tuner tuner = tuner(command, space, budget, shape, withDefault, perConfiguration, seed);
                    String campaign = command + "-" + name;
                    ExperimentCsv csv = new ExperimentCsv(root.resolve("docs/data/" + campaign + ".csv"), knobs);
                    // anchors on the race's own workload: the race has one, and it is what the values must be comparable on
                    CampaignExecutor executor = new CampaignExecutor(node, runner, csv, campaign, maxAttempts,
                            new KnobColumns(catalog, facts, knobs)).withAnchors(
                            new Point("anchor", 0, Map.of(), shape.spec(setup, seed), setup.placement()), anchorEvery(args));
                    RaceCampaign.Summary s = new RaceCampaign(tuner, csv, campaign,
                            i -> WorkloadShape.parse(i.workload()).spec(setup, i.seed()), setup.placement(), maxAttempts,
                            new KnobColumns(catalog, facts, knobs), p -> executor.runAll(List.of(p))).run();
                    executor.finish();
                    System.out.printf("%s: %d experiments (%d from the file, %d measured now); best %s %s%n", campaign,
                            tuner.experiments(), s.replayed(), s.measured(), tuner.best().map(c -> c.label()).orElse("-"),
                            tuner.best().map(c -> c.configuration().toString()).orElse(""));
                    if (tuner instanceof IteratedRace race) {
                        race.log().forEach(System.out::println);
                    }
                    break;
                }
                case "compare": {
                    String name = name(args);
                    Map<String, Map<String, String>> arms = arms(args);
                    arms.values().forEach(config -> KnobColumns.requireValid(catalog, facts, config));
                    int rounds = Integer.parseInt(option(args, "--rounds", "6"));
                    WorkloadShape shape = WorkloadShape.of(args);
                    MeasurementSetup setup = MeasurementSetup.load(root);
                    List<String> labels = List.copyOf(arms.keySet());
                    List<String> knobs = KnobColumns.union(arms.values());
                    KnobColumns columns = new KnobColumns(catalog, facts, knobs);
                    List<Point> points = new ArrayList<>();
                    for (InterleavedArms.Run run : InterleavedArms.order(labels.size(), rounds)) {
                        String label = labels.get(run.arm());
                        points.add(new Point(label, run.round(), arms.get(label), shape.spec(setup, seed + run.round()),
                                setup.placement()));
                    }
                    String campaign = "compare-" + name;
                    ExperimentCsv csv = new ExperimentCsv(root.resolve("docs/data/" + campaign + ".csv"), knobs);
                    requireSameArms(csv.rows(), campaign, arms, columns, csv.file());
                    ComparisonReport report = new ComparisonReport(name, arms, shape.describe(setup), rounds, args);
                    Path md = root.resolve("docs/benchmarks/" + campaign + ".md");
                    new CampaignExecutor(node, runner, csv, campaign, maxAttempts, columns)
                            .onProgress(() -> report.write(csv.rows(), md)).runAll(points);
                    report.write(csv.rows(), md);
                    break;
                }
                default: {
                    String name = name(args);
                    Map<String, String> a = KnobColumns.parseConfiguration(option(args, "--a", ""));
                    Map<String, String> b = KnobColumns.parseConfiguration(required(args, "--b"));
                    int pairs = Integer.parseInt(option(args, "--pairs", "10"));
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
                    new CampaignExecutor(node, runner, csv, "validation-" + name, maxAttempts,
                            new KnobColumns(catalog, facts, knobs)).runAll(points);
                    new ValidationReport(name, a, b, shape.describe(setup), args).write(csv.file(),
                            root.resolve("docs/benchmarks/validation-" + name + ".md"));
                }
            }
        }
    }

    /**
     * The tuner of a {@code race} or {@code random} campaign; built the same way from the same
     * options on every start, which is what lets the campaign resume by replaying its file.
     */
    static Tuner tuner(String command, ParameterSpace space, int budget, WorkloadShape shape, boolean withDefault,
            int perConfiguration, long seed) {
        List<Map<String, String>> given = withDefault ? List.of(Map.of()) : List.of();
        List<String> workloads = List.of(shape.label());
        if (command.equals("race")) {
            return IteratedRace.start(space, RacingSettings.irace(budget, space.size()), given, workloads,
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
        int reps = Integer.parseInt(option(args, "--repetitions", "2"));
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
        int count = Integer.parseInt(option(args, "--configurations", "34"));
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
     * {@code --report-only}: rewrites a screening or training report from its CSV without starting a
     * node, the design resolved for the hardware the file's first run recorded (so it is the design
     * the campaign ran). For committing partial results of a stopped campaign.
     */
    private static void reportOnly(String command, String[] args, KnobCatalog catalog, Path root, long seed) throws IOException {
        if (!command.equals("screening") && !command.equals("training")) {
            throw new IllegalArgumentException("--report-only is for screening and training; " + command
                    + " writes its report when it ends");
        }
        Path file = root.resolve("docs/data/" + command + ".csv");
        List<Sample> samples = Files.exists(file) ? new ExperimentCsvReader(catalog).read(file).samples() : List.of();
        if (samples.isEmpty()) {
            throw new IllegalArgumentException(file + " has no OK run to take the hardware from; nothing to report yet");
        }
        Provenance.Hardware hw = samples.get(0).provenance().hardware();
        NodeFacts facts = new NodeFacts(hw.heapMiB(), hw.cores(), 1, hw.memoryMiB());
        Planned plan = planned(command, args, catalog, facts, root, seed);
        // finished when every planned point has a finished measurement (OK, or given up as the executor gives up)
        List<Map<String, String>> rows = plan.csv().rows();
        boolean running = plan.points().stream().anyMatch(p -> !CampaignExecutor.finished(rows.stream()
                .filter(r -> command.equals(r.get("campaign")) && p.designPoint().equals(r.get("design_point"))
                        && Integer.toString(p.repetition()).equals(r.get("repetition"))).toList(), maxAttempts(args)));
        plan.report().write(running);
        System.out.println("rewrote the " + command + " report from " + file);
    }

    /** The anchor of screening and training: the default configuration on workload A (50% read). */
    private static Point anchor(MeasurementSetup setup, long seed) {
        return new Point("anchor", 0, Map.of(), setup.workload(0.5, seed), setup.placement());
    }

    private static int maxAttempts(String[] args) {
        return Integer.parseInt(option(args, "--max-attempts", "8"));
    }

    private static int anchorEvery(String[] args) {
        return Integer.parseInt(option(args, "--anchor-every", "8"));
    }

    /** The {@code --arm LABEL=k=v;k=v} options in order: label to configuration; at least 2, labels distinct. */
    static Map<String, Map<String, String>> arms(String[] args) {
        Map<String, Map<String, String>> arms = new LinkedHashMap<>();
        for (int i = 0; i < args.length - 1; i++) {
            if (!args[i].equals("--arm")) {
                continue;
            }
            String arm = args[i + 1];
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
                if (!value.equals(r.getOrDefault("knob." + knob, ""))) {
                    throw new IllegalArgumentException(file + ": arm '" + r.get("design_point") + "' was measured with "
                            + knob + "=" + r.get("knob." + knob) + ", not " + value + ": it was written with other --arm "
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

    /** The value after {@code name}, the first time it occurs; {@code fallback} when absent. */
    static String option(String[] args, String name, String fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
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
