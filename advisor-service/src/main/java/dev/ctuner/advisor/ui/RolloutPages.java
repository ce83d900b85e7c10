package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.ingest.ClusterRegistry;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.NodeStep;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.RolloutStore;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Rollouts: every rollout, newest first, filtered by cluster and state; one rollout with its rounds
 * and each node's step (status, times, message), the actions its state allows, its audit trail.
 * {@code /live} renders the changing part for ui.js to fetch every few seconds.
 *
 * <pre>
 * GET /ui/rollouts?cluster=prod&amp;state=RUNNING   GET /ui/rollouts/live?cluster=prod   (the table, a fragment)
 * GET /ui/rollouts/{id}        GET /ui/rollouts/{id}/live   (fragment)
 * </pre>
 */
@Controller
public class RolloutPages {

    static final int LISTED = 200;

    private final RolloutService rollouts;
    private final RolloutStore store;
    private final RecommendationService recommendations;
    private final ClusterRegistry registry;
    private final Clock clock;

    public RolloutPages(RolloutService rollouts, RolloutStore store, RecommendationService recommendations, ClusterRegistry registry,
                        Clock clock) {
        this.rollouts = rollouts;
        this.store = store;
        this.recommendations = recommendations;
        this.registry = registry;
        this.clock = clock;
    }

    /** One row of the rollouts list: the rollout, its cluster and tier, and the settings it changes. */
    public record ListRow(Rollout ro, String cluster, ApplyMode costTier, Map<String, String> settings) {
    }

    @GetMapping("/ui/rollouts")
    public String list(@RequestParam Optional<String> cluster, @RequestParam Optional<RolloutState> state, Model model) {
        fillList(cluster, state, model);
        return "ui/rollouts";
    }

    @GetMapping("/ui/rollouts/live")
    public String listLive(@RequestParam Optional<String> cluster, @RequestParam Optional<RolloutState> state, Model model) {
        fillList(cluster, state, model);
        return "ui/rollouts :: live";
    }

    private void fillList(Optional<String> cluster, Optional<RolloutState> state, Model model) {
        Optional<ClusterId> c = cluster.map(String::strip).filter(s -> !s.isEmpty()).map(ClusterId::new);
        Map<UUID, Map<String, String>> settings = new HashMap<>();
        List<ListRow> rows = store.list(c, state, LISTED).stream()
                .map(l -> new ListRow(l.rollout(), l.cluster().value(), l.costTier(), settings.computeIfAbsent(
                        l.rollout().recommendationId(), id -> recommendations.get(id).settings())))
                .toList();
        model.addAttribute("rows", rows);
        model.addAttribute("cluster", c.map(ClusterId::value).orElse(""));
        model.addAttribute("state", state.orElse(null));
        model.addAttribute("states", RolloutState.values());
        model.addAttribute("knownClusters", registry.clusters().stream().map(ClusterId::value).toList());
        model.addAttribute("filtered", c.isPresent() || state.isPresent());
        model.addAttribute("limit", LISTED);
        model.addAttribute("updatedAt", clock.instant());
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
