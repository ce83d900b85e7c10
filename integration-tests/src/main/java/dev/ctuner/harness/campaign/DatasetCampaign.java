package dev.ctuner.harness.campaign;

import dev.ctuner.advisor.core.campaign.CampaignPlan;
import dev.ctuner.advisor.core.experiment.DesignPoint;
import dev.ctuner.advisor.core.experiment.GuidedDesign;
import dev.ctuner.advisor.core.experiment.TrainingDesign;
import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelFamily;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.Workload;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.SettingsLine;
import dev.ctuner.common.protocol.message.RequestDistribution;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The dataset campaign of decision 0010 (issue 6's accuracy target): every configuration of a
 * design at every read-ratio level, each point measured {@code --repetitions} times in a row in one
 * sitting (one block), so the model can learn from and be scored against the mean of the runs. The
 * design is a Latin hypercube with the defaults ({@code c00}..) plus {@code --guided}
 * configurations ({@code g01}..) where a random forest trained on {@code --guide} is least sure
 * ({@link GuidedDesign}). The design is made once and kept in
 * {@code docs/data/dataset-NAME-design.tsv}; a later sitting reads it back (a forest retrained
 * there need not draw the same picks), so the campaign resumes on the same points.
 *
 * <pre>
 * scripts/campaign.sh dataset --name v2 --knobs a,b,... [--configurations 20] [--guided 10] [--guide docs/data/training.csv]
 *     [--pool 1000] [--read-ratios 0,0.1,...,1] [--repetitions 3] [--anchor-every 8] [--report-only]
 * </pre>
 */
final class DatasetCampaign {

    static final String ALL_RATIOS = "0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9,1";
    /** The least distance between two configurations of the design, in unit coordinates (1: the cube's diagonal). */
    static final double MIN_DISTANCE = 0.15;
    private static final String KNOBS_LINE = "# knobs: ";

    /** The campaign's options, checked. */
    record Options(String name, List<String> knobs, int configurations, int guided, Path guide, int pool,
                   double[] ratios, int repetitions) {

        static Options of(String[] args, String name, Path root) {
            List<String> knobs = CampaignMain.list(CampaignMain.option(args, "--knobs", ""));
            if (knobs.isEmpty()) {
                throw new IllegalArgumentException("dataset needs --knobs a,b,...: the knobs its design varies");
            }
            int configurations = CampaignMain.integer(args, "--configurations", 20, 3);
            int guided = CampaignMain.integer(args, "--guided", 10, 0);
            if (configurations - guided < 3) {
                throw new IllegalArgumentException("--guided " + guided + " leaves " + (configurations - guided)
                        + " of --configurations " + configurations + " to the space-filling part, which needs at least 3 "
                        + "(the defaults, and every knob's minimum and maximum)");
            }
            int pool = CampaignMain.integer(args, "--pool", 1000, 1);
            if (pool < guided) {
                throw new IllegalArgumentException("--pool " + pool + " is smaller than --guided " + guided);
            }
            Path guide = root.resolve(CampaignMain.option(args, "--guide", "docs/data/training.csv"));
            if (guided > 0 && !Files.isRegularFile(guide)) {
                throw new IllegalArgumentException("--guide " + guide + " is no file; the guided configurations need a "
                        + "dataset to train the guiding model on (or give --guided 0)");
            }
            double[] ratios = DatasetCampaign.ratios(CampaignMain.option(args, "--read-ratios", ALL_RATIOS));
            int repetitions = CampaignMain.integer(args, "--repetitions", 3, 1);
            return new Options(name, knobs, configurations, guided, guide, pool, ratios, repetitions);
        }

        Path csv(Path root) {
            return root.resolve("docs/data/dataset-" + name + ".csv");
        }

        Path designFile(Path root) {
            return root.resolve("docs/data/dataset-" + name + "-design.tsv");
        }

        Path report(Path root) {
            return root.resolve("docs/benchmarks/dataset-" + name + ".md");
        }

        String campaign() {
            return "dataset-" + name;
        }
    }

    private DatasetCampaign() {
    }

    /** Read ratios in [0, 1], distinct. */
    static double[] ratios(String text) {
        double[] ratios;
        try {
            ratios = CampaignMain.list(text).stream().mapToDouble(Double::parseDouble).toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--read-ratios takes numbers in [0, 1] separated by commas, got '" + text + "'");
        }
        if (ratios.length == 0 || Arrays.stream(ratios).anyMatch(r -> !(r >= 0 && r <= 1))
                || Arrays.stream(ratios).distinct().count() != ratios.length) {
            throw new IllegalArgumentException("--read-ratios takes distinct numbers in [0, 1], got '" + text + "'");
        }
        return ratios;
    }

    /**
     * The campaign's points: every configuration at every read ratio, in an order shuffled by the
     * seed, each point's {@code repetitions} runs in a row (a block of the executor), each run with
     * its own workload seed; the plan the advisor's own campaigns make ({@link CampaignPlan}).
     */
    static List<Point> points(List<DesignPoint> configurations, double[] ratios, int repetitions, MeasurementSetup setup,
            long seed) {
        CampaignPlan plan = CampaignPlan.of(configurations, Arrays.stream(ratios).boxed().toList(), repetitions,
                new CampaignPlan.WorkloadSize(setup.rows(), setup.operations(), setup.threads(), RequestDistribution.ZIPFIAN), seed);
        return plan.runs().stream().map(r -> new Point(r.designPoint(), r.repetition(), r.configuration(), r.workload(),
                setup.placement())).toList();
    }

    /**
     * The design kept in the design file, or, when there is none yet, a new one (written there
     * before anything is measured).
     */
    static GuidedDesign design(Options o, Path root, KnobCatalog catalog, NodeFacts facts, long seed) throws IOException {
        Path file = o.designFile(root);
        if (Files.exists(file)) {
            return read(file, o.knobs());
        }
        GuidedDesign design;
        String guidance;
        if (o.guided() == 0) {
            TrainingDesign uniform = TrainingDesign.of(catalog, o.knobs(), facts, o.configurations(), new SplittableRandom(seed));
            design = new GuidedDesign(uniform.configurations(), Map.of(), uniform.notes());
            guidance = "no guided configurations";
        } else {
            List<Sample> samples = new ExperimentCsvReader(catalog).read(o.guide()).anchored().samples();
            if (samples.size() < 8) {
                throw new IllegalArgumentException("--guide " + o.guide() + " holds only " + samples.size()
                        + " usable samples; too few to train the guiding model on");
            }
            FeatureEncoder encoder = FeatureEncoder.of(catalog, facts, o.knobs(), FeatureEncoder.EnumEncoding.ONE_HOT);
            ModelSet models = ModelSet.train(samples, encoder, ModelFamily.RANDOM_FOREST.trainer(), seed);
            List<Workload> workloads = Arrays.stream(o.ratios()).mapToObj(Workload::ofReadRatio).toList();
            design = GuidedDesign.of(catalog, o.knobs(), facts, o.configurations() - o.guided(), o.guided(), o.pool(),
                    models, workloads, new SplittableRandom(seed), MIN_DISTANCE);
            guidance = String.format(Locale.ROOT, "guided by a random forest on %d samples of %s, from a pool of %d, "
                    + "least distance %.2f", samples.size(), o.guide().getFileName(), o.pool(), MIN_DISTANCE);
        }
        write(file, o, design, guidance, seed);
        return design;
    }

    /** The design file: header comments (knobs, how it was made, notes), then id, uncertainty and configuration per line. */
    static void write(Path file, Options o, GuidedDesign design, String guidance, long seed) throws IOException {
        StringBuilder out = new StringBuilder();
        out.append("# the design of campaign ").append(o.campaign()).append(" (decision 0010); made once, read back on resume\n");
        out.append(KNOBS_LINE).append(String.join(",", o.knobs())).append('\n');
        out.append(String.format(Locale.ROOT, "# seed %d; %d configurations, %s%n", seed, design.configurations().size(), guidance));
        design.notes().forEach(n -> out.append("# note: ").append(n).append('\n'));
        out.append("id\tuncertainty\tconfiguration\n");
        for (DesignPoint p : design.configurations()) {
            Double u = design.uncertainty().get(p.id());
            out.append(p.id()).append('\t').append(u == null ? "" : String.format(Locale.ROOT, "%.4f", u)).append('\t')
                    .append(SettingsLine.format(p.configuration())).append('\n');
        }
        Files.createDirectories(file.getParent());
        Files.writeString(file, out);
    }

    /** The design of a design file made for {@code knobs}. */
    static GuidedDesign read(Path file, List<String> knobs) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String recorded = lines.stream().filter(l -> l.startsWith(KNOBS_LINE)).map(l -> l.substring(KNOBS_LINE.length()))
                .findFirst().orElseThrow(() -> new IllegalArgumentException(file + " names no knobs; not a design file"));
        if (!recorded.equals(String.join(",", knobs))) {
            throw new IllegalArgumentException(file + " holds a design for --knobs " + recorded + ", not "
                    + String.join(",", knobs) + "; give those knobs, or another --name for a new design");
        }
        List<DesignPoint> points = new ArrayList<>();
        Map<String, Double> uncertainty = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("# note: ")) {
                notes.add(line.substring("# note: ".length()));
            }
            if (line.startsWith("#") || line.startsWith("id\t") || line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            if (cells.length != 3) {
                throw new IllegalArgumentException(file + ": line '" + line + "' is not id, uncertainty and configuration");
            }
            points.add(new DesignPoint(cells[0], SettingsLine.parse(cells[2])));
            if (!cells[1].isEmpty()) {
                uncertainty.put(cells[0], Double.parseDouble(cells[1]));
            }
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no configuration");
        }
        return new GuidedDesign(points, uncertainty, notes);
    }

    /** The report's first sentences: where the data is, how it was designed, the command. */
    static String intro(Options o, GuidedDesign design, String[] args) {
        long guided = design.configurations().stream().filter(p -> p.id().startsWith("g")).count();
        return String.format(Locale.ROOT, "From the dataset of decision 0010 (`docs/data/dataset-%s.csv`, design in "
                        + "`docs/data/dataset-%s-design.tsv`; `scripts/campaign.sh %s`): %d configurations (c00 = all "
                        + "defaults; c01.. a Latin hypercube with every knob's minimum and maximum present; %d, g01.., where "
                        + "the model trained on %s was least sure) x %d read-ratio levels, %d cold runs each in a row, "
                        + "counted at their mean.", o.name(), o.name(),
                String.join(" ", ComparisonReport.quoted(args)),
                design.configurations().size(), guided, o.guide().getFileName(), o.ratios().length, o.repetitions());
    }
}
