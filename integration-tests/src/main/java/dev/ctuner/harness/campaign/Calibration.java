package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.SetupChooser;
import dev.ctuner.advisor.core.experiment.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * The consistent-setup paper's procedure, automated for this machine: with the default configuration
 * and YCSB workload A, vary one factor at a time (placement of node and client, operations per run,
 * rows, client threads), each level repeated, levels interleaved in a shuffled order per repetition so
 * that drift hits all levels alike; after each factor, fix the smallest level whose mean and spread
 * match the heavier ones (see {@link SetupChooser}) and go on with it.
 */
public final class Calibration {

    /** A factor's levels, lightest first. */
    enum Factor {
        // PINNED from the start (1) is left out: such a node was still speeding up after 240 s of warm-up
        // (docs/benchmarks/warmup-probe.md), so every run of it would cost 5 minutes and still measure the ramp.
        PLACEMENT(List.of(0L, 2L)),
        // The paper's grids ({10K, 50K, 100K, 500K, 1M}): at ~10K ops/s here 100K operations last only
        // ~10 s, inside the JIT ramp of a freshly started node, so the longer levels matter.
        OPERATIONS(List.of(10_000L, 50_000L, 100_000L, 500_000L, 1_000_000L)),
        ROWS(List.of(10_000L, 50_000L, 100_000L, 500_000L, 1_000_000L)),
        THREADS(List.of(2L, 4L, 8L, 16L, 32L));

        final List<Long> levels;

        Factor(List<Long> levels) {
            this.levels = levels;
        }

        String levelName(long level) {
            return this == PLACEMENT ? Placement.values()[(int) level].name().toLowerCase(Locale.ROOT) : Long.toString(level);
        }
    }

    private final CampaignExecutor executor;
    private final ExperimentCsv csv;
    private final int repetitions;
    private final long seed;
    private final String warmUpRule;
    private final SetupChooser chooser = new SetupChooser(0.05, 0.05, 0.05);

    Calibration(CampaignExecutor executor, ExperimentCsv csv, int repetitions, long seed, String warmUpRule) {
        this.executor = executor;
        this.warmUpRule = warmUpRule;
        this.csv = csv;
        this.repetitions = repetitions;
        this.seed = seed;
    }

    /** Runs (or resumes) every factor in turn and writes the report. */
    MeasurementSetup run(Path report) throws IOException, InterruptedException {
        MeasurementSetup setup = new MeasurementSetup(Placement.SHARED, 100_000, 100_000, 8);
        StringBuilder md = new StringBuilder();
        for (Factor f : Factor.values()) {
            executor.runAll(points(f, setup));
            List<SetupChooser.Level> levels = new ArrayList<>();
            StringBuilder table = new StringBuilder("| level | runs OK | mean ops/s | sd | CV | min | max | mean wall s per run |\n"
                    + "|---|---|---|---|---|---|---|---|\n");
            for (long level : f.levels) {
                String point = pointId(f, setup.with(f, level));
                List<Map<String, String>> ok = csv.rows().stream().filter(r -> point.equals(r.get("design_point"))
                        && "OK".equals(r.get("quality"))).toList();
                double[] tput = ok.stream().mapToDouble(r -> Double.parseDouble(r.get("throughput"))).toArray();
                double wall = ok.stream().mapToDouble(r -> Double.parseDouble(r.get("wall_seconds"))).average().orElse(Double.NaN);
                if (tput.length == 0) {
                    table.append("| ").append(f.levelName(level)).append(" | 0 | | | | | | |\n");
                    continue;
                }
                levels.add(new SetupChooser.Level(f.levelName(level), tput));
                Summary s = Summary.of(tput);
                table.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.1f%% | %.0f | %.0f | %.0f |%n",
                        f.levelName(level), s.n(), s.mean(), s.sd(), 100 * s.cv(), s.min(), s.max(), wall));
            }
            // Placement levels are alternatives, not lighter and heavier setups: keep the more consistent one.
            SetupChooser.Choice choice = f == Factor.PLACEMENT ? chooser.chooseMostConsistent(levels) : chooser.choose(levels);
            long chosen = f.levels.stream().filter(l -> f.levelName(l).equals(choice.chosen().name())).findFirst().orElseThrow();
            md.append("## ").append(f.name().toLowerCase(Locale.ROOT)).append("\n\n")
                    .append(String.format(Locale.ROOT, "Fixed: placement %s, %d operations, %d rows, %d threads (the factor varied overrides its own).%n%n",
                            setup.placement().name().toLowerCase(Locale.ROOT), setup.operations(), setup.rows(), setup.threads()))
                    .append(table).append("\n**Chosen: ").append(choice.chosen().name()).append("**\n\n");
            for (String reason : choice.reasons()) {
                md.append("- not ").append(reason).append("\n");
            }
            md.append("\n");
            setup = setup.with(f, chosen);
            Files.createDirectories(report.toAbsolutePath().getParent());
            Files.writeString(report, header(setup) + md);
        }
        return setup;
    }

    private String header(MeasurementSetup s) {
        return "# Setup calibration on this machine\n\n"
                + "The consistent-setup paper's procedure (operations, rows, threads; plus the placement of node and "
                + "client on the 2 cores), default configuration, YCSB workload A (50% read, 50% update, zipfian), one "
                + "node, cold evaluations (every run: pristine node directory, restart, fresh keyspace, load, flush, "
                + "compactions done, " + warmUpRule + ", measured run). Placements: shared (node and client on both "
                + "cores), hybrid (warm-up on both cores, then node on "
                + "core 0 and client on core 1 for the measured window). " + repetitions + " repetitions per level, levels in a "
                + "shuffled order within each repetition. Choice rule: the smallest level whose mean is within 5% of "
                + "every heavier level's, not told apart from them by a Mann-Whitney test at 0.05, and whose CV is at "
                + "most 5% or 1.25x theirs; for the placement, whose levels are alternatives, the smaller CV.\n\n"
                + "Regenerate: `scripts/campaign.sh calibrate` (data: `docs/data/calibration.csv`).\n\n"
                + String.format(Locale.ROOT, "**Setup so far: placement %s, %d operations, %d rows, %d threads.**%n%n",
                s.placement().name().toLowerCase(Locale.ROOT), s.operations(), s.rows(), s.threads());
    }

    private List<Point> points(Factor f, MeasurementSetup base) {
        List<Point> points = new ArrayList<>();
        for (int rep = 0; rep < repetitions; rep++) {
            List<Long> order = new ArrayList<>(f.levels);
            Collections.shuffle(order, new Random(seed * 31 + rep * 7919L + f.ordinal()));
            for (long level : order) {
                MeasurementSetup s = base.with(f, level);
                points.add(new Point(pointId(f, s), rep, Map.of(), s.workload(0.5, seed + rep), s.placement()));
            }
        }
        return points;
    }

    private static String pointId(Factor f, MeasurementSetup s) {
        return f.name().toLowerCase(Locale.ROOT) + ":" + s.placement().name().toLowerCase(Locale.ROOT) + "-ops" + s.operations()
                + "-rows" + s.rows() + "-t" + s.threads();
    }

}
