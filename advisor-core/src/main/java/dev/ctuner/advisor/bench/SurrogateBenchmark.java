package dev.ctuner.advisor.bench;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.learning.CurvePoint;
import dev.ctuner.advisor.core.learning.EvaluationRow;
import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelEvaluation;
import dev.ctuner.advisor.core.learning.ModelFamily;
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
 *     --reps 10 --seed 42 --families rf,gbt,mlp --curve 20,40,80,160 [--knobs a,b] [--enum ordinal]
 * </pre>
 */
public final class SurrogateBenchmark {

    static final String USAGE = "SurrogateBenchmark <experiments.csv> [--reps 10] [--seed 42] [--families rf,gbt,mlp]"
            + " [--curve 20,40,80] [--knobs a,b] [--enum one-hot|ordinal]";

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
        List<Sample> samples = anchored.samples();
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
        out.append(String.format(Locale.ROOT, "%d samples (quality OK), %d rows rejected; knobs: %s; %d repetitions of a "
                        + "75/25 grouped split, seed %d; command: `SurrogateBenchmark %s`%n%n",
                samples.size(), data.rejected().size(), encoder.knobs(), reps, seed, String.join(" ", args)));
        out.append(anchored.summary()).append("\n\n");
        for (Target target : Target.values()) {
            MarkdownTables.evaluation(out, target, rows, families.keySet(), splits);
        }
        List<Integer> sizes = options.list("curve", "").stream().map(Integer::parseInt).toList();
        if (!sizes.isEmpty()) {
            String first = families.keySet().iterator().next();
            List<CurvePoint> curve = evaluation.learningCurve(samples, families.get(first), Target.THROUGHPUT,
                    sizes.stream().mapToInt(Integer::intValue).toArray(), seed);
            MarkdownTables.curve(out, first, curve);
        }
        return out.toString();
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
