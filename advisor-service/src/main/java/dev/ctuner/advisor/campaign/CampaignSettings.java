package dev.ctuner.advisor.campaign;

import dev.ctuner.advisor.core.campaign.CampaignPlan;
import dev.ctuner.advisor.core.experiment.DesignPoint;
import dev.ctuner.common.protocol.message.RequestDistribution;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a campaign measures and how, as stored with it: the knobs its design varies, how many
 * configurations, the read ratios, repetitions, anchors, attempts, the size of every run, the seed,
 * and the experiment nodes ({@code cluster/node}) it runs on.
 */
public record CampaignSettings(List<String> knobs, int configurations, List<Double> readRatios, int repetitions,
                               int anchorEvery, int maxAttempts, CampaignPlan.WorkloadSize size, long seed,
                               List<String> nodes) {

    public CampaignSettings {
        knobs = List.copyOf(knobs);
        readRatios = List.copyOf(readRatios);
        nodes = List.copyOf(nodes);
    }

    /** The plan of {@code design} under these settings. */
    public CampaignPlan plan(List<DesignPoint> design) {
        return CampaignPlan.of(design, readRatios, repetitions, size, seed);
    }

    /** Planned measurements (anchors left out). */
    public int plannedRuns() {
        return configurations * readRatios.size() * repetitions;
    }

    public Map<String, String> toMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("knobs", String.join(",", knobs));
        m.put("configurations", Integer.toString(configurations));
        m.put("readRatios", String.join(",", readRatios.stream().map(d -> Double.toString(d)).toList()));
        m.put("repetitions", Integer.toString(repetitions));
        m.put("anchorEvery", Integer.toString(anchorEvery));
        m.put("maxAttempts", Integer.toString(maxAttempts));
        m.put("rows", Long.toString(size.rows()));
        m.put("operations", Long.toString(size.operations()));
        m.put("threads", Integer.toString(size.threads()));
        m.put("distribution", size.distribution().name());
        m.put("seed", Long.toString(seed));
        m.put("nodes", String.join(",", nodes));
        return m;
    }

    public static CampaignSettings fromMap(Map<String, String> m) {
        return new CampaignSettings(split(m.get("knobs")), Integer.parseInt(m.get("configurations")),
                split(m.get("readRatios")).stream().map(Double::valueOf).toList(), Integer.parseInt(m.get("repetitions")),
                Integer.parseInt(m.get("anchorEvery")), Integer.parseInt(m.get("maxAttempts")),
                new CampaignPlan.WorkloadSize(Long.parseLong(m.get("rows")), Long.parseLong(m.get("operations")),
                        Integer.parseInt(m.get("threads")),
                        RequestDistribution.valueOf(m.get("distribution").toUpperCase(Locale.ROOT))),
                Long.parseLong(m.get("seed")), split(m.get("nodes")));
    }

    private static List<String> split(String text) {
        return text == null || text.isEmpty() ? List.of() : Arrays.asList(text.split(","));
    }
}
