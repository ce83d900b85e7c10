package dev.ctuner.advisor.api;

import dev.ctuner.advisor.api.ApiRequests.Decision;
import dev.ctuner.advisor.api.ApiRequests.StartRollout;
import dev.ctuner.advisor.api.ApiViews.RolloutView;
import dev.ctuner.advisor.rollout.RolloutOptions;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.common.protocol.NodeId;
import jakarta.validation.Valid;
import java.net.URI;
import dev.ctuner.advisor.security.ClusterScope;
import java.security.Principal;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Rollouts: start one for an approved recommendation, read its progress per node, pause, resume,
 * abort, roll back. These endpoints change the persisted state; the rollout orchestrator carries it out
 * (sends signed commands round by round while RUNNING, stops sending when PAUSED or ABORTED).
 *
 * <pre>
 * POST /api/v1/recommendations/{id}/rollouts
 * {"canaryFirst":true, "comment":"go"}      (the ring comes from the sidecars of the recommendation's cluster)
 * POST /api/v1/rollouts/{id}/rollback        (also /api/v1/rollouts/{id}/rollback)
 * {"comment":"p99 worse since the change"}
 * </pre>
 */
@RestController
public class RolloutController {

    private final RolloutService service;

    public RolloutController(RolloutService service) {
        this.service = service;
    }

    @PostMapping("/api/v1/recommendations/{id}/rollouts")
    public ResponseEntity<RolloutView> start(@PathVariable UUID id, @Valid @RequestBody StartRollout body, Principal who) {
        body.refuseTypedRing();
        Optional<NodeId> canary = body.canary() == null || body.canary().isBlank() ? Optional.empty()
                : Optional.of(new NodeId(body.canary()));
        RolloutOptions options = new RolloutOptions(Boolean.TRUE.equals(body.canaryFirst()), canary,
                Boolean.TRUE.equals(body.aggressive()));
        ClusterScope.requireOperatorOf(who, service.clusterOfRecommendation(id));
        Rollout r = service.start(id, options, who.getName(), body.comment());
        return ResponseEntity.created(URI.create("/api/v1/rollouts/" + r.id())).body(view(r));
    }

    @GetMapping("/api/v1/rollouts/{id}")
    public RolloutView get(@PathVariable UUID id) {
        return view(service.get(id));
    }

    @PostMapping("/api/v1/rollouts/{id}/pause")
    public RolloutView pause(@PathVariable UUID id, @Valid @RequestBody Decision body, Principal who) {
        ClusterScope.requireOperatorOf(who, service.clusterOf(id));
        return view(service.pause(id, who.getName(), body.comment()));
    }

    @PostMapping("/api/v1/rollouts/{id}/resume")
    public RolloutView resume(@PathVariable UUID id, @Valid @RequestBody Decision body, Principal who) {
        ClusterScope.requireOperatorOf(who, service.clusterOf(id));
        return view(service.resume(id, who.getName(), body.comment()));
    }

    @PostMapping("/api/v1/rollouts/{id}/abort")
    public RolloutView abort(@PathVariable UUID id, @Valid @RequestBody Decision body, Principal who) {
        ClusterScope.requireOperatorOf(who, service.clusterOf(id));
        return view(service.abort(id, who.getName(), body.comment()));
    }

    /**
     * Rolls back every node the rollout changed (OPERATOR, with a comment): from PAUSED, SUCCEEDED,
     * FAILED or ABORTED; 409 from any other state, naming the allowed moves; 404 for an unknown
     * rollout; 400 without a comment. Answers at once with the rollout ROLLING_BACK; the
     * orchestrator carries it out and the rollout ends ROLLED_BACK (or FAILED, with the reason).
     */
    @PostMapping("/api/v1/rollouts/{id}/rollback")
    public RolloutView rollback(@PathVariable UUID id, @Valid @RequestBody Decision body, Principal who) {
        ClusterScope.requireOperatorOf(who, service.clusterOf(id));
        return view(service.rollback(id, who.getName(), body.comment()));
    }

    private RolloutView view(Rollout r) {
        return RolloutView.of(r, service.auditTrail(r.id()));
    }

}
