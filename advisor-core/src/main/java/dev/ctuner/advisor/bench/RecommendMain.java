package dev.ctuner.advisor.bench;

import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.advisor.core.search.GeneticSearch;
import dev.ctuner.advisor.core.search.KnobChange;
import dev.ctuner.advisor.core.search.Objective;
import dev.ctuner.advisor.core.search.Recommendation;
import dev.ctuner.advisor.core.search.Recommender;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The advisor's recommendation for one read ratio, from an experiment CSV, for the command line:
 * trains a surrogate on the file's anchored samples, runs the genetic search for maximum throughput
 * from the defaults, and prints the changed knobs as one {@code knob=value;knob=value} line on
 * standard output, the form {@code scripts/campaign.sh validate --b} takes. What the model expects
 * of the recommendation and of the defaults, and any caution, goes to standard error.
 *
 * <pre>
 * java -cp ... dev.ctuner.advisor.bench.RecommendMain docs/data/training.csv --read 0.9 [--family rf] [--seed 42]
 * </pre>
 */
public final class RecommendMain {

    static final String USAGE = "RecommendMain <experiments.csv> --read R [--family rf|gbt|mlp] [--seed 42] [--knobs a,b]"
            + " [--enum one-hot|ordinal]";

    private RecommendMain() {
    }

    public static void main(String[] args) throws IOException {
        BenchArgs.quietLibraries();
        Recommendation r = recommend(args, System.err);
        System.out.println(line(KnobCatalog.cassandra50(), r.changes()));
    }

    static Recommendation recommend(String[] args, PrintStream log) throws IOException {
        BenchArgs options = new BenchArgs(args, USAGE);
        List<String> read = options.list("read", "");
        if (read.size() != 1) {
            throw new IllegalArgumentException("give one read ratio with --read; usage: " + USAGE);
        }
        double readRatio = Double.parseDouble(read.get(0));
        if (!(readRatio >= 0 && readRatio <= 1)) {
            throw new IllegalArgumentException("--read must lie in [0, 1], not " + read.get(0));
        }
        KnobCatalog catalog = KnobCatalog.cassandra50();
        List<Sample> samples = new ExperimentCsvReader(catalog).read(Path.of(options.csv())).anchored().samples();
        if (samples.size() < 8) {
            throw new IllegalArgumentException("only " + samples.size() + " usable samples in " + options.csv());
        }
        FeatureEncoder encoder = options.encoder(samples, catalog);
        String family = options.list("family", "rf").get(0);
        long seed = options.seed();
        ModelSet models = ModelSet.train(samples, encoder, SurrogateBenchmark.family(family).trainer(), seed);
        Recommendation r = new Recommender(models, GeneticSearch.defaults(), 0.25).recommend(
                Workload.ofReadRatio(readRatio), new PhysicalDesign(1, 1), new Objective.MaxThroughput(),
                Configuration.EMPTY, seed);
        log.printf(Locale.ROOT, "surrogate %s on %d samples of %s; knobs %s; read ratio %s; seed %d%n", family,
                samples.size(), options.csv(), encoder.knobs(), read.get(0), seed);
        log.printf(Locale.ROOT, "predicted throughput: recommended %s, defaults %s (mean ± spread over the ensemble)%n",
                text(r.predicted().get(Target.THROUGHPUT)), text(r.current().get(Target.THROUGHPUT)));
        r.changes().forEach(c -> {
            Knob knob = catalog.knob(c.knob()).orElseThrow();
            log.printf(Locale.ROOT, "  %s: %s -> %s%n", c.knob().value(), c.from().map(knob::format).orElse("(unset)"),
                    knob.format(c.to()));
        });
        r.cautions().forEach(c -> log.println("caution: " + c));
        return r;
    }

    /** The changes as {@code knob=value;knob=value} in the catalog's spelling (with units), in the encoder's knob order. */
    static String line(KnobCatalog catalog, List<KnobChange> changes) {
        return changes.stream().map(c -> c.knob().value() + "=" + catalog.knob(c.knob()).orElseThrow().format(c.to()))
                .collect(Collectors.joining(";"));
    }

    private static String text(Prediction p) {
        return p == null ? "n/a" : String.format(Locale.ROOT, "%.0f ± %.0f ops/s", p.mean(), p.spread());
    }
}
