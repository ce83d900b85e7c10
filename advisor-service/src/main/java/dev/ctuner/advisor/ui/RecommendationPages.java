package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.LoopDecision;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.advisor.store.VerificationStore;
import dev.ctuner.advisor.tuning.TuningLoopService;
import dev.ctuner.common.protocol.ClusterId;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Recommendations: the newest first, filtered by cluster and state; one recommendation with its
 * settings, cost tier, predicted gain and interval, evidence, audit trail, the tuning loop's
 * decisions about it, its verification (measured against predicted gain) and its rollouts. An
 * operator's APPROVED recommendation offers <em>Start the rollout…</em> ({@link RolloutStartPages}).
 *
 * <pre>
 * GET /ui/recommendations?cluster=prod&amp;state=VETTED
 * GET /ui/recommendations/{id}
 * </pre>
 */
@Controller
public class RecommendationPages {

    static final int LISTED = 200;
    private static final int DECISIONS_SEARCHED = 200;

    private final RecommendationService recommendations;
    private final RolloutService rollouts;
    private final RolloutStore rolloutStore;
    private final TuningLoopService loops;
    private final ClusterRegistry registry;
    private final VerificationStore verifications;

    public RecommendationPages(RecommendationService recommendations, RolloutService rollouts, RolloutStore rolloutStore,
                               TuningLoopService loops, ClusterRegistry registry, VerificationStore verifications) {
        this.verifications = verifications;
        this.recommendations = recommendations;
        this.rollouts = rollouts;
        this.rolloutStore = rolloutStore;
        this.loops = loops;
        this.registry = registry;
    }

    @GetMapping("/ui/recommendations")
    public String list(@RequestParam Optional<String> cluster, @RequestParam Optional<RecommendationState> state, Model model) {
        Optional<ClusterId> c = cluster.map(String::strip).filter(s -> !s.isEmpty()).map(ClusterId::new);
        List<Recommendation> found = recommendations.list(c, state, LISTED);
        model.addAttribute("recommendations", found);
        model.addAttribute("cluster", c.map(ClusterId::value).orElse(""));
        model.addAttribute("state", state.orElse(null));
        model.addAttribute("states", RecommendationState.values());
        model.addAttribute("knownClusters", registry.clusters().stream().map(ClusterId::value).toList());
        model.addAttribute("filtered", c.isPresent() || state.isPresent());
        model.addAttribute("limit", LISTED);
        return "ui/recommendations";
    }

    @GetMapping("/ui/recommendations/{id}")
    public String recommendation(@PathVariable UUID id, Model model) {
        Recommendation r = recommendations.get(id);
        model.addAttribute("r", r);
        model.addAttribute("audit", recommendations.auditTrail(id));
        model.addAttribute("canApprove", RecommendationState.TABLE.isAllowed(r.state(), RecommendationState.APPROVED));
        model.addAttribute("canReject", RecommendationState.TABLE.isAllowed(r.state(), RecommendationState.REJECTED));
        model.addAttribute("allowedMoves", RecommendationState.TABLE.allowedFrom(r.state()));
        List<Rollout> its = rolloutStore.forRecommendation(id).stream().map(rollouts::get)
                .sorted(Comparator.comparing(Rollout::createdAt).reversed()).toList();
        model.addAttribute("rollouts", its);
        model.addAttribute("decisions", decisions(r));
        model.addAttribute("verification", verifications.find(id).map(VerificationRow::of).orElse(null));
        model.addAttribute("canStart", RolloutStartPages.blocked(r).isEmpty());
        model.addAttribute("loopRollsOut", r.state() == RecommendationState.APPROVED && r.origin() == Origin.ADVISOR
                ? RolloutStartPages.LOOP_ROLLS_OUT : null);
        return "ui/recommendation";
    }

    /** The tuning loop's decisions about this recommendation (for the advisor's own proposals). */
    private List<LoopDecision> decisions(Recommendation r) {
        try {
            return loops.decisions(r.clusterId(), DECISIONS_SEARCHED).stream()
                    .filter(d -> d.recommendationId().filter(r.id()::equals).isPresent()).toList();
        } catch (NotFoundException noLoop) {
            return List.of();
        }
    }
}
