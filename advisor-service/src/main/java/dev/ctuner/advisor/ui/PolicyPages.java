package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.core.tuning.ApprovalPolicy;
import dev.ctuner.advisor.store.TuningLoop;
import dev.ctuner.advisor.store.TuningLoopStore;
import dev.ctuner.advisor.tuning.TuningLoopService;
import dev.ctuner.common.protocol.ClusterId;
import jakarta.servlet.http.HttpServletResponse;
import dev.ctuner.advisor.security.ClusterScope;
import java.security.Principal;
import java.time.DayOfWeek;
import java.util.Arrays;
import java.util.Map;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * Editing a cluster's approval policy in three steps: the form (filled with the current policy),
 * a confirmation that states the new policy in words, then the change through the same service as
 * {@code PUT /api/v1/clusters/{id}/loop/policy}. A form with invalid values comes back (400) with
 * every error next to its field and nothing changed.
 *
 * <pre>
 * GET  /ui/act/clusters/prod/loop/policy                       the form
 * POST /ui/act/clusters/prod/loop/policy  step=review  …       the confirmation (or the form with its errors)
 * POST /ui/act/clusters/prod/loop/policy  step=apply   …       sets the policy, back to the cluster page
 * </pre>
 */
@Controller
public class PolicyPages {

    private final TuningLoopService loops;

    public PolicyPages(TuningLoopService loops) {
        this.loops = loops;
    }

    @GetMapping("/ui/act/clusters/{id}/loop/policy")
    public String form(@PathVariable String id, Model model) {
        TuningLoop loop = loops.get(new ClusterId(id));
        return form(id, loop, PolicyForm.of(loop.policy()), Map.of(), model);
    }

    @PostMapping("/ui/act/clusters/{id}/loop/policy")
    public String submit(@PathVariable String id, @ModelAttribute PolicyForm policyForm, @RequestParam(defaultValue = "review") String step,
                         Principal who, Model model, HttpServletResponse response, RedirectAttributes redirect) {
        ClusterId cluster = new ClusterId(id);
        ClusterScope.requireOperatorOf(who, cluster);
        TuningLoop loop = loops.get(cluster);
        if (step.equals("edit")) {
            return form(id, loop, policyForm, Map.of(), model);
        }
        PolicyForm.Parsed parsed = policyForm.parse();
        if (parsed.policy().isEmpty()) {
            response.setStatus(400);
            return form(id, loop, policyForm, parsed.errors(), model);
        }
        ApprovalPolicy policy = parsed.policy().get();
        if (!step.equals("apply")) {
            model.addAttribute("clusterId", id);
            model.addAttribute("f", policyForm);
            model.addAttribute("current", PolicyWords.of(loop.policy()));
            model.addAttribute("proposed", PolicyWords.of(policy));
            model.addAttribute("unchanged", policy.equals(loop.policy()));
            return "ui/policy-confirm";
        }
        loops.setPolicy(cluster, policy, who.getName(), policyForm.comment().strip());
        redirect.addFlashAttribute("flash", "The approval policy is now " + TuningLoopStore.describe(policy) + ".");
        return "redirect:/ui/clusters/" + id;
    }

    private String form(String id, TuningLoop loop, PolicyForm f, Map<String, String> errors, Model model) {
        model.addAttribute("clusterId", id);
        model.addAttribute("f", f);
        model.addAttribute("errors", errors);
        model.addAttribute("current", PolicyWords.of(loop.policy()));
        model.addAttribute("tierChoices", PolicyForm.TIERS.stream().map(t -> new Choice(t.name(), UiFormat.tierMeaningOf(t))).toList());
        model.addAttribute("dayChoices", Arrays.stream(DayOfWeek.values()).map(Enum::name).toList());
        model.addAttribute("maxPerDay", ApprovalPolicy.MAX_CHANGES_PER_DAY);
        return "ui/policy-form";
    }

    /** A checkbox: its value and what it means. */
    record Choice(String name, String meaning) {
    }
}
