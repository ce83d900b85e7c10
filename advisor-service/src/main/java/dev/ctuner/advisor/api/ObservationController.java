package dev.ctuner.advisor.api;

import dev.ctuner.advisor.api.ObservationViews.DriftView;
import dev.ctuner.advisor.api.ObservationViews.ObservationView;
import dev.ctuner.advisor.api.ObservationViews.ObservationsView;
import dev.ctuner.advisor.api.ObservationViews.SeriesView;
import dev.ctuner.advisor.api.ObservationViews.WindowView;
import dev.ctuner.advisor.observation.ObservationService;
import dev.ctuner.advisor.observation.ObservationService.SampleQuery;
import dev.ctuner.advisor.observation.ObservationService.TimeRange;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * What the advisor observed of a cluster: stored workload samples, the per-window series the
 * tuning loop forecasts from, and configuration drift between nodes. Times are ISO-8601 instants;
 * ranges are [from, to) on the window end, by default the last hour.
 *
 * <pre>
 * GET /api/v1/clusters/prod/observations?node=n1&amp;from=2026-12-01T10:00:00Z&amp;limit=50   newest first
 * GET /api/v1/clusters/prod/series?from=2026-12-01T10:00:00Z&amp;to=2026-12-01T11:00:00Z&amp;step=1m
 * GET /api/v1/clusters/prod/drift
 * </pre>
 */
@RestController
public class ObservationController {

    private final ObservationService observations;
    private final Clock clock;

    public ObservationController(ObservationService observations, Clock clock) {
        this.observations = observations;
        this.clock = clock;
    }

    @GetMapping("/api/v1/clusters/{id}/observations")
    public ObservationsView observations(@PathVariable String id, @RequestParam(required = false) String node,
                                         @RequestParam(required = false) String from, @RequestParam(required = false) String to,
                                         @RequestParam(required = false) String limit) {
        ClusterId cluster = new ClusterId(id);
        ObservationParameters p = new ObservationParameters(clock.instant());
        String nodeId = p.node(node);
        TimeRange range = p.range(from, to);
        int max = p.limit(limit);
        p.throwIfInvalid();
        Optional<NodeId> n = Optional.ofNullable(nodeId).map(NodeId::new);
        return new ObservationsView(id, nodeId, range.from(), range.to(), max,
                observations.samples(new SampleQuery(cluster, n, range, max)).stream().map(ObservationView::of).toList());
    }

    @GetMapping("/api/v1/clusters/{id}/series")
    public SeriesView series(@PathVariable String id, @RequestParam(required = false) String from,
                             @RequestParam(required = false) String to, @RequestParam(required = false) String step) {
        ClusterId cluster = new ClusterId(id);
        ObservationParameters p = new ObservationParameters(clock.instant());
        TimeRange range = p.range(from, to);
        Duration s = p.step(step, observations.defaultStep(), range);
        p.throwIfInvalid();
        return new SeriesView(id, range.from(), range.to(), s.toSeconds(), ObservationViews.AGGREGATION,
                observations.series(cluster, range, s).stream().map(WindowView::of).toList());
    }

    @GetMapping("/api/v1/clusters/{id}/drift")
    public DriftView drift(@PathVariable String id) {
        return DriftView.of(id, observations.drift(new ClusterId(id)));
    }
}
