package dev.ctuner.advisor.campaign;

import dev.ctuner.advisor.core.campaign.PlannedRun;
import dev.ctuner.advisor.core.campaign.RunAttempt;
import dev.ctuner.advisor.data.ExperimentRows;
import dev.ctuner.advisor.store.Campaign;
import dev.ctuner.advisor.store.CampaignRun;
import dev.ctuner.advisor.store.CampaignStore;
import dev.ctuner.advisor.store.ExperimentSampleStore;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.message.ExperimentResult;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes an experiment's result from the results topic: stores it as a measurement to train on, with
 * its provenance (campaign, node, machine, build), and ends the campaign's experiment with the run's
 * quality. A result for an experiment no campaign of this advisor sent, or from another node than the
 * one it was sent to, is counted and dropped; a result published again (a sidecar restarted before it
 * had finished reporting) adds nothing.
 */
public final class ExperimentResults {

    private static final Logger log = LoggerFactory.getLogger(ExperimentResults.class);

    private final CampaignStore campaigns;
    private final ExperimentSampleStore samples;
    private final KnobCatalog catalog;
    private final MeterRegistry meters;
    private final Clock clock;
    private final Runnable onEnded;

    public ExperimentResults(CampaignStore campaigns, ExperimentSampleStore samples, KnobCatalog catalog, MeterRegistry meters,
                             Clock clock, Runnable onEnded) {
        this.campaigns = campaigns;
        this.samples = samples;
        this.catalog = catalog;
        this.meters = meters;
        this.clock = clock;
        this.onEnded = onEnded;
    }

    /** Handles one ExperimentResult envelope; a store failure throws, so that the record is read again. */
    public void accept(Envelope envelope) {
        ExperimentResult result = (ExperimentResult) envelope.payload();
        Optional<CampaignRun> run = campaigns.run(result.experimentId());
        if (run.isEmpty()) {
            count("unknown-experiment");
            log.debug("result of experiment {} from {}: no campaign of this advisor sent it; ignored", result.experimentId(),
                    envelope.nodeId());
            return;
        }
        CampaignRun r = run.get();
        if (!r.cluster().equals(envelope.clusterId()) || !r.node().equals(envelope.nodeId())) {
            count("wrong-node");
            log.warn("result of experiment {} came from {}/{}, but it was sent to {}/{}; ignored", result.experimentId(),
                    envelope.clusterId(), envelope.nodeId(), r.cluster(), r.node());
            return;
        }
        Campaign c = campaigns.find(r.campaignId()).orElseThrow();
        PlannedRun.Key key = r.attemptRecord().anchor() ? new PlannedRun.Key("anchor", 0) : PlannedRun.parseKey(r.runKey());
        String designPoint = key.designPoint();
        int repetition = key.repetition();
        NodeFacts facts = new NodeFacts(result.hardware().heapMiB(), result.hardware().cores(), 1, result.hardware().memoryMiB());
        Map<String, String> row = ExperimentRows.of(result, c.name(), designPoint, repetition, c.settings().knobs(), catalog, facts);
        boolean stored = samples.record(new ExperimentSampleStore.StoredExperiment(result.experimentId(),
                ExperimentSampleStore.Source.CAMPAIGN, c.name(), Optional.of(envelope.clusterId()), Optional.of(envelope.nodeId()),
                result.machine().orElse(""), result.versions().sidecar(), result.quality().name(),
                result.throughputOpsPerSecond(), clock.instant(), row));
        RunAttempt.Outcome outcome = switch (result.quality()) {
            case OK -> RunAttempt.Outcome.OK;
            case NOISY -> RunAttempt.Outcome.NOISY;
            case FAULTED -> RunAttempt.Outcome.FAULTED;
        };
        boolean ended = campaigns.endRun(result.experimentId(), outcome, clock.instant(),
                result.qualityNotes().isEmpty() ? null : String.join("; ", result.qualityNotes()));
        count(stored ? "stored" : "duplicate");
        if (ended) {
            log.info("campaign {}: experiment {} ended {} ({} ops/s)", c.name(), result.experimentId(), outcome,
                    Math.round(result.throughputOpsPerSecond()));
            onEnded.run();
        }
    }

    private void count(String outcome) {
        meters.counter("ctuner.campaign.results", "outcome", outcome).increment();
    }
}
