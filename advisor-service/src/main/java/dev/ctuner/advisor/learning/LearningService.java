package dev.ctuner.advisor.learning;

import dev.ctuner.advisor.store.ExperimentSampleStore;
import dev.ctuner.common.catalog.KnobCatalog;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;

/**
 * Keeps the surrogate models in use and trains new ones from the configured experiment CSV files and
 * the measurements in the advisor's store:
 * once in the background at start-up when a file exists, and whenever an operator asks. One run
 * at a time, on its own thread; the model in use changes only when a run succeeds, so a bad file
 * never takes advice away or stops the process.
 *
 * <pre>{@code
 * learning.startTraining("alice");       // RUNNING; GET /api/v1/models/current shows the outcome
 * learning.require().provenance();       // files, samples, trained-at, family
 * }</pre>
 */
@Service
public class LearningService {

    private static final Logger log = LoggerFactory.getLogger(LearningService.class);

    /** Who is named as having asked for the start-up run. */
    public static final String STARTUP_ACTOR = "startup";

    private final LearningProperties properties;
    private final ModelTrainer trainer;
    private final Clock clock;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "ctuner-model-training");
        t.setDaemon(true);
        return t;
    });
    private final AtomicReference<TrainedModel> current = new AtomicReference<>();
    private final AtomicReference<TrainingAttempt> lastAttempt = new AtomicReference<>();

    public LearningService(LearningProperties properties, KnobCatalog catalog, Clock clock) {
        this(properties, catalog, clock, List::of);
    }

    /** @param stored the measurements in the advisor's store, as experiment CSV rows (read at every training run) */
    @Autowired
    public LearningService(LearningProperties properties, KnobCatalog catalog, Clock clock, ExperimentSampleStore stored) {
        this(properties, catalog, clock, stored::rows);
    }

    LearningService(LearningProperties properties, KnobCatalog catalog, Clock clock, Supplier<List<Map<String, String>>> stored) {
        this.properties = properties;
        this.trainer = new ModelTrainer(properties, catalog, clock, stored);
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void trainAtStartup() {
        if (!properties.trainAtStartup()) {
            return;
        }
        if (trainingData().stream().noneMatch(TrainingData::available)) {
            log.info("no model trained at start-up: none of the datasets {} exists. Advice answers 503 until an operator "
                    + "trains a model (POST /api/v1/models/train)", datasetNames());
            return;
        }
        startTraining(STARTUP_ACTOR);
    }

    /**
     * Starts a training run in the background.
     *
     * @throws TrainingInProgressException when a run is still going
     */
    public synchronized TrainingAttempt startTraining(String actor) {
        return start(actor, false);
    }

    /**
     * Starts a training run that the advisor asked for itself (a campaign done): its model replaces the
     * one in use only if its cross-validated error is no worse ({@link RetrainGate}).
     *
     * @throws TrainingInProgressException when a run is still going
     */
    public synchronized TrainingAttempt startRetraining(String actor) {
        return start(actor, true);
    }

    private TrainingAttempt start(String actor, boolean gated) {
        TrainingAttempt last = lastAttempt.get();
        if (last != null && last.outcome() == TrainingAttempt.Outcome.RUNNING) {
            throw new TrainingInProgressException(last);
        }
        TrainingAttempt running = TrainingAttempt.running(actor, clock.instant());
        lastAttempt.set(running);
        submit(running, gated);
        return running;
    }

    private void submit(TrainingAttempt running, boolean gated) {
        executor.execute(() -> {
            TrainingAttempt done;
            ModelTrainer.Result r = null;
            try {
                r = trainer.train();
                if (gated && r.model().isPresent() && current.get() != null) {
                    TrainedModel candidate = r.model().get().withAssessment(trainer.assess(r.model().get(), r.samples()));
                    TrainedModel inUse = current.get();
                    Optional<String> worse = RetrainGate.worse(RetrainGate.error(inUse.assessment()),
                            RetrainGate.error(candidate.assessment()));
                    if (worse.isPresent()) {
                        log.info("retraining asked for by {} kept the model in use: {}", running.requestedBy(), worse.get());
                        lastAttempt.set(new TrainingAttempt(running.requestedBy(), running.startedAt(), clock.instant(),
                                TrainingAttempt.Outcome.KEPT_PREVIOUS, worse.get(), r.files()));
                        return;
                    }
                    current.set(candidate);
                    lastAttempt.set(new TrainingAttempt(running.requestedBy(), running.startedAt(), clock.instant(),
                            TrainingAttempt.Outcome.SUCCEEDED, null, r.files()));
                    return;
                }
                r.model().ifPresent(current::set);
                done = new TrainingAttempt(running.requestedBy(), running.startedAt(), clock.instant(),
                        r.model().isPresent() ? TrainingAttempt.Outcome.SUCCEEDED : TrainingAttempt.Outcome.FAILED,
                        r.failure(), r.files());
                if (r.model().isEmpty()) {
                    log.warn("training asked for by {} produced no model: {}", running.requestedBy(), r.failure());
                }
            } catch (RuntimeException | Error e) {   // nothing may leave the attempt RUNNING forever
                if (gated && r != null && r.model().isPresent()) {
                    log.error("retraining asked for by {} failed; the model in use stays", running.requestedBy(), e);
                    lastAttempt.set(new TrainingAttempt(running.requestedBy(), running.startedAt(), clock.instant(),
                            TrainingAttempt.Outcome.FAILED, e.toString(), List.of()));
                    return;
                }
                log.error("training asked for by {} failed", running.requestedBy(), e);
                done = new TrainingAttempt(running.requestedBy(), running.startedAt(), clock.instant(),
                        TrainingAttempt.Outcome.FAILED, e.toString(), List.of());
            }
            lastAttempt.set(done);
            if (r != null && r.model().isPresent()) {
                assess(r.model().get(), r);
            }
        });
    }

    /**
     * Diagnoses a model already in use (advice does not wait for this) and keeps the outcome with it,
     * unless a newer model replaced it meanwhile.
     */
    private void assess(TrainedModel model, ModelTrainer.Result trained) {
        ModelAssessment assessment;
        try {
            assessment = trainer.assess(model, trained.samples());
        } catch (RuntimeException | Error e) {   // never leave the page saying COMPUTING for good
            assessment = ModelAssessment.failed(e.toString(), 0);
        }
        current.compareAndSet(model, model.withAssessment(assessment));
    }

    public Optional<TrainedModel> current() {
        return Optional.ofNullable(current.get());
    }

    public Optional<TrainingAttempt> lastAttempt() {
        return Optional.ofNullable(lastAttempt.get());
    }

    /** The model in use; @throws NoModelException with how to train one when there is none */
    public TrainedModel require() {
        TrainedModel m = current.get();
        if (m != null) {
            return m;
        }
        TrainingAttempt last = lastAttempt.get();
        String state = last == null ? "no training run has been asked for"
                : last.outcome() == TrainingAttempt.Outcome.RUNNING ? "a training run started at " + last.startedAt()
                        + " is still running; ask again when it finishes"
                        : "the last training run failed: " + last.reason();
        throw new NoModelException("No surrogate model is trained yet (" + state + "). An operator trains one from the "
                + "experiment CSV files under ctuner.advisor.learning.datasets " + datasetNames()
                + " with POST /api/v1/models/train; GET /api/v1/models/current shows the outcome.");
    }

    /** What a training run reads: the configured files, or the bundled data when none is configured. */
    public List<TrainingData> trainingData() {
        return TrainingData.resolve(properties.datasets());
    }

    /** The names of {@link #trainingData()}, as reports give them. */
    public List<String> datasetNames() {
        return trainingData().stream().map(TrainingData::name).toList();
    }

    public LearningProperties properties() {
        return properties;
    }

    @PreDestroy
    void stop() {
        executor.shutdownNow();
    }
}
