package dev.ctuner.advisor.campaign;

import dev.ctuner.advisor.core.campaign.CampaignPlan;
import dev.ctuner.advisor.core.campaign.RaceSchedule;
import dev.ctuner.advisor.core.experiment.DesignPoint;
import dev.ctuner.common.protocol.message.RequestDistribution;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a campaign measures and how, as stored with it. A DESIGN campaign measures the knobs' design:
 * its configurations at the read ratios, repetitions and anchors; a RACE races the current
 * configuration of a serving cluster ({@code forCluster}, its design point {@code current}) against
 * picks ({@code pick1}, ...) on instances of the read ratios, within {@code budget} experiments.
 * Both run on the experiment nodes ({@code cluster/node}).
 */
public record CampaignSettings(Kind kind, List<String> knobs, int configurations, List<Double> readRatios, int repetitions,
                               int anchorEvery, int maxAttempts, CampaignPlan.WorkloadSize size, long seed,
                               List<String> nodes, int budget, int firstTest, String forCluster) {

    /** What a campaign is for. */
    public enum Kind { DESIGN, RACE }

    public CampaignSettings {
        knobs = List.copyOf(knobs);
        readRatios = List.copyOf(readRatios);
        nodes = List.copyOf(nodes);
        forCluster = forCluster == null ? "" : forCluster;
    }

    /** A DESIGN campaign's settings. */
    public static CampaignSettings design(List<String> knobs, int configurations, List<Double> readRatios, int repetitions,
                                          int anchorEvery, int maxAttempts, CampaignPlan.WorkloadSize size, long seed,
                                          List<String> nodes) {
        return new CampaignSettings(Kind.DESIGN, knobs, configurations, readRatios, repetitions, anchorEvery, maxAttempts, size,
                seed, nodes, 0, 0, "");
    }

    /** The plan of {@code design} under these settings (a DESIGN campaign). */
    public CampaignPlan plan(List<DesignPoint> design) {
        return CampaignPlan.of(design, readRatios, repetitions, size, seed);
    }

    /** The race of a RACE campaign: its design's first point is the current configuration, the rest the picks. */
    public RaceSchedule.Race race(List<DesignPoint> design) {
        return new RaceSchedule.Race(design.get(0).configuration(),
                design.subList(1, design.size()).stream().map(DesignPoint::configuration).toList(), readRatios, size, budget,
                firstTest, seed);
    }

    /** Planned measurements (anchors left out); a race's budget. */
    public int plannedRuns() {
        return kind == Kind.RACE ? budget : configurations * readRatios.size() * repetitions;
    }

    public Map<String, String> toMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("kind", kind.name());
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
        if (kind == Kind.RACE) {
            m.put("budget", Integer.toString(budget));
            m.put("firstTest", Integer.toString(firstTest));
            m.put("forCluster", forCluster);
        }
        return m;
    }

    public static CampaignSettings fromMap(Map<String, String> m) {
        return new CampaignSettings(Kind.valueOf(m.getOrDefault("kind", "DESIGN")), split(m.get("knobs")),
                Integer.parseInt(m.get("configurations")), split(m.get("readRatios")).stream().map(Double::valueOf).toList(),
                Integer.parseInt(m.get("repetitions")), Integer.parseInt(m.get("anchorEvery")),
                Integer.parseInt(m.get("maxAttempts")),
                new CampaignPlan.WorkloadSize(Long.parseLong(m.get("rows")), Long.parseLong(m.get("operations")),
                        Integer.parseInt(m.get("threads")),
                        RequestDistribution.valueOf(m.get("distribution").toUpperCase(Locale.ROOT))),
                Long.parseLong(m.get("seed")), split(m.get("nodes")), Integer.parseInt(m.getOrDefault("budget", "0")),
                Integer.parseInt(m.getOrDefault("firstTest", "0")), m.getOrDefault("forCluster", ""));
    }

    private static List<String> split(String text) {
        return text == null || text.isEmpty() ? List.of() : Arrays.asList(text.split(","));
    }
}
