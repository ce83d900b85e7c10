package dev.ctuner.advisor.bench;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.advisor.core.search.ExhaustiveSearch;
import dev.ctuner.advisor.core.search.GeneticSearch;
import dev.ctuner.advisor.core.search.Objective;
import dev.ctuner.advisor.core.search.SearchProblem;
import dev.ctuner.advisor.core.search.SearchResult;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.KnobCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Micro-benchmark of the search: trains one model family on an experiment CSV, then per read
 * ratio runs the genetic search {@code --reps} times with different seeds and the exhaustive grid
 * once, and reports GA time and evaluations, GA best against exhaustive best, and the time of one
 * surrogate prediction. Times are wall-clock on this machine, median and range over repetitions.
 *
 * <pre>
 * java -cp ... dev.ctuner.advisor.bench.SearchBenchmark docs/data/training.csv --family rf --reps 5 --levels 6
 * </pre>
 */
public final class SearchBenchmark {

    static final String USAGE = "SearchBenchmark <experiments.csv> [--family rf] [--reps 5] [--levels 6] [--seed 42]"
            + " [--population 50] [--generations 80] [--knobs a,b] [--enum one-hot|ordinal]";

    private SearchBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        BenchArgs.quietLibraries();
        System.out.print(run(args));
    }

    static String run(String[] args) throws IOException {
        BenchArgs options = new BenchArgs(args, USAGE);
        KnobCatalog catalog = KnobCatalog.cassandra50();
        List<Sample> samples = new ExperimentCsvReader(catalog).read(Path.of(options.csv())).anchored().samples();
        FeatureEncoder encoder = options.encoder(samples, catalog);
        long seed = options.seed();
        int reps = options.integer("reps", 5);
        String family = options.list("family", "rf").get(0);
        ModelSet models = ModelSet.train(samples, encoder, SurrogateBenchmark.family(family).trainer(), seed);
        GeneticSearch ga = new GeneticSearch(options.integer("population", 50), options.integer("generations", 80), 0.6, 0.15);
        ExhaustiveSearch grid = new ExhaustiveSearch(options.integer("levels", 6), 2_000_000);
        Sample reference = samples.get(0);
        StringBuilder out = new StringBuilder();
        out.append("# Search benchmark: ").append(options.csv()).append("\n\n");
        out.append(String.format(Locale.ROOT, "surrogate %s on %d samples; knobs %s; GA %s; grid %d levels; %d repetitions; "
                + "command: `SearchBenchmark %s`%n%n", family, samples.size(), encoder.knobs(), ga, grid.levels(), reps,
                String.join(" ", args)));
        out.append(String.format(Locale.ROOT, "time per surrogate prediction (all targets): %.1f µs%n%n",
                predictionMicros(models, encoder, seed)));
        out.append("| read ratio | GA ms (median [min, max]) | GA evaluations | GA best / grid best | grid ms | grid evaluations |\n");
        out.append("|---|---|---|---|---|---|\n");
        for (double rr : new double[] {0.1, 0.5, 0.9}) {
            Workload w = Workload.ofReadRatio(rr);
            long t0 = System.nanoTime();
            SearchResult exhaustive = grid.run(new SearchProblem(models, w, reference.design(), Configuration.EMPTY,
                    new Objective.MaxThroughput()));
            double gridMs = (System.nanoTime() - t0) / 1e6;
            double[] ms = new double[reps];
            double[] ratio = new double[reps];
            long evaluations = 0;
            for (int r = 0; r < reps; r++) {
                SearchProblem problem = new SearchProblem(models, w, reference.design(), Configuration.EMPTY,
                        new Objective.MaxThroughput());
                long start = System.nanoTime();
                SearchResult result = ga.run(problem, seed + r);
                ms[r] = (System.nanoTime() - start) / 1e6;
                ratio[r] = result.best().fitness().value() / exhaustive.best().fitness().value();
                evaluations += result.evaluations();
            }
            Arrays.sort(ms);
            Arrays.sort(ratio);
            out.append(String.format(Locale.ROOT, "| %.1f | %.1f [%.1f, %.1f] | %d | %.4f [%.4f, %.4f] | %.1f | %d |%n", rr,
                    ms[reps / 2], ms[0], ms[reps - 1], evaluations / reps, ratio[reps / 2], ratio[0], ratio[reps - 1],
                    gridMs, exhaustive.evaluations()));
        }
        return out.toString();
    }

    private static double predictionMicros(ModelSet models, FeatureEncoder encoder, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = 2000;
        double[][] xs = new double[n][];
        for (int i = 0; i < n; i++) {
            double[] genes = new double[encoder.knobs().size()];
            for (int j = 0; j < genes.length; j++) {
                genes[j] = random.nextDouble();
            }
            xs[i] = encoder.encode(Workload.ofReadRatio(random.nextDouble()), new dev.ctuner.common.protocol.message
                    .PhysicalDesign(1, 1), encoder.decode(genes));
        }
        for (int i = 0; i < 200; i++) {
            models.predict(xs[i]);   // warm-up
        }
        long start = System.nanoTime();
        for (double[] x : xs) {
            models.predict(x);
        }
        return (System.nanoTime() - start) / 1e3 / n;
    }
}
