package dev.ctuner.advisor.ui;

import dev.ctuner.advisor.campaign.CampaignService;
import dev.ctuner.advisor.core.campaign.RaceSchedule;
import dev.ctuner.advisor.core.campaign.RunAttempt;
import dev.ctuner.advisor.store.Campaign;
import dev.ctuner.advisor.store.CampaignRun;
import dev.ctuner.advisor.store.CampaignStore;
import dev.ctuner.advisor.store.ExperimentSampleStore;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
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
    private final CampaignStore store;
    private final ExperimentSampleStore samples;

    public CampaignPages(CampaignService campaigns, CampaignStore store, ExperimentSampleStore samples) {
        this.campaigns = campaigns;
        this.store = store;
        this.samples = samples;
    }

    /** One campaign in the list: how far it is. */
    public record Row(Campaign c, int planned, long ok, long anchors, int sent) {
    }

    /** One experiment of a campaign, with what it measured when it was stored. */
    public record Experiment(CampaignRun run, Double throughput, String machine) {
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
        List<Row> rows = campaigns.list(LIMIT).stream().map(c -> {
            List<CampaignRun> runs = store.runs(c.id());
            return new Row(c, c.settings().plannedRuns(),
                    runs.stream().filter(r -> !r.attemptRecord().anchor() && r.outcome() == RunAttempt.Outcome.OK).count(),
                    runs.stream().filter(r -> r.attemptRecord().anchor()).count(), runs.size());
        }).toList();
        model.addAttribute("rows", rows);
        model.addAttribute("limit", LIMIT);
        model.addAttribute("experimentNodes", campaigns.experimentNodes());
    }

    private void fillOne(String name, Model model) {
        Campaign c = campaigns.get(name);
        Map<String, ExperimentSampleStore.StoredExperiment> measured = samples.ofCampaign(c.name()).stream()
                .collect(Collectors.toMap(ExperimentSampleStore.StoredExperiment::experimentId, Function.identity(), (a, b) -> a));
        List<Experiment> experiments = store.runs(c.id()).stream().map(r -> {
            ExperimentSampleStore.StoredExperiment s = measured.get(r.experimentId());
            return new Experiment(r, s == null ? null : s.throughput(), s == null ? null : s.machine());
        }).toList();
        model.addAttribute("c", c);
        model.addAttribute("experiments", experiments);
        model.addAttribute("settings", c.settings().toMap());
        model.addAttribute("race", campaigns.raced(c).map(RaceSchedule.Raced::summary).orElse(null));
    }
}
