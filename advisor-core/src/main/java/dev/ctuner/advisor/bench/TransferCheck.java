package dev.ctuner.advisor.bench;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.experiment.RankCorrelation;
import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.Metrics;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Does a surrogate trained on one campaign rank configurations it never saw, measured by another
 * campaign on a workload it never saw? The check a tuner needs more than a percentage error: a
 * model that ranks well picks well. Trains on the first file's anchored samples; for every OK run of
 * the test file (a random search, say) compares the gain over the default it measured (its throughput
 * over the default measured beside it, the test campaign's anchors) with the gain the model predicts
 * (its prediction for the run's configuration over its prediction for the defaults, on the run's
 * workload). Gains, not throughputs, so the two campaigns' machines need not be on one scale.
 *
 * <pre>
 * java -cp ... dev.ctuner.advisor.bench.TransferCheck docs/data/training.csv --test docs/data/random-rh.csv \
 *     [--family rf|gbt|mlp] [--seed 42] [--knobs a,b] [--enum one-hot|ordinal]
 * </pre>
 */
public final class TransferCheck {

    static final String USAGE = "TransferCheck <training.csv> --test <other.csv> [--family rf|gbt|mlp] [--seed 42]"
            + " [--knobs a,b] [--enum one-hot|ordinal]";

    private TransferCheck() {
    }

    public static void main(String[] args) throws IOException {
        BenchArgs.quietLibraries();
        System.out.print(run(args));
    }

    /** One test run: what it measured and what the model predicted, both as gains over the default. */
    record Row(String configuration, double measured, double predicted) {
    }

    static String run(String[] args) throws IOException {
        BenchArgs options = new BenchArgs(args, USAGE);
        String testCsv = options.text("test", null);
        if (testCsv == null) {
            throw new IllegalArgumentException("--test <other.csv> is required; usage: " + USAGE);
        }
        KnobCatalog catalog = KnobCatalog.cassandra50();
        ExperimentCsvReader reader = new ExperimentCsvReader(catalog);
        List<Sample> train = reader.read(Path.of(options.csv())).anchored().samples();
        AnchorNormalisation.Result test = reader.read(Path.of(testCsv)).anchored();
        if (!test.anchored()) {
            throw new IllegalArgumentException(testCsv + " has no anchor runs: a measured gain needs the default "
                    + "measured beside the configurations");
        }
        if (train.size() < 8 || test.samples().size() < 3) {
            throw new IllegalArgumentException("need at least 8 training samples and 3 test runs, have "
                    + train.size() + " and " + test.samples().size());
        }
        FeatureEncoder encoder = options.encoder(train, catalog);
        String family = options.list("family", "rf").get(0);
        long seed = options.seed();
        ModelSet models = ModelSet.train(train, encoder, SurrogateBenchmark.family(family).trainer(), seed);
        List<Row> rows = new ArrayList<>();
        for (Sample s : test.samples()) {
            double predicted = models.predict(s.workload(), s.design(), s.configuration()).get(Target.THROUGHPUT).mean();
            double predictedDefault = models.predict(s.workload(), s.design(), Configuration.EMPTY)
                    .get(Target.THROUGHPUT).mean();
            rows.add(new Row(s.provenance().designPoint(), s.measured().throughput() / test.reference(),
                    predicted / predictedDefault));
        }
        return report(options, testCsv, train.size(), family, seed, test, rows);
    }

    static String report(BenchArgs options, String testCsv, int trainSize, String family, long seed,
                         AnchorNormalisation.Result test, List<Row> rows) {
        double[] measured = rows.stream().mapToDouble(Row::measured).toArray();
        double[] predicted = rows.stream().mapToDouble(Row::predicted).toArray();
        Metrics error = Metrics.of(measured, predicted);
        RankCorrelation rank = RankCorrelation.spearman(predicted, measured, seed);
        String workloads = test.samples().stream().map(s -> s.workload().key()).distinct().collect(Collectors.joining(", "));
        StringBuilder out = new StringBuilder();
        out.append("# Transfer check: the model of ").append(options.csv()).append(" on the runs of ").append(testCsv)
                .append("\n\n");
        out.append(String.format(Locale.ROOT, "Model: %s, trained on %d anchored samples of %s (seed %d). Test: %d OK "
                        + "runs of %s (workload %s), each a configuration's gain over the default measured beside it "
                        + "(%s).%n%n", family, trainSize, options.csv(), seed, rows.size(), testCsv, workloads,
                test.summary()));
        out.append("| | value |\n|---|---|\n");
        out.append(String.format(Locale.ROOT, "| gain error, mean absolute %% | %.2f |%n", error.mape()));
        out.append(String.format(Locale.ROOT, "| gain error, median absolute %% | %.2f |%n", error.medianApe()));
        out.append(String.format(Locale.ROOT, "| Spearman rank correlation, predicted vs measured | %.3f (p = %.3g, %s "
                + "permutation test) |%n", rank.rho(), rank.p(), rank.exact() ? "exact" : rank.permutations() + "-draw"));
        Row best = rows.stream().max(Comparator.comparingDouble(Row::measured)).orElseThrow();
        Row pick = rows.stream().max(Comparator.comparingDouble(Row::predicted)).orElseThrow();
        out.append(String.format(Locale.ROOT, "| the model's favourite among them: measured gain (rank) | %s: %.3f (%d of %d) |%n",
                pick.configuration(), pick.measured(), rankOf(rows, pick), rows.size()));
        out.append(String.format(Locale.ROOT, "| the measured best: measured gain / predicted gain | %s: %.3f / %.3f |%n%n",
                best.configuration(), best.measured(), best.predicted()));
        out.append("| run | measured gain | predicted gain |\n|---|---|---|\n");
        rows.stream().sorted(Comparator.comparingDouble(Row::measured).reversed()).forEach(r ->
                out.append(String.format(Locale.ROOT, "| %s | %.3f | %.3f |%n", r.configuration(), r.measured(), r.predicted())));
        return out.toString();
    }

    /** 1 for the best measured gain. */
    private static int rankOf(List<Row> rows, Row row) {
        return 1 + (int) rows.stream().filter(r -> r.measured() > row.measured()).count();
    }
}
