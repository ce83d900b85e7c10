package dev.ctuner.advisor.bench;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.learning.CurvePoint;
import dev.ctuner.advisor.core.learning.EvaluationRow;
import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.HeldOutPrediction;
import dev.ctuner.advisor.core.learning.ModelEvaluation;
import dev.ctuner.advisor.core.learning.ModelFamily;
import dev.ctuner.advisor.core.learning.RepeatedRuns;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.SplitKind;
import dev.ctuner.advisor.core.learning.SurrogateTrainer;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.data.CsvReadResult;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.KnobCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares surrogate families on an experiment CSV by grouped cross-validation and prints a
 * Markdown table shaped like RAFIKI Table 2, plus a learning curve.
 *
 * <pre>
 * java -cp ... dev.ctuner.advisor.bench.SurrogateBenchmark docs/data/training.csv \
 *     --reps 10 --seed 42 --families rf,gbt,mlp --curve 20,40,80,160 [--knobs a,b] [--enum ordinal] \
 *     [--breakdown 8]   (rows of the "where the error lies" tables; 0 leaves them out)
 *     [--repetitions mean]   (one sample per design point, the mean of its repeated runs; default each)
 * </pre>
 */
public final class SurrogateBenchmark {

    static final String USAGE = "SurrogateBenchmark <experiments.csv> [--reps 10] [--seed 42] [--families rf,gbt,mlp]"
            + " [--curve 20,40,80] [--knobs a,b] [--enum one-hot|ordinal] [--breakdown 8] [--repetitions each|mean]";

    private SurrogateBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        BenchArgs.quietLibraries();
        System.out.print(run(args));
    }

    static String run(String[] args) throws IOException {
        BenchArgs options = new BenchArgs(args, USAGE);
        KnobCatalog catalog = KnobCatalog.cassandra50();
        CsvReadResult data = new ExperimentCsvReader(catalog).read(Path.of(options.csv()));
        AnchorNormalisation.Result anchored = data.anchored();
        List<Sample> samples = repetitions(options, anchored.samples());
        if (samples.size() < 8) {
            throw new IllegalArgumentException("only " + samples.size() + " usable samples in " + options.csv());
        }
        FeatureEncoder encoder = options.encoder(samples, catalog);
        int reps = options.integer("reps", 10);
        long seed = options.seed();
        Map<String, SurrogateTrainer> families = new LinkedHashMap<>();
        for (String f : options.list("families", "rf,gbt,mlp")) {
            ModelFamily family = family(f);
            families.put(family.label(), family.trainer());
        }
        ModelEvaluation evaluation = new ModelEvaluation(encoder, 0.25, reps);
        List<SplitKind> splits = List.of(SplitKind.UNSEEN_CONFIGURATION, SplitKind.UNSEEN_WORKLOAD);
        List<EvaluationRow> rows = evaluation.compare(samples, families, splits, seed);
        StringBuilder out = new StringBuilder();
        out.append("# Surrogate evaluation: ").append(options.csv()).append("\n\n");
        out.append(String.format(Locale.ROOT, "%d samples (quality OK%s), %d rows rejected; knobs: %s; %d repetitions of a "
                        + "75/25 grouped split, seed %d; command: `SurrogateBenchmark %s`%n%n",
                samples.size(), samples.size() < anchored.samples().size() ? String.format(Locale.ROOT,
                        "; the means of a design point's repeated runs, from %d runs", anchored.samples().size()) : "",
                data.rejected().size(), encoder.knobs(), reps, seed, String.join(" ", args)));
        out.append(anchored.summary()).append("\n\n");
        MarkdownTables.noise(out, anchored.samples(), samples);
        for (Target target : Target.values()) {
            MarkdownTables.evaluation(out, target, rows, families.keySet(), splits);
        }
        String first = families.keySet().iterator().next();
        int breakdown = options.integer("breakdown", 8);
        if (breakdown > 0) {
            out.append("## Where the throughput error lies: ").append(first).append("\n\n");
            out.append("Every held-out prediction of the ").append(reps).append(" repetitions above, grouped. ")
                    .append("Configurations by their design point in the campaign (all its read ratios held out "
                            + "together); workloads by their mix.\n\n");
            out.append("### Unseen configurations\n\n");
            MarkdownTables.breakdown(out, "configuration", evaluation.heldOut(samples, families.get(first),
                    Target.THROUGHPUT, SplitKind.UNSEEN_CONFIGURATION, seed), p -> configurationOf(p, encoder), breakdown);
            out.append("### Unseen workloads\n\n");
            MarkdownTables.breakdown(out, "workload", evaluation.heldOut(samples, families.get(first),
                    Target.THROUGHPUT, SplitKind.UNSEEN_WORKLOAD, seed), p -> p.sample().workload().key(), breakdown);
        }
        List<Integer> sizes = options.list("curve", "").stream().map(Integer::parseInt).toList();
        if (!sizes.isEmpty()) {
            List<CurvePoint> curve = evaluation.learningCurve(samples, families.get(first), Target.THROUGHPUT,
                    sizes.stream().mapToInt(Integer::intValue).toArray(), seed);
            MarkdownTables.curve(out, first, curve);
        }
        return out.toString();
    }

    /**
     * The samples to model: every run ({@code --repetitions each}, the default), or one per design
     * point, the mean of its repeated runs ({@code --repetitions mean}, decision 0010).
     */
    static List<Sample> repetitions(BenchArgs options, List<Sample> runs) {
        String mode = options.text("repetitions", "each");
        switch (mode) {
            case "each":
                return runs;
            case "mean":
                return RepeatedRuns.means(runs);
            default:
                throw new IllegalArgumentException("--repetitions must be each or mean, not '" + mode + "'");
        }
    }

    /**
     * The design point's configuration part ("c29" of "c29@rr0.4", a training campaign's naming), or
     * else the configuration's knob values.
     */
    static String configurationOf(HeldOutPrediction p, FeatureEncoder encoder) {
        String point = p.sample().provenance().designPoint();
        int at = point.indexOf('@');
        return at > 0 ? point.substring(0, at) : SplitKind.UNSEEN_CONFIGURATION.groupOf(p.sample(), encoder);
    }

    static ModelFamily family(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "rf":
                return ModelFamily.RANDOM_FOREST;
            case "gbt":
                return ModelFamily.GRADIENT_BOOSTING;
            case "mlp":
                return ModelFamily.MLP_ENSEMBLE;
            default:
                throw new IllegalArgumentException("unknown family '" + name + "'; use rf, gbt or mlp");
        }
    }
}
