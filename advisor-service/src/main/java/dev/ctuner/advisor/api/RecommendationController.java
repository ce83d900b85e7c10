package dev.ctuner.advisor.api;

import dev.ctuner.advisor.api.ApiRequests.Decision;
import dev.ctuner.advisor.api.ApiRequests.SubmitRecommendation;
import dev.ctuner.advisor.api.ApiViews.RecommendationView;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.recommendation.Submission;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.protocol.ClusterId;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.net.URI;
import dev.ctuner.advisor.security.ClusterScope;
import java.security.Principal;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Recommendations: list, read with audit trail, submit an operator's configuration, approve, reject.
 *
 * <pre>
 * curl -u alice:secret -H 'Content-Type: application/json' localhost:8080/api/v1/recommendations \
 *      -d '{"clusterId":"prod","settings":{"concurrent_reads":"64"},"comment":"more read threads"}'
 * </pre>
 */
@Validated
@RestController
@RequestMapping("/api/v1/recommendations")
public class RecommendationController {

    private final RecommendationService service;

    public RecommendationController(RecommendationService service) {
        this.service = service;
    }

    @GetMapping
    public List<RecommendationView> list(@RequestParam Optional<String> clusterId,
                                         @RequestParam Optional<RecommendationState> state,
                                         @RequestParam(defaultValue = "100") @Min(1) @Max(1000) int limit) {
        return service.list(clusterId.map(ClusterId::new), state, limit).stream()
                .map(r -> RecommendationView.of(r, null)).toList();
    }

    @GetMapping("/{id}")
    public RecommendationView get(@PathVariable UUID id) {
        return view(service.get(id));
    }

    @PostMapping
    public ResponseEntity<RecommendationView> submit(@Valid @RequestBody SubmitRecommendation body, Principal who) {
        Set<KnobName> optIn = Optional.ofNullable(body.optIn()).orElse(List.of()).stream()
                .map(KnobName::of).collect(Collectors.toSet());
        ClusterScope.requireOperatorOf(who, new ClusterId(body.clusterId().strip()));
        Recommendation r = service.submit(new Submission(new ClusterId(body.clusterId().strip()), body.settings(),
                body.comment(), optIn, Optional.ofNullable(body.tables()).orElse(List.of())), who.getName());
        return ResponseEntity.created(URI.create("/api/v1/recommendations/" + r.id())).body(view(r));
    }

    @PostMapping("/{id}/approve")
    public RecommendationView approve(@PathVariable UUID id, @Valid @RequestBody Decision body, Principal who) {
        ClusterScope.requireOperatorOf(who, service.get(id).clusterId());
        return view(service.approve(id, who.getName(), body.comment()));
    }

    @PostMapping("/{id}/reject")
    public RecommendationView reject(@PathVariable UUID id, @Valid @RequestBody Decision body, Principal who) {
        ClusterScope.requireOperatorOf(who, service.get(id).clusterId());
        return view(service.reject(id, who.getName(), body.comment()));
    }

    private RecommendationView view(Recommendation r) {
        return RecommendationView.of(r, service.auditTrail(r.id()));
    }
}
