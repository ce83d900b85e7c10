package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.Rollout;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/**
 * One rollout: its rounds and each node's step (status, times, message), the actions its state
 * allows, its audit trail. {@code /live} renders the changing part for ui.js to fetch every few seconds.
 *
 * <pre>
 * GET /ui/rollouts/{id}        GET /ui/rollouts/{id}/live   (fragment)
 * </pre>
 */
@Controller
public class RolloutPages {

    private final RolloutService rollouts;
    private final RecommendationService recommendations;
    private final Clock clock;

    public RolloutPages(RolloutService rollouts, RecommendationService recommendations, Clock clock) {
        this.rollouts = rollouts;
        this.recommendations = recommendations;
        this.clock = clock;
    }

    /** One round of a rollout: its index (0-based), whether it is the current one, its node steps. */
    public record RoundRow(int index, boolean current, List<NodeStep> steps) {
    }

    @GetMapping("/ui/rollouts/{id}")
    public String rollout(@PathVariable UUID id, Model model) {
        fill(id, model);
        return "ui/rollout";
    }

    @GetMapping("/ui/rollouts/{id}/live")
    public String live(@PathVariable UUID id, Model model) {
        fill(id, model);
        return "ui/rollout :: live";
    }

    private void fill(UUID id, Model model) {
        Rollout r = rollouts.get(id);
        List<RoundRow> rounds = new ArrayList<>();
        for (int i = 0; i < r.totalRounds(); i++) {
            int index = i;
            rounds.add(new RoundRow(i, i == r.currentRound() && active(r.state()),
                    r.steps().stream().filter(s -> s.round() == index).toList()));
        }
        model.addAttribute("ro", r);
        model.addAttribute("rec", recommendations.get(r.recommendationId()));
        model.addAttribute("rounds", rounds);
        model.addAttribute("audit", rollouts.auditTrail(id));
        model.addAttribute("canPause", RolloutState.TABLE.isAllowed(r.state(), RolloutState.PAUSED));
        model.addAttribute("canResume", r.state() == RolloutState.PAUSED);
        model.addAttribute("canAbort", RolloutState.TABLE.isAllowed(r.state(), RolloutState.ABORTED));
        model.addAttribute("canRollback", RolloutState.TABLE.isAllowed(r.state(), RolloutState.ROLLING_BACK));
        model.addAttribute("updatedAt", clock.instant());
    }

    private static boolean active(RolloutState state) {
        return state == RolloutState.RUNNING || state == RolloutState.PAUSED || state == RolloutState.ROLLING_BACK;
    }
}
