package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.racing.Evaluation;
import dev.ctuner.advisor.core.racing.Instance;
import dev.ctuner.advisor.core.racing.Tuner;
import dev.ctuner.advisor.data.CsvReadResult;
import dev.ctuner.common.protocol.message.ExperimentQuality;
import dev.ctuner.common.protocol.message.WorkloadSpec;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Drives a {@link Tuner} (iterated racing, random search) with real experiments: each requested
 * (candidate, instance) is one {@link Point} (design point {@code c<id>}, repetition = instance
 * index) appended to the campaign's CSV. Resumes by replay: a tuner built with the same options
 * asks for the same points in the same order, and every point the CSV already finished is
 * reported from the file instead of being measured again. A file written with other options is
 * refused: a recorded point whose workload seed, shape (mix, rows, operations) or knob values differ from what
 * the tuner asks for under the same id, or, when the tuner asks for a point the file lacks, points
 * in the file it never asked for.
 *
 * <p>The value reported is the throughput of the point's OK run; a point that never ran OK is
 * reported as 0 ops/s when the node refused the configuration or the run faulted (a configuration
 * that breaks Cassandra is the worst), otherwise (every attempt NOISY) as the median of its attempts.
 * When the file holds anchor runs (the executor's, design point {@value AnchorNormalisation#ANCHOR}),
 * every throughput is first scaled by {@link AnchorNormalisation#causalFactor}, which looks only at
 * anchors measured before the run: a race resumed on a faster machine compares like with like, and
 * a replay still reports what the live campaign reported.
 *
 * <pre>{@code
 * new RaceCampaign(tuner, csv, "race-wa", i -> setup.workload(0.5, i.seed()), Placement.PINNED, 8,
 *         new KnobColumns(catalog, facts, knobs), p -> executor.runAll(List.of(p))).run();
 * }</pre>
 */
final class RaceCampaign {

    /** Measures one point, appending its attempts to the CSV. */
    @FunctionalInterface
    interface PointRunner {
        void run(Point point) throws IOException, InterruptedException;
    }

    /** Experiments taken from the file and measured now. */
    record Summary(int replayed, int measured) {
    }

    private final Tuner tuner;
    private final ExperimentCsv csv;
    private final String campaign;
    private final Function<Instance, WorkloadSpec> workload;
    private final Placement placement;
    private final int maxAttempts;
    private final Function<Map<String, String>, Map<String, String>> knobColumns;
    private final PointRunner runner;

    /** @param knobColumns the knob column values a configuration's rows carry (as the executor writes them) */
    RaceCampaign(Tuner tuner, ExperimentCsv csv, String campaign, Function<Instance, WorkloadSpec> workload,
            Placement placement, int maxAttempts, Function<Map<String, String>, Map<String, String>> knobColumns,
            PointRunner runner) {
        this.tuner = tuner;
        this.csv = csv;
        this.campaign = campaign;
        this.workload = workload;
        this.placement = placement;
        this.maxAttempts = maxAttempts;
        this.knobColumns = knobColumns;
        this.runner = runner;
    }

    Summary run() throws IOException, InterruptedException {
        Map<String, List<Map<String, String>>> recorded = byPoint(csv.rows());
        Set<String> replayedKeys = new HashSet<>();
        int replayed = 0;
        int measured = 0;
        while (!tuner.finished()) {
            for (Evaluation e : tuner.nextRequests()) {
                Point p = point(e);
                String key = key(p.designPoint(), p.repetition());
                List<Map<String, String>> rows = recorded.getOrDefault(key, List.of());
                rows.forEach(r -> requireSamePoint(r, p, key));
                if (CampaignExecutor.finished(rows, maxAttempts)) {
                    replayed++;
                } else {
                    refuseForeignRows(recorded, replayedKeys, key);
                    runner.run(p);
                    rows = byPoint(csv.rows()).getOrDefault(key, List.of());
                    if (!CampaignExecutor.finished(rows, maxAttempts)) {
                        throw new IllegalStateException(campaign + ": " + key + " has no finished measurement after running");
                    }
                    measured++;
                }
                replayedKeys.add(key);
                tuner.report(e.candidate().id(), e.instance().index(), value(rows, anchors(csv.rows())));
            }
        }
        return new Summary(replayed, measured);
    }

    Point point(Evaluation e) {
        return new Point(e.candidate().label(), e.instance().index(), e.candidate().configuration(),
                workload.apply(e.instance()), placement);
    }

    /** The value a finished point reports, unscaled (a file without anchors). */
    static double value(List<Map<String, String>> rows) {
        return value(rows, List.of());
    }

    /** The value a finished point reports, its throughput scaled by the anchors before it (see the class comment). */
    static double value(List<Map<String, String>> rows, List<AnchorNormalisation.Anchor> anchors) {
        ToDoubleFunction<Map<String, String>> throughput = r -> Double.parseDouble(r.get("throughput"))
                * (anchors.isEmpty() ? 1 : AnchorNormalisation.causalFactor(anchors, r.getOrDefault("machine", ""),
                        Instant.parse(r.get("started_at")), CsvReadResult.NEAREST_ANCHORS));
        for (Map<String, String> r : rows) {
            if (ExperimentQuality.OK.name().equals(r.get("quality"))) {
                return throughput.applyAsDouble(r);
            }
        }
        boolean broken = rows.stream().anyMatch(r -> ExperimentQuality.FAULTED.name().equals(r.get("quality"))
                || r.get("quality_notes").startsWith("node did not start"));
        if (broken || rows.isEmpty()) {
            return 0;
        }
        double[] t = rows.stream().mapToDouble(throughput).sorted().toArray();
        return t.length % 2 == 1 ? t[t.length / 2] : (t[t.length / 2 - 1] + t[t.length / 2]) / 2;
    }

    private void requireSamePoint(Map<String, String> row, Point p, String key) {
        List<String> differences = new ArrayList<>(p.workloadDifferences(row));
        knobColumns.apply(p.configuration()).forEach((knob, value) -> {
            if (!value.equals(row.getOrDefault(ExperimentCsv.KNOB_PREFIX + knob, ""))) {
                differences.add(knob + "=" + row.get(ExperimentCsv.KNOB_PREFIX + knob) + " instead of " + value);
            }
        });
        if (!differences.isEmpty()) {
            throw new IllegalArgumentException(csv.file() + ": " + campaign + " " + key + " was measured with " + differences
                    + ": the file was written with other options (--knobs, --budget, the workload, --seed, --with-default, --given, "
                    + "--per-configuration, --first-test, --iterations, --min-survivors); "
                    + "rerun with those or use another --name");
        }
    }

    private void refuseForeignRows(Map<String, List<Map<String, String>>> recorded, Set<String> replayedKeys, String key) {
        List<String> foreign = new ArrayList<>();
        for (String k : recorded.keySet()) {
            if (!replayedKeys.contains(k) && !k.equals(key)) {
                foreign.add(k);
            }
        }
        if (!foreign.isEmpty()) {
            throw new IllegalArgumentException(csv.file() + " holds " + foreign.size() + " experiments of " + campaign
                    + " this tuning never asked for (e.g. " + foreign.get(0) + "): it was written with other options "
                    + "(--knobs, --budget, the workload, --seed, --with-default, --given, --per-configuration, --first-test, "
                    + "--iterations, --min-survivors); rerun with those or use another --name");
        }
    }

    /**
     * A finished point of the file: its design point (the candidate), instance, the value the tuner
     * was told, the knob columns of its run (the effective value of every tuned knob), and whether
     * any of its runs ran OK (when none did, the value is the median of its NOISY runs).
     */
    record Measured(String point, int instance, double value, Map<String, String> configuration, boolean ranOk) {
    }

    /** The campaign's finished points in the order they were first measured. */
    List<Measured> measured() throws IOException {
        List<Map<String, String>> rows = csv.rows();
        List<AnchorNormalisation.Anchor> anchors = anchors(rows);
        List<Measured> out = new ArrayList<>();
        for (List<Map<String, String>> runs : byPoint(rows).values()) {
            if (!CampaignExecutor.finished(runs, maxAttempts)) {
                continue;
            }
            Map<String, String> knobs = new TreeMap<>();
            runs.get(runs.size() - 1).forEach((column, text) -> {
                if (column.startsWith(ExperimentCsv.KNOB_PREFIX) && !text.isEmpty()) {
                    knobs.put(column.substring(ExperimentCsv.KNOB_PREFIX.length()), text);
                }
            });
            out.add(new Measured(runs.get(0).get("design_point"), Integer.parseInt(runs.get(0).get("repetition")),
                    value(runs, anchors), knobs,
                    runs.stream().anyMatch(r -> ExperimentQuality.OK.name().equals(r.get("quality")))));
        }
        return out;
    }

    /**
     * The best of the campaign's first {@code n} finished experiments (all when 0), in the order they
     * were measured: what random search with one run per configuration picks at that budget. An
     * experiment without an OK run counts toward {@code n} but is never the best: the value its
     * tuner was told (the median of its NOISY runs) is no measurement to pick by, and the surrogate,
     * trained on the same runs, learns from OK runs only. Empty when none ran OK.
     */
    Optional<Measured> bestOfFirst(int n) throws IOException {
        List<Measured> all = measured();
        if (all.stream().anyMatch(m -> m.instance() > 0)) {
            throw new IllegalArgumentException(campaign + " runs its configurations more than once: the best of a prefix "
                    + "is the pick of a random search with one run per configuration only");
        }
        if (n > all.size()) {
            throw new IllegalArgumentException(csv.file() + " holds only " + all.size() + " finished experiments of "
                    + campaign + ", not " + n);
        }
        return (n > 0 ? all.subList(0, n) : all).stream().filter(Measured::ranOk)
                .max(java.util.Comparator.comparingDouble(Measured::value));
    }

    /** The campaign's anchor runs that ran OK. */
    private List<AnchorNormalisation.Anchor> anchors(List<Map<String, String>> rows) {
        return rows.stream().filter(r -> campaign.equals(r.get("campaign")) && isAnchor(r)
                        && ExperimentQuality.OK.name().equals(r.get("quality")))
                .map(r -> new AnchorNormalisation.Anchor(r.getOrDefault("machine", ""), Instant.parse(r.get("started_at")),
                        Double.parseDouble(r.get("throughput")))).toList();
    }

    private static boolean isAnchor(Map<String, String> row) {
        return AnchorNormalisation.ANCHOR.equals(row.get("design_point"));
    }

    /** The campaign's rows by point; anchors are not points of the tuning. */
    private Map<String, List<Map<String, String>>> byPoint(List<Map<String, String>> rows) {
        Map<String, List<Map<String, String>>> points = new LinkedHashMap<>();
        for (Map<String, String> r : rows) {
            if (campaign.equals(r.get("campaign")) && !isAnchor(r)) {
                points.computeIfAbsent(key(r.get("design_point"), Integer.parseInt(r.get("repetition"))),
                        k -> new ArrayList<>()).add(r);
            }
        }
        return points;
    }

    private static String key(String designPoint, int repetition) {
        return designPoint + "/r" + repetition;
    }
}
