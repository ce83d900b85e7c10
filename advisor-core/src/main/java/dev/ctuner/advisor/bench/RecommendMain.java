package dev.ctuner.advisor.bench;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Prediction;
import dev.ctuner.advisor.core.learning.Provenance;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.advisor.core.search.GeneticSearch;
import dev.ctuner.advisor.core.search.KnobChange;
import dev.ctuner.advisor.core.search.Objective;
import dev.ctuner.advisor.core.search.Recommendation;
import dev.ctuner.advisor.core.search.Recommender;
import dev.ctuner.advisor.data.CsvReadResult;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.SettingsLine;
import dev.ctuner.common.catalog.ValidationReport;
import dev.ctuner.common.protocol.message.PhysicalDesign;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The advisor's recommendation for one workload, from an experiment CSV, for the command line:
 * trains a surrogate on the file's anchored samples, runs the genetic search for maximum throughput
 * from the current configuration (the defaults unless {@code --current}), and prints the changed
 * knobs as one {@code knob=value;knob=value} line on standard output, the form
 * {@code scripts/campaign.sh validate --b} and {@code compare --arm} take. What the model expects of
 * the recommendation and of the current configuration, and any caution, goes to standard error.
 *
 * <p>The workload is a read ratio ({@code --read}; the rest updates) or, without it, the one
 * workload every sample of the file measured (a tuning campaign's file). {@code --first N} trains on
 * the file's first N experiments only (of any outcome, in the order measured; their OK runs are the
 * samples): the surrogate's share of an equal budget (decision 0009). {@code --repetitions mean}
 * trains on one sample per design point, the mean of its repeated runs, as the surrogate benchmark
 * scores a dataset with repetitions (decision 0010).
 *
 * <pre>
 * java -cp ... dev.ctuner.advisor.bench.RecommendMain docs/data/training.csv --read 0.9 [--family rf] [--seed 42]
 * java -cp ... dev.ctuner.advisor.bench.RecommendMain docs/data/random-rh.csv --first 100 [--current 'k=v;k=v']
 * java -cp ... dev.ctuner.advisor.bench.RecommendMain docs/data/dataset-v2.csv --read 0.1 --repetitions mean
 * </pre>
 */
public final class RecommendMain {

    static final String USAGE = "RecommendMain <experiments.csv> [--read R] [--first N] [--current 'k=v;k=v']"
            + " [--family rf|gbt|mlp] [--seed 42] [--knobs a,b] [--enum one-hot|ordinal] [--repetitions each|mean]";

    private RecommendMain() {
    }

    public static void main(String[] args) throws IOException {
        System.out.println(pick(args, System.err));
    }

    /**
     * The pick as the line {@code main} prints ({@code knob=value;knob=value}), for a campaign that
     * measures it; what the model expects goes to {@code log}.
     */
    public static String pick(String[] args, PrintStream log) throws IOException {
        BenchArgs.quietLibraries();
        Pick pick = recommend(args, log);
        return line(KnobCatalog.cassandra50(), pick.current(), pick.recommendation().changes());
    }

    /** The recommendation and the configuration it starts from. */
    record Pick(Recommendation recommendation, Configuration current) {
    }

    static Pick recommend(String[] args, PrintStream log) throws IOException {
        BenchArgs options = new BenchArgs(args, USAGE);
        KnobCatalog catalog = KnobCatalog.cassandra50();
        Path csv = Path.of(options.csv());
        CsvReadResult read = new ExperimentCsvReader(catalog).read(csv);
        String firstText = options.text("first", null);
        int first = firstText == null ? 0 : Integer.parseInt(firstText.trim());
        if (firstText != null && first < 1) {
            throw new IllegalArgumentException("--first must be at least 1, got " + first);
        }
        List<Sample> samples = (first == 0 ? read : new CsvReadResult(firstExperiments(read.samples(),
                ExperimentCsvReader.attempts(csv), first), List.of(), List.of())).anchored().samples();
        samples = SurrogateBenchmark.repetitions(options, samples);
        if (samples.size() < 8) {
            throw new IllegalArgumentException("only " + samples.size() + " usable samples in " + options.csv());
        }
        Workload workload = workload(options.list("read", ""), samples);
        FeatureEncoder encoder = options.encoder(samples, catalog);
        Configuration current = current(catalog, samples.get(0), options.text("current", ""));
        String family = options.list("family", "rf").get(0);
        long seed = options.seed();
        ModelSet models = ModelSet.train(samples, encoder, SurrogateBenchmark.family(family).trainer(), seed);
        Recommendation r = new Recommender(models, GeneticSearch.defaults(), 0.25).recommend(
                workload, new PhysicalDesign(1, 1), new Objective.MaxThroughput(), current, seed);
        log.printf(Locale.ROOT, "surrogate %s on %d samples of %s; knobs %s; workload %s; seed %d%n", family,
                samples.size(), options.csv(), encoder.knobs(), workload.key(), seed);
        log.printf(Locale.ROOT, "predicted throughput: recommended %s, %s %s (mean ± spread over the ensemble)%n",
                text(r.predicted().get(Target.THROUGHPUT)), current.isEmpty() ? "defaults" : "current",
                text(r.current().get(Target.THROUGHPUT)));
        r.changes().forEach(c -> {
            Knob knob = catalog.knob(c.knob()).orElseThrow();
            log.printf(Locale.ROOT, "  %s: %s -> %s%n", c.knob().value(), c.from().map(knob::format).orElse("(unset)"),
                    knob.format(c.to()));
        });
        r.cautions().forEach(c -> log.println("caution: " + c));
        return new Pick(r, current);
    }

    /**
     * The samples of the file's first {@code n} experiments, and the anchors measured before the last
     * of them ended (so the prefix is put on one scale with what was known then). An experiment is a
     * campaign's design point and repetition; every experiment counts, whatever its outcome (a
     * configuration the node refused cost a run as well), in the order the file first recorded them:
     * the same count as the tuners' and the peer table's for a file of one campaign (a tuning
     * campaign's; a file of several would count them together). Only OK runs are samples.
     */
    static List<Sample> firstExperiments(List<Sample> samples, List<ExperimentCsvReader.Attempt> attempts, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("--first must be at least 1, got " + n);
        }
        Set<String> experiments = new LinkedHashSet<>();
        for (ExperimentCsvReader.Attempt a : attempts) {
            if (!AnchorNormalisation.ANCHOR.equals(a.designPoint())) {
                experiments.add(a.experiment());
            }
        }
        if (experiments.size() < n) {
            throw new IllegalArgumentException("--first " + n + ": the file holds only " + experiments.size() + " experiments");
        }
        Set<String> prefix = new HashSet<>(List.copyOf(experiments).subList(0, n));
        Instant end = attempts.stream().filter(a -> prefix.contains(a.experiment())).map(ExperimentCsvReader.Attempt::finishedAt)
                .max(Comparator.naturalOrder()).orElseThrow();
        return samples.stream().filter(s -> {
            Provenance p = s.provenance();
            return AnchorNormalisation.ANCHOR.equals(p.designPoint()) ? p.startedAt().isBefore(end)
                    : prefix.contains(p.campaign() + "/" + p.designPoint() + "/r" + p.repetition());
        }).toList();
    }

    /** The read ratio given, or else the one workload all samples share. */
    static Workload workload(List<String> read, List<Sample> samples) {
        if (read.size() > 1) {
            throw new IllegalArgumentException("give one read ratio with --read, not " + read);
        }
        if (read.size() == 1) {
            double r = Double.parseDouble(read.get(0));
            if (!(r >= 0 && r <= 1)) {
                throw new IllegalArgumentException("--read must lie in [0, 1], not " + read.get(0));
            }
            return Workload.ofReadRatio(r);
        }
        Set<String> keys = samples.stream().map(s -> s.workload().key()).collect(Collectors.toCollection(TreeSet::new));
        if (keys.size() != 1) {
            throw new IllegalArgumentException("the samples measured " + keys.size() + " workloads " + keys
                    + "; give the one to recommend for with --read");
        }
        return samples.get(0).workload();
    }

    /** The configuration to recommend from: {@code k=v;k=v}, validated against the catalog on the samples' node. */
    static Configuration current(KnobCatalog catalog, Sample sample, String text) {
        Map<String, String> proposed;
        try {
            proposed = SettingsLine.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--current: " + e.getMessage(), e);
        }
        Provenance.Hardware hw = sample.provenance().hardware();
        NodeFacts facts = new NodeFacts(hw.heapMiB(), hw.cores(), 1, hw.memoryMiB());
        Set<KnobName> all = catalog.knobs().stream().map(Knob::name).collect(Collectors.toSet());
        ValidationReport report = catalog.validate(proposed, Configuration.EMPTY, facts, all);
        if (!report.errors().isEmpty()) {
            throw new IllegalArgumentException("--current '" + text + "' is not a valid configuration: " + report.errors());
        }
        return report.parsed();
    }

    /**
     * The configuration to measure: the current one with the changes laid over it, as
     * {@code knob=value;knob=value} (the current knobs first, by name; then the changed ones not set
     * before); only the changes when the current configuration is the defaults.
     */
    static String line(KnobCatalog catalog, Configuration current, List<KnobChange> changes) {
        Map<String, String> values = new LinkedHashMap<>();
        new java.util.TreeMap<>(current.values()).forEach((k, v) -> values.put(k.value(), catalog.knob(k).orElseThrow().format(v)));
        changes.forEach(c -> values.put(c.knob().value(), catalog.knob(c.knob()).orElseThrow().format(c.to())));
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";"));
    }

    private static String text(Prediction p) {
        return p == null ? "n/a" : String.format(Locale.ROOT, "%.0f ± %.0f ops/s", p.mean(), p.spread());
    }
}
