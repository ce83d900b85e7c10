package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.lifecycle.RecommendationState;
import dev.ctuner.advisor.core.lifecycle.RolloutState;
import dev.ctuner.advisor.recommendation.RecommendationService;
import dev.ctuner.advisor.rollout.RolloutService;
import dev.ctuner.advisor.store.NotFoundException;
import dev.ctuner.advisor.store.Recommendation;
import dev.ctuner.advisor.store.Rollout;
import dev.ctuner.advisor.store.TuningLoop;
import dev.ctuner.advisor.tuning.TuningLoopService;
import dev.ctuner.advisor.ui.UiAction.Target;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.protocol.ClusterId;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import dev.ctuner.advisor.security.ClusterScope;
import java.security.Principal;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * Every operator action in two steps: GET shows a confirmation page that says what will happen and
 * asks for a comment (it goes into the audit trail); POST does it through the same service as the
 * REST API and returns to the object's page. An action the current state does not allow is
 * explained instead of offered; one refused meanwhile shows the service's reason (409) on the
 * confirmation page with the comment kept. Everything under {@code /ui/act} needs OPERATOR.
 *
 * <pre>
 * GET  /ui/act/rollouts/{id}/rollback          confirmation
 * POST /ui/act/rollouts/{id}/rollback          comment=…  (CSRF token)
 * </pre>
 */
@Controller
public class ActionPages {

    static final int MAX_COMMENT = 2000;

    private final TuningLoopService loops;
    private final RecommendationService recommendations;
    private final RolloutService rollouts;

    public ActionPages(TuningLoopService loops, RecommendationService recommendations, RolloutService rollouts) {
        this.loops = loops;
        this.recommendations = recommendations;
        this.rollouts = rollouts;
    }

    /** The object an action is confirmed for: its page, a one-line description, its cost tier, and why the action is impossible now. */
    record Subject(String backUrl, String description, ApplyMode tier, Optional<String> blocked) {
    }

    @GetMapping("/ui/act/clusters/{id}/loop/{action}")
    public String confirmLoop(@PathVariable String id, @PathVariable String action, Model model) {
        return confirm(action(Target.LOOP, action), loop(new ClusterId(id), action(Target.LOOP, action)), "", null, model);
    }

    @PostMapping("/ui/act/clusters/{id}/loop/{action}")
    public String doLoop(@PathVariable String id, @PathVariable String action, @RequestParam(defaultValue = "") String comment,
                         Principal who, Model model, HttpServletResponse response, RedirectAttributes redirect) {
        UiAction a = action(Target.LOOP, action);
        ClusterId cluster = new ClusterId(id);
        ClusterScope.requireOperatorOf(who, cluster);
        return act(a, () -> loop(cluster, a), comment, model, response, redirect, c -> {
            if (a == UiAction.LOOP_PAUSE) {
                loops.pause(cluster, who.getName(), c);
            } else {
                loops.resume(cluster, who.getName(), c);
            }
        }, a == UiAction.LOOP_PAUSE ? "The tuning loop is paused." : "The tuning loop runs again.");
    }

    @GetMapping("/ui/act/recommendations/{id}/{action}")
    public String confirmRecommendation(@PathVariable UUID id, @PathVariable String action, Model model) {
        UiAction a = action(Target.RECOMMENDATION, action);
        return confirm(a, recommendation(id, a), "", null, model);
    }

    @PostMapping("/ui/act/recommendations/{id}/{action}")
    public String doRecommendation(@PathVariable UUID id, @PathVariable String action,
                                   @RequestParam(defaultValue = "") String comment, Principal who, Model model,
                                   HttpServletResponse response, RedirectAttributes redirect) {
        UiAction a = action(Target.RECOMMENDATION, action);
        ClusterScope.requireOperatorOf(who, recommendations.get(id).clusterId());
        return act(a, () -> recommendation(id, a), comment, model, response, redirect, c -> {
            if (a == UiAction.APPROVE) {
                recommendations.approve(id, who.getName(), c);
            } else {
                recommendations.reject(id, who.getName(), c);
            }
        }, a == UiAction.APPROVE ? "The recommendation is approved." : "The recommendation is rejected.");
    }

    @GetMapping("/ui/act/rollouts/{id}/{action}")
    public String confirmRollout(@PathVariable UUID id, @PathVariable String action, Model model) {
        UiAction a = action(Target.ROLLOUT, action);
        return confirm(a, rollout(id, a), "", null, model);
    }

    @PostMapping("/ui/act/rollouts/{id}/{action}")
    public String doRollout(@PathVariable UUID id, @PathVariable String action, @RequestParam(defaultValue = "") String comment,
                            Principal who, Model model, HttpServletResponse response, RedirectAttributes redirect) {
        UiAction a = action(Target.ROLLOUT, action);
        ClusterScope.requireOperatorOf(who, rollouts.clusterOf(id));
        return act(a, () -> rollout(id, a), comment, model, response, redirect, c -> {
            switch (a) {
                case ROLLOUT_PAUSE -> rollouts.pause(id, who.getName(), c);
                case ROLLOUT_RESUME -> rollouts.resume(id, who.getName(), c);
                case ABORT -> rollouts.abort(id, who.getName(), c);
                default -> rollouts.rollback(id, who.getName(), c);
            }
        }, switch (a) {
            case ROLLOUT_PAUSE -> "The rollout is paused.";
            case ROLLOUT_RESUME -> "The rollout runs again.";
            case ABORT -> "The rollout is aborted.";
            default -> "The rollback has started.";
        });
    }

    private String act(UiAction a, java.util.function.Supplier<Subject> subject, String comment, Model model,
                       HttpServletResponse response, RedirectAttributes redirect,
                       java.util.function.Consumer<String> change, String done) {
        String c = comment.strip();
        if (c.isEmpty() || c.length() > MAX_COMMENT) {
            response.setStatus(400);
            return confirm(a, subject.get(), comment, c.isEmpty()
                    ? "A comment is required: say why. It goes into the audit trail."
                    : "The comment is too long (" + c.length() + " characters, at most " + MAX_COMMENT + ").", model);
        }
        Subject s = subject.get();
        try {
            change.accept(c);
        } catch (RuntimeException e) {
            UiErrorResolver.UiError error = UiErrorResolver.classify(e);
            if (error.status().value() != 409 && error.status().value() != 422) {
                throw e;
            }
            response.setStatus(error.status().value());
            return confirm(a, subject.get(), comment, error.title() + ": " + error.message(), model);
        }
        redirect.addFlashAttribute("flash", done);
        return "redirect:" + s.backUrl();
    }

    private String confirm(UiAction a, Subject s, String comment, String error, Model model) {
        model.addAttribute("action", a);
        model.addAttribute("subject", s);
        model.addAttribute("consequence", a.consequence(s.tier()));
        model.addAttribute("comment", comment);
        model.addAttribute("error", error);
        // the confirmation posts to its own address
        HttpServletRequest request = ((ServletRequestAttributes) RequestContextHolder.currentRequestAttributes()).getRequest();
        model.addAttribute("postUrl", request.getRequestURI().substring(request.getContextPath().length()));
        return "ui/confirm";
    }

    private static String settings(Recommendation r) {
        return String.join(", ", r.settings().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }

    private static UiAction action(Target target, String path) {
        return UiAction.find(target, path).orElseThrow(() -> new NotFoundException("action", path));
    }

    private Subject loop(ClusterId cluster, UiAction a) {
        TuningLoop loop = loops.get(cluster);
        boolean allowed = (a == UiAction.LOOP_PAUSE) != loop.paused();
        return new Subject("/ui/clusters/" + cluster.value(), "the tuning loop of cluster " + cluster.value()
                + (loop.paused() ? " (PAUSED)" : " (RUNNING)"), null,
                allowed ? Optional.empty() : Optional.of("The loop is " + (loop.paused() ? "already paused." : "not paused.")));
    }

    private Subject recommendation(UUID id, UiAction a) {
        Recommendation r = recommendations.get(id);
        RecommendationState to = a == UiAction.APPROVE ? RecommendationState.APPROVED : RecommendationState.REJECTED;
        boolean allowed = RecommendationState.TABLE.isAllowed(r.state(), to);
        return new Subject("/ui/recommendations/" + id, "recommendation " + id + " for cluster " + r.clusterId().value()
                + " (" + r.state() + ", " + r.costTier() + "): " + settings(r), r.costTier(),
                allowed ? Optional.empty() : Optional.of("Not possible while the recommendation is " + r.state() + "."));
    }

    private Subject rollout(UUID id, UiAction a) {
        Rollout r = rollouts.get(id);
        Recommendation rec = recommendations.get(r.recommendationId());
        RolloutState to = switch (a) {
            case ROLLOUT_PAUSE -> RolloutState.PAUSED;
            case ROLLOUT_RESUME -> RolloutState.RUNNING;
            case ABORT -> RolloutState.ABORTED;
            default -> RolloutState.ROLLING_BACK;
        };
        boolean allowed = RolloutState.TABLE.isAllowed(r.state(), to);
        String hint = a == UiAction.ROLLBACK && r.state() == RolloutState.RUNNING ? " Pause it first." : "";
        return new Subject("/ui/rollouts/" + id, "rollout " + id + " of " + settings(rec) + " on cluster "
                + rec.clusterId().value() + " (" + r.state() + ", " + rec.costTier() + ")", rec.costTier(),
                allowed ? Optional.empty() : Optional.of("Not possible while the rollout is " + r.state() + "." + hint));
    }
}
