package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.lifecycle.IllegalTransitionException;
import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.safety.AvailabilityConstraints;
import dev.ctuner.advisor.core.safety.RingAssembly;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.ring.ReportedRings;
import dev.ctuner.advisor.ring.RingRefusedException;
import dev.ctuner.advisor.ring.UnknownClusterException;
import dev.ctuner.advisor.rollout.PlanRefusedException;
import dev.ctuner.advisor.rollout.RolloutOptions;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.Origin;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.common.catalog.ApplyMode;
import jakarta.servlet.http.HttpServletResponse;
import dev.ctuner.advisor.security.ClusterScope;
import java.security.Principal;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * Starting the rollout of an APPROVED recommendation on the ring the cluster's sidecars report,
 * through a confirmation that says what will happen to the nodes and shows the ring. A refusal
 * (the ring cannot be assembled, no safe plan, the state moved on) is shown as its list of reasons
 * with the options and comment kept, and changes nothing. The tuning loop's own proposals are
 * rolled out by the loop, so they are not offered here.
 *
 * <pre>
 * GET  /ui/act/recommendations/{id}/rollout     confirmation with the ring and the options
 * POST /ui/act/recommendations/{id}/rollout     canaryFirst=true&amp;aggressive=false&amp;comment=…  (CSRF token)
 * </pre>
 */
@Controller
public class RolloutStartPages {

    private final RecommendationService recommendations;
    private final RolloutService rollouts;
    private final ReportedRings rings;

    public RolloutStartPages(RecommendationService recommendations, RolloutService rollouts, ReportedRings rings) {
        this.recommendations = recommendations;
        this.rollouts = rollouts;
        this.rings = rings;
    }

    @GetMapping("/ui/act/recommendations/{id}/rollout")
    public String confirm(@PathVariable UUID id, Model model) {
        return page(recommendations.get(id), true, false, "", null, List.of(), model);
    }

    @PostMapping("/ui/act/recommendations/{id}/rollout")
    public String start(@PathVariable UUID id, @RequestParam(defaultValue = "false") boolean canaryFirst,
                        @RequestParam(defaultValue = "false") boolean aggressive, @RequestParam(defaultValue = "") String comment,
                        Principal who, Model model, HttpServletResponse response, RedirectAttributes redirect) {
        Recommendation r = recommendations.get(id);
        ClusterScope.requireOperatorOf(who, r.clusterId());
        String c = comment.strip();
        if (c.isEmpty() || c.length() > ActionPages.MAX_COMMENT) {
            response.setStatus(400);
            return page(r, canaryFirst, aggressive, comment, c.isEmpty() ? "A comment is required: say why. It goes into the audit trail."
                    : "The comment is too long (" + c.length() + " characters, at most " + ActionPages.MAX_COMMENT + ").", List.of(), model);
        }
        Optional<String> blocked = blocked(r);
        if (blocked.isPresent()) {
            response.setStatus(409);
            return page(r, canaryFirst, aggressive, comment, null, List.of(), model);
        }
        try {
            Rollout started = rollouts.start(id, new RolloutOptions(canaryFirst, Optional.empty(), aggressive), who.getName(), c);
            redirect.addFlashAttribute("flash", "The rollout has started: " + started.totalRounds() + " round(s).");
            return "redirect:/ui/rollouts/" + started.id();
        } catch (RingRefusedException e) {
            response.setStatus(422);
            return page(r, canaryFirst, aggressive, comment, "The ring cannot be taken from the sidecars' reports, so nothing was started:",
                    e.reasons(), model);
        } catch (PlanRefusedException e) {
            response.setStatus(422);
            return page(r, canaryFirst, aggressive, comment, "No safe rollout plan, so nothing was started:", e.reasons(), model);
        } catch (UnknownClusterException e) {
            response.setStatus(422);
            return page(r, canaryFirst, aggressive, comment, "Nothing was started:", List.of(e.getMessage()), model);
        } catch (IllegalTransitionException e) {
            response.setStatus(409);
            return page(recommendations.get(id), canaryFirst, aggressive, comment, "Not allowed in the current state:",
                    List.of(e.getMessage()), model);
        }
    }

    /** Why the button is not offered: not APPROVED, or a proposal of the tuning loop (which rolls it out itself). */
    static Optional<String> blocked(Recommendation r) {
        if (r.state() != RecommendationState.APPROVED) {
            return Optional.of("Only an APPROVED recommendation can be rolled out; this one is " + r.state() + ".");
        }
        if (r.origin() == Origin.ADVISOR) {
            return Optional.of(LOOP_ROLLS_OUT);
        }
        return Optional.empty();
    }

    static final String LOOP_ROLLS_OUT = "This is a proposal of the tuning loop: once approved, the loop rolls it out itself at its "
            + "next decision period (canary first, on the ring the sidecars report) while the loop runs.";

    /** What starting the rollout does to the nodes, by cost tier. */
    static String consequence(ApplyMode tier) {
        return switch (tier) {
            case RESTART -> "Each node restarts with the new settings, in rounds that keep every keyspace's consistency level; "
                    + "canary first (one node alone, compared with the others before the rest follow).";
            case LIVE -> "The settings are applied node by node without a restart, canary first (one node alone, compared with "
                    + "the others before the rest follow).";
            case SCHEMA -> "Each table's options are changed once with ALTER TABLE, by one node's sidecar, one table after another; "
                    + "no node restarts.";
            default -> "Such settings are never changed by a rollout.";
        };
    }

    private String page(Recommendation r, boolean canaryFirst, boolean aggressive, String comment, String error, List<String> reasons,
                        Model model) {
        RingAssembly ring = rings.assemble(r.clusterId());
        model.addAttribute("r", r);
        model.addAttribute("settings", String.join(", ", r.settings().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList()));
        model.addAttribute("consequence", consequence(r.costTier()));
        model.addAttribute("blocked", blocked(r).orElse(null));
        model.addAttribute("ring", RingRows.of(ring));
        model.addAttribute("offerAggressive", r.costTier() == ApplyMode.RESTART && ring instanceof RingAssembly.Assembled a
                && !AvailabilityConstraints.of(a.ring(), new HashSet<>(a.ring().nodeIds())).zeroTolerance().isEmpty());
        model.addAttribute("canaryFirst", canaryFirst);
        model.addAttribute("aggressive", aggressive);
        model.addAttribute("comment", comment);
        model.addAttribute("error", error);
        model.addAttribute("reasons", reasons);
        return "ui/confirm-rollout";
    }
}
