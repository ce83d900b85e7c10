package dev.ctuner.advisor.api;

import dev.ctuner.advisor.campaign.CampaignProperties;
import dev.ctuner.advisor.campaign.CampaignRequest;
import dev.ctuner.advisor.campaign.CampaignService;
import dev.ctuner.advisor.campaign.RaceRequest;
import dev.ctuner.advisor.security.ClusterScope;
import dev.ctuner.advisor.store.Campaign;
import dev.ctuner.advisor.store.CampaignRun;
import dev.ctuner.advisor.store.ExperimentSampleStore;
import dev.ctuner.common.protocol.ClusterId;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.net.URI;
import java.security.Principal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Experiment campaigns the advisor runs on its experiment nodes: start one (OPERATOR of the experiment
 * nodes' clusters), follow its progress and its experiments (VIEWER), cancel it (OPERATOR).
 *
 * <pre>
 * POST /api/v1/campaigns               {"name":"lab-1","knobs":["concurrent_writes","memtable_flush_writers"],
 *                                       "configurations":8,"readRatios":[0.2,0.8],"anchorEvery":8}
 * GET  /api/v1/campaigns               newest first
 * GET  /api/v1/campaigns/lab-1         settings, design, progress, every experiment sent
 * POST /api/v1/campaigns/lab-1/cancel  {"comment":"the node is needed elsewhere"}
 * POST /api/v1/races                   {"clusterId":"prod","current":{"concurrent_writes":"32"},
 *                                       "picks":[{"concurrent_writes":"128"}],"budget":30}
 * </pre>
 */
@RestController
@Validated
public class CampaignController {

    private final CampaignService service;

    public CampaignController(CampaignService service) {
        this.service = service;
    }

    /** How far a campaign is: planned measurements, those that ran OK or were given up, anchors, experiments sent. */
    public record Progress(int plannedRuns, int ok, int noisy, int faulted, int refused, int anchors, int experimentsSent,
                           String running) {

        static Progress of(CampaignService.Progress p) {
            return new Progress(p.plannedRuns(), p.ok(), p.noisy(), p.faulted(), p.refused(), p.anchors(), p.experimentsSent(),
                    p.running().orElse(null));
        }
    }

    public record CampaignSummary(String id, String name, String state, String detail, String createdBy, Instant createdAt,
                                  Instant updatedAt, Progress progress) {
    }

    public record ExperimentView(int seq, String experimentId, String measures, int attempt, String node, String outcome,
                                 Instant sentAt, Instant endedAt, int commandsSent, String detail, Double throughput,
                                 String machine) {
    }

    public record DesignPointView(String id, Map<String, String> configuration) {
    }

    /** What a finished race says of its first pick: what the race gate of vetting reads. */
    public record RaceView(boolean pickSurvived, boolean currentEliminated, int experiments, int instances, String summary) {
    }

    public record CampaignView(String id, String name, String kind, String state, String detail, String createdBy,
                               Instant createdAt, Instant updatedAt, Map<String, String> settings, List<DesignPointView> design,
                               Progress progress, List<ExperimentView> experiments, RaceView race) {
    }

    @PostMapping("/api/v1/campaigns")
    public ResponseEntity<CampaignView> create(@NotNull @Valid @RequestBody CampaignRequest body, Principal who) {
        List<String> nodes = body.nodes() == null ? List.of() : body.nodes();
        nodes.stream().filter(n -> n != null && n.indexOf('/') > 0)
                .forEach(n -> ClusterScope.requireOperatorOf(who, CampaignProperties.clusterOf(n)));
        if (nodes.isEmpty() && !ClusterScope.unlimited(who)) {
            // all configured experiment nodes: an operator limited to some clusters must be an operator of theirs
            service.experimentNodes().forEach(n -> ClusterScope.requireOperatorOf(who, CampaignProperties.clusterOf(n)));
        }
        Campaign c = service.create(body, who.getName());
        return ResponseEntity.created(URI.create("/api/v1/campaigns/" + c.name())).body(view(c));
    }

    /** Races picks against a serving cluster's configuration on the experiment nodes (OPERATOR of that cluster). */
    @PostMapping("/api/v1/races")
    public ResponseEntity<CampaignView> race(@NotNull @Valid @RequestBody RaceRequest body, Principal who) {
        if (body.clusterId() != null && !body.clusterId().isBlank()) {
            ClusterScope.requireOperatorOf(who, new ClusterId(body.clusterId()));
        }
        service.experimentNodes().forEach(n -> ClusterScope.requireOperatorOf(who, CampaignProperties.clusterOf(n)));
        Campaign c = service.startRace(body, who.getName());
        return ResponseEntity.created(URI.create("/api/v1/campaigns/" + c.name())).body(view(c));
    }

    @GetMapping("/api/v1/campaigns")
    public List<CampaignSummary> list(@RequestParam(defaultValue = "50") @Min(1) @Max(500) int limit) {
        List<Campaign> campaigns = service.list(limit);
        var progress = service.progress(campaigns);
        return campaigns.stream().map(c -> new CampaignSummary(c.id().toString(), c.name(), c.state().name(),
                c.detail().orElse(null), c.createdBy(), c.createdAt(), c.updatedAt(), Progress.of(progress.get(c.id())))).toList();
    }

    @GetMapping("/api/v1/campaigns/{id}")
    public CampaignView get(@PathVariable String id) {
        return view(service.get(id));
    }

    @PostMapping("/api/v1/campaigns/{id}/cancel")
    public CampaignView cancel(@PathVariable String id, @Valid @RequestBody ApiRequests.Decision body, Principal who) {
        Campaign c = service.get(id);
        c.settings().nodes().forEach(n -> ClusterScope.requireOperatorOf(who, CampaignProperties.clusterOf(n)));
        return view(service.cancel(id, who.getName(), body.comment()));
    }

    private CampaignView view(Campaign c) {
        List<ExperimentView> experiments = service.experiments(c).stream().map(e -> {
            CampaignRun r = e.run();
            return new ExperimentView(r.seq(), r.experimentId(), r.runKey(), r.attempt(), r.cluster().value() + "/" + r.node().value(),
                    r.outcome().name(), r.sentAt(), r.endedAt().orElse(null), r.sends(), r.detail().orElse(null),
                    e.measured().map(ExperimentSampleStore.StoredExperiment::throughput).orElse(null),
                    e.measured().map(ExperimentSampleStore.StoredExperiment::machine).orElse(null));
        }).toList();
        RaceView race = service.raced(c).map(r -> new RaceView(r.evidence().survived(), r.evidence().currentEliminated(),
                r.evidence().experiments(), r.evidence().instances(), r.summary())).orElse(null);
        return new CampaignView(c.id().toString(), c.name(), c.settings().kind().name(), c.state().name(), c.detail().orElse(null),
                c.createdBy(), c.createdAt(), c.updatedAt(), c.settings().toMap(),
                c.design().stream().map(p -> new DesignPointView(p.id(), p.configuration())).toList(),
                Progress.of(service.progress(c)), experiments, race);
    }
}
