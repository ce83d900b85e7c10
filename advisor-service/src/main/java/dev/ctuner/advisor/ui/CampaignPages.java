package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.campaign.CampaignService;
import dev.ctuner.advisor.core.campaign.RaceSchedule;
import dev.ctuner.advisor.store.Campaign;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/**
 * The advisor's experiment campaigns and races on its experiment nodes, read-only: the list with each
 * one's progress, and one campaign with its design, every experiment it sent (node, outcome,
 * throughput, machine) and, for a finished race, its outcome. Both refresh every 5 s.
 * Starting and cancelling are in the REST API ({@code /api/v1/campaigns}, {@code /api/v1/races}).
 *
 * <pre>
 * GET /ui/campaigns         GET /ui/campaigns/live   (fragment)
 * GET /ui/campaigns/lab-1   GET /ui/campaigns/lab-1/live
 * </pre>
 */
@Controller
public class CampaignPages {

    static final int LIMIT = 200;

    private final CampaignService campaigns;

    public CampaignPages(CampaignService campaigns) {
        this.campaigns = campaigns;
    }

    /** One campaign in the list: how far it is. */
    public record Row(Campaign c, CampaignService.Progress progress) {
    }

    @GetMapping("/ui/campaigns")
    public String list(Model model) {
        fillList(model);
        return "ui/campaigns";
    }

    @GetMapping("/ui/campaigns/live")
    public String listLive(Model model) {
        fillList(model);
        return "ui/campaigns :: live";
    }

    @GetMapping("/ui/campaigns/{name}")
    public String one(@PathVariable String name, Model model) {
        fillOne(name, model);
        return "ui/campaign";
    }

    @GetMapping("/ui/campaigns/{name}/live")
    public String oneLive(@PathVariable String name, Model model) {
        fillOne(name, model);
        return "ui/campaign :: live";
    }

    private void fillList(Model model) {
        var listed = campaigns.list(LIMIT);
        var progress = campaigns.progress(listed);
        model.addAttribute("rows", listed.stream().map(c -> new Row(c, progress.get(c.id()))).toList());
        model.addAttribute("limit", LIMIT);
        model.addAttribute("experimentNodes", campaigns.experimentNodes());
    }

    private void fillOne(String name, Model model) {
        Campaign c = campaigns.get(name);
        model.addAttribute("c", c);
        model.addAttribute("experiments", campaigns.experiments(c));
        model.addAttribute("settings", c.settings().toMap());
        model.addAttribute("race", campaigns.raced(c).map(RaceSchedule.Raced::summary).orElse(null));
    }
}
