package dev.ctuner.advisor.learning;

import dev.ctuner.advisor.core.experiment.AnchorNormalisation;
import dev.ctuner.advisor.core.learning.FeatureEncoder;
import dev.ctuner.advisor.core.learning.ModelDiagnostics;
import dev.ctuner.advisor.core.learning.ModelSet;
import dev.ctuner.advisor.core.learning.Provenance;
import dev.ctuner.advisor.core.learning.Sample;
import dev.ctuner.advisor.core.learning.Target;
import dev.ctuner.advisor.data.CsvReadResult;
import dev.ctuner.advisor.data.ExperimentCsvReader;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.NodeFacts;
import java.io.IOException;
import java.io.Reader;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the configured experiment CSV files and trains a {@link ModelSet} on their samples. Never
 * throws for bad data: a missing or malformed file is skipped and reported, and a run that cannot
 * produce a throughput model comes back as a failure with the reason.
 *
 * <pre>{@code
 * ModelTrainer.Result r = new ModelTrainer(properties, KnobCatalog.cassandra50(), clock).train();
 * r.model().ifPresentOrElse(m -> use(m), () -> log(r.failure()));
 * }</pre>
 */
final class ModelTrainer {

    private static final Logger log = LoggerFactory.getLogger(ModelTrainer.class);
    /** How reports name the measurements in the advisor's store. */
    static final String STORED = "store:experiments";

    /**
     * What a run produced: a model (its diagnostics still to compute, {@link #assess}), or the reason
     * there is none; what every file gave; the samples the model was trained on.
     */
    record Result(Optional<TrainedModel> model, String failure, List<DatasetReport> files, List<Sample> samples) {
        Result {
            files = List.copyOf(files);
            samples = List.copyOf(samples);
        }

        Result(Optional<TrainedModel> model, String failure, List<DatasetReport> files) {
            this(model, failure, files, List.of());
        }
    }

    private final LearningProperties properties;
    private final KnobCatalog catalog;
    private final Clock clock;
    private final Supplier<List<Map<String, String>>> stored;

    ModelTrainer(LearningProperties properties, KnobCatalog catalog, Clock clock) {
        this(properties, catalog, clock, List::of);
    }

    /** @param stored the measurements in the advisor's store (its campaigns' and imported ones), as experiment CSV rows */
    ModelTrainer(LearningProperties properties, KnobCatalog catalog, Clock clock, Supplier<List<Map<String, String>>> stored) {
        this.properties = properties;
        this.catalog = catalog;
        this.clock = clock;
        this.stored = stored;
    }

    Result train() {
        List<DatasetReport> files = new ArrayList<>();
        List<Sample> samples = new ArrayList<>();
        List<TrainingData> data = TrainingData.resolve(properties.datasets());
        for (TrainingData d : data) {
            files.add(read(d, samples));
        }
        if (properties.includeStored()) {
            readStored(samples).ifPresent(files::add);
        }
        if (samples.isEmpty()) {
            return new Result(Optional.empty(), "no usable samples in " + files.stream().map(DatasetReport::path).toList()
                    + "; measure a training campaign (docs/data/README.md) or point ctuner.advisor.learning.datasets at one",
                    files);
        }
        AnchorNormalisation.Result anchored = AnchorNormalisation.apply(samples, CsvReadResult.NEAREST_ANCHORS);
        if (anchored.anchored()) {
            log.info("put {} samples from {} campaign-machine block(s) on one scale by their anchor runs (reference {} ops/s); "
                    + "{} left out{}", anchored.samples().size(), anchored.blocks().size(), Math.round(anchored.reference()),
                    anchored.excluded().size(), anchored.excluded().isEmpty() ? "" : ", e.g. " + anchored.excluded().get(0));
        }
        try {
            return new Result(Optional.of(fit(anchored.samples(), files)), null, files, anchored.samples());
        } catch (RuntimeException e) {
            log.warn("training on {} samples failed: {}", samples.size(), e.toString());
            return new Result(Optional.empty(), e.getMessage() == null ? e.toString() : e.getMessage(), files);
        }
    }

    private DatasetReport read(TrainingData data, List<Sample> into) {
        String name = data.name();
        if (!data.available()) {
            log.info("dataset {} does not exist; skipped", data instanceof TrainingData.File f ? f.path().toAbsolutePath() : name);
            return DatasetReport.missing(name);
        }
        if (data.bundled()) {
            log.info("no dataset configured (ctuner.advisor.learning.datasets): training on the data bundled with the advisor, "
                    + "{}, measured on the project's own test node; configure your own measurements to train on them", name);
        }
        try (Reader reader = data.open()) {
            CsvReadResult r = new ExperimentCsvReader(catalog).read(reader);
            into.addAll(r.samples());
            List<String> examples = r.rejected().stream().limit(DatasetReport.EXAMPLES)
                    .map(row -> "line " + row.line() + " (" + row.experimentId() + "): " + row.reason()).toList();
            log.info("dataset {}: {} samples, {} rejected rows{}", name, r.samples().size(), r.rejected().size(),
                    examples.isEmpty() ? "" : ", e.g. " + examples.get(0));
            r.warnings().forEach(w -> log.warn("dataset {}: {}", name, w));
            return new DatasetReport(name, DatasetReport.Status.READ, r.samples().size(), r.rejected().size(), examples,
                    r.warnings(), null, data.bundled());
        } catch (IOException | RuntimeException e) {
            log.warn("dataset {} could not be read: {}", name, e.toString());
            return DatasetReport.failed(name, e.getMessage() == null ? e.toString() : e.getMessage(), data.bundled());
        }
    }

    /** The store's measurements as one more dataset, {@value #STORED}; empty when the store holds none. */
    private Optional<DatasetReport> readStored(List<Sample> into) {
        List<Map<String, String>> rows;
        try {
            rows = stored.get();
        } catch (RuntimeException e) {
            log.warn("the stored measurements could not be read: {}", e.toString());
            return Optional.of(DatasetReport.failed(STORED, e.getMessage() == null ? e.toString() : e.getMessage(), false));
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        try {
            CsvReadResult r = new ExperimentCsvReader(catalog).readRows(rows);
            into.addAll(r.samples());
            List<String> examples = r.rejected().stream().limit(DatasetReport.EXAMPLES)
                    .map(row -> "row " + row.line() + " (" + row.experimentId() + "): " + row.reason()).toList();
            log.info("dataset {}: {} samples, {} rejected rows", STORED, r.samples().size(), r.rejected().size());
            return Optional.of(new DatasetReport(STORED, DatasetReport.Status.READ, r.samples().size(), r.rejected().size(),
                    examples, r.warnings(), null, false));
        } catch (RuntimeException e) {
            log.warn("the stored measurements could not be used: {}", e.toString());
            return Optional.of(DatasetReport.failed(STORED, e.getMessage() == null ? e.toString() : e.getMessage(), false));
        }
    }

    /** Same cores, memory and heap: the machine instance may differ (anchors take care of its speed). */
    private static boolean sameShape(Provenance.Hardware a, Provenance.Hardware b) {
        return a.cores() == b.cores() && a.memoryMiB() == b.memoryMiB() && a.heapMiB() == b.heapMiB();
    }

    private TrainedModel fit(List<Sample> samples, List<DatasetReport> files) {
        List<String> knobs = properties.knobs().isEmpty() ? varyingKnobs(samples) : properties.knobs();
        if (knobs.isEmpty()) {
            throw new IllegalStateException("the " + samples.size() + " samples all use the same value of every knob; "
                    + "there is nothing to learn (name knobs under ctuner.advisor.learning.knobs or add varied data)");
        }
        Provenance.Hardware hw = samples.get(0).provenance().hardware();
        NodeFacts facts = new NodeFacts(hw.heapMiB(), hw.cores(), 1, hw.memoryMiB());
        List<String> warnings = new ArrayList<>();
        long otherHardware = samples.stream().filter(s -> !sameShape(s.provenance().hardware(), hw)).count();
        if (otherHardware > 0) {
            warnings.add(otherHardware + " samples ran on other hardware than " + hw
                    + "; knob domains are resolved for the latter");
        }
        files.stream().filter(f -> f.bundled() && f.status() == DatasetReport.Status.READ).forEach(f -> warnings.add(
                "trained on " + f.path() + ", the data bundled with the advisor (measured on the project's test node, "
                        + "not on this cluster's hardware), because ctuner.advisor.learning.datasets names no file"));
        FeatureEncoder encoder = FeatureEncoder.of(catalog, facts, knobs, properties.enumEncoding());
        long start = System.nanoTime();
        ModelSet models = ModelSet.train(samples, encoder, properties.family().trainer(), properties.seed());
        long ms = (System.nanoTime() - start) / 1_000_000;
        Map<Target, Long> measured = new EnumMap<>(Target.class);
        List<Target> modelled = new ArrayList<>();
        for (Target t : Target.values()) {
            measured.put(t, samples.stream().filter(s -> t.observed(s).isPresent()).count());
            models.model(t).ifPresent(m -> modelled.add(t));
        }
        if (models.model(Target.THROUGHPUT).isEmpty()) {
            throw new IllegalStateException("no throughput model: " + samples.size() + " samples are too few (need 4)");
        }
        log.info("trained {} on {} samples from {} file(s) in {} ms; knobs {}; targets {}", properties.family(),
                samples.size(), files.stream().filter(f -> f.status() == DatasetReport.Status.READ).count(), ms,
                encoder.knobs(), modelled);
        return new TrainedModel(models, new ModelProvenance(files, samples.size(), clock.instant(), properties.family(),
                properties.seed(), encoder.knobs().stream().map(KnobName::value).toList(), properties.enumEncoding(),
                measured, modelled, facts, ms, warnings),
                new TrainedModel.TrainingShape(samples.get(0).design(), samples.get(0).workload().distribution(),
                        samples.stream().anyMatch(s -> s.workload().insertProportion() > 0)),
                ModelAssessment.computing());
    }

    /**
     * The diagnostics of a model this trainer produced, on the samples it was trained on, fitted with
     * the family's lighter trainer (seconds, where the model's own grid search would take minutes); a
     * failure is kept as the reason, not thrown.
     */
    ModelAssessment assess(TrainedModel model, List<Sample> samples) {
        long start = System.nanoTime();
        try {
            ModelDiagnostics d = ModelDiagnostics.of(samples, model.models(), properties.family().quickTrainer(),
                    ModelDiagnostics.Settings.DEFAULTS, properties.seed());
            long ms = (System.nanoTime() - start) / 1_000_000;
            log.info("model diagnostics in {} ms: {} cross-validated rows, {} learning-curve points, {} knobs ranked{}", ms,
                    d.crossValidated().size(), d.learningCurve().size(), d.influence().size(),
                    d.notes().isEmpty() ? "" : "; " + String.join("; ", d.notes()));
            return ModelAssessment.of(d, ms);
        } catch (RuntimeException e) {
            long ms = (System.nanoTime() - start) / 1_000_000;
            log.warn("model diagnostics failed after {} ms (the model is used all the same): {}", ms, e.toString());
            return ModelAssessment.failed(e.getMessage() == null ? e.toString() : e.getMessage(), ms);
        }
    }

    /** Every knob that takes two or more values in the data, in name order. */
    static List<String> varyingKnobs(List<Sample> samples) {
        Map<KnobName, Set<String>> seen = new HashMap<>();
        for (Sample s : samples) {
            s.configuration().values().forEach((k, v) -> seen.computeIfAbsent(k, x -> new HashSet<>()).add(v.text()));
        }
        List<String> knobs = new ArrayList<>();
        for (KnobName k : new TreeSet<>(seen.keySet())) {
            if (seen.get(k).size() > 1) {
                knobs.add(k.value());
            }
        }
        return knobs;
    }
}
