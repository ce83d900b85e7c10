package dev.ctuner.advisor.api;

import dev.ctuner.advisor.core.tuning.ApprovalMode;
import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.core.tuning.MaintenanceWindow;
import dev.ctuner.advisor.store.LoopDecision;
import dev.ctuner.advisor.store.TuningLoop;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.advisor.store.VerificationStore;
import dev.ctuner.advisor.tuning.PolicyInput;
import dev.ctuner.advisor.tuning.TuningLoopService;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import dev.ctuner.advisor.security.ClusterScope;
import java.security.Principal;
import java.time.DayOfWeek;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Each cluster's tuning loop: its state and last decisions with their reasons (VIEWER), its
 * approval policy, pause and resume (OPERATOR).
 *
 * <pre>
 * GET  /api/v1/clusters/prod/loop                 state, policy, last decisions, verifications, model health
 * GET  /api/v1/clusters/prod/loop/decisions?limit=50
 * PUT  /api/v1/clusters/prod/loop/policy   {"mode":"AUTO","allowedTiers":["LIVE"],"minPredictedGain":0.05,
 *                                           "maxChangesPerDay":2,"comment":"live changes may go alone"}
 * POST /api/v1/clusters/prod/loop/pause    {"comment":"traffic peak"}
 * POST /api/v1/clusters/prod/loop/resume   {"comment":"peak over"}
 * </pre>
 */
@RestController
@Validated
public class TuningLoopController {

    private final TuningLoopService service;
    private final VerificationStore verifications;

    public TuningLoopController(TuningLoopService service, VerificationStore verifications) {
        this.service = service;
        this.verifications = verifications;
    }

    /** A maintenance window: days (MONDAY...), start and end as HH:mm, an IANA time zone (default UTC). */
    public record WindowBody(@NotNull @Size(min = 1, max = 7) List<DayOfWeek> days, @NotBlank String start,
                             @NotBlank String end, String zone) {
    }

    /**
     * An approval policy. Only {@code mode} and {@code comment} are required; every limit left out
     * takes its default (LIVE only, gain ≥ 0.05, lower bound ≥ 0, inside the data region only, 1 a day, no window).
     */
    public record PolicyBody(@NotNull ApprovalMode mode, Set<ApplyMode> allowedTiers, Double minPredictedGain,
                             Double minLowerBound, Boolean insideDataRegionOnly, Integer maxChangesPerDay,
                             @Valid WindowBody maintenanceWindow, @NotBlank @Size(max = 2000) String comment) {
    }

    public record PolicyView(ApprovalMode mode, List<ApplyMode> allowedTiers, double minPredictedGain, double minLowerBound,
                             boolean insideDataRegionOnly, int maxChangesPerDay, WindowView maintenanceWindow) {

        static PolicyView of(ApprovalPolicy p) {
            return new PolicyView(p.mode(), p.allowedTiers().stream().sorted().toList(), p.minPredictedGain(), p.minLowerBound(),
                    p.insideDataRegionOnly(), p.maxChangesPerDay(), p.window().map(WindowView::of).orElse(null));
        }
    }

    public record WindowView(List<DayOfWeek> days, String start, String end, String zone) {
        static WindowView of(MaintenanceWindow w) {
            return new WindowView(w.days().stream().sorted().toList(), w.start().toString(), w.end().toString(), w.zone().getId());
        }
    }

    public record DecisionView(long id, Instant decidedAt, LoopDecision.Outcome outcome, String reason, String recommendationId,
                               String evidence) {
        static DecisionView of(LoopDecision d) {
            return new DecisionView(d.id(), d.decidedAt(), d.outcome(), d.reason(),
                    d.recommendationId().map(Object::toString).orElse(null), d.evidence().orElse(null));
        }
    }

    public record AuditView(String actor, Instant at, String action, String detail) {
    }

    /** How the loop's predictions fared: verified changes with a prediction, and those that missed by more than their uncertainty. */
    public record ModelHealthView(int verifiedPredictions, int missedPredictions) {
    }

    public record VerificationView(String recommendationId, String verdict, Double throughputRatio, Double p99Ratio,
                                   Double throughputP, Double p99P, Double predictedGain, Double realizedGain,
                                   Boolean missedPrediction, int windowsBefore, int windowsAfter, Instant verifiedAt, String detail) {

        static VerificationView of(VerificationStore.ChangeVerification v) {
            return new VerificationView(v.recommendationId().toString(), v.verdict(), boxed(v.throughputRatio()), boxed(v.p99Ratio()),
                    boxed(v.throughputP()), boxed(v.p99P()), boxed(v.predictedGain()), boxed(v.realizedGain()),
                    v.missedPrediction().orElse(null), v.windowsBefore(), v.windowsAfter(), v.verifiedAt(), v.detail());
        }

        private static Double boxed(java.util.OptionalDouble d) {
            return d.isPresent() ? d.getAsDouble() : null;
        }
    }

    public record LoopView(String clusterId, String state, boolean paused, String pausedReason, PolicyView policy,
                           Instant updatedAt, String updatedBy, List<DecisionView> lastDecisions, List<VerificationView> verifications,
                           ModelHealthView modelHealth, List<AuditView> audit) {
    }

    @GetMapping("/api/v1/clusters/{id}/loop")
    public LoopView loop(@PathVariable String id) {
        return view(service.get(new ClusterId(id)));
    }

    @GetMapping("/api/v1/clusters/{id}/loop/decisions")
    public List<DecisionView> decisions(@PathVariable String id,
                                        @RequestParam(defaultValue = "50") @Min(1) @Max(1000) int limit) {
        return service.decisions(new ClusterId(id), limit).stream().map(DecisionView::of).toList();
    }

    @PutMapping("/api/v1/clusters/{id}/loop/policy")
    public LoopView setPolicy(@PathVariable String id, @Valid @RequestBody PolicyBody body, Principal who) {
        ClusterScope.requireOperatorOf(who, new ClusterId(id));
        return view(service.setPolicy(new ClusterId(id), policy(body), who.getName(), body.comment()));
    }

    @PostMapping("/api/v1/clusters/{id}/loop/pause")
    public LoopView pause(@PathVariable String id, @Valid @RequestBody ApiRequests.Decision body, Principal who) {
        ClusterScope.requireOperatorOf(who, new ClusterId(id));
        return view(service.pause(new ClusterId(id), who.getName(), body.comment()));
    }

    @PostMapping("/api/v1/clusters/{id}/loop/resume")
    public LoopView resume(@PathVariable String id, @Valid @RequestBody ApiRequests.Decision body, Principal who) {
        ClusterScope.requireOperatorOf(who, new ClusterId(id));
        return view(service.resume(new ClusterId(id), who.getName(), body.comment()));
    }

    private LoopView view(TuningLoop loop) {
        List<DecisionView> decisions = service.decisions(loop.clusterId(), 10).stream().map(DecisionView::of).toList();
        List<AuditView> audit = service.auditTrail(loop.clusterId(), 20).stream()
                .map(a -> new AuditView(a.actor(), a.at(), a.action(), a.detail())).toList();
        List<VerificationView> verified = verifications.forCluster(loop.clusterId(), 10).stream().map(VerificationView::of).toList();
        int[] health = verifications.predictionHealth(loop.clusterId());
        return new LoopView(loop.clusterId().value(), loop.paused() ? "PAUSED" : "RUNNING", loop.paused(),
                loop.pausedReason().orElse(null), PolicyView.of(loop.policy()), loop.updatedAt(), loop.updatedBy(), decisions, verified,
                new ModelHealthView(health[0], health[1]), audit);
    }

    /** The body as a policy, or a 400 naming every limit out of range ({@link PolicyInput}, shared with the UI's form). */
    static ApprovalPolicy policy(PolicyBody b) {
        WindowBody w = b.maintenanceWindow();
        return new PolicyInput(b.mode(), b.allowedTiers(), b.minPredictedGain(), b.minLowerBound(), b.insideDataRegionOnly(),
                b.maxChangesPerDay(), w == null ? Optional.empty()
                        : Optional.of(new PolicyInput.Window(w.days() == null ? Set.of() : Set.copyOf(w.days()), w.start(), w.end(), w.zone())))
                .require();
    }
}
