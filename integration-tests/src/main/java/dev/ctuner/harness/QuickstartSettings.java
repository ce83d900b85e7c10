package dev.ctuner.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The settings the quickstart gives the advisor and the sidecars, on top of their defaults: short
 * windows and decision periods so the story unfolds in minutes, not hours. Written next to the
 * advisor's data so an operator sees exactly what differs from a production install.
 */
final class QuickstartSettings {

    private QuickstartSettings() {
    }

    static Map<String, String> advisor(KafkaBroker broker, Path root, boolean demo) {
        Map<String, String> s = new LinkedHashMap<>(AdvisorRollouts.settings(broker, Quickstart.TOPIC_PREFIX));
        s.put("ctuner.advisor.kafka.group-id", "ctuner-advisor");
        s.put("ctuner.advisor.learning.datasets[0]", root.resolve("docs/data/dataset-v2.csv").toString());
        s.put("ctuner.advisor.learning.search.population", "30");
        s.put("ctuner.advisor.learning.search.generations", "30");
        s.put("ctuner.advisor.tuning.decision-period", "10s");
        s.put("ctuner.advisor.tuning.step", "10s");              // the sidecars' window below
        s.put("ctuner.advisor.tuning.history", "30m");
        s.put("ctuner.advisor.tuning.min-history", "6");
        s.put("ctuner.advisor.tuning.verify-after", "90s");
        s.put("ctuner.advisor.tuning.verify-warmup", "60s");     // the nodes' p99 reservoirs forget over about a minute
        s.put("ctuner.advisor.tuning.verify-min-windows", "5");
        s.put("ctuner.advisor.rollout.canary-window", "20s");
        s.put("ctuner.advisor.rollout.canary-max-latency-ratio", "10");   // a laptop's latencies are noisy
        if (demo) {
            // The model trained on the committed lab data predicts with intervals of about ±20 % on this workload;
            // production vetting (lower bound above +2 %, at most 20 points wide) rightly holds such proposals.
            s.put("ctuner.advisor.vetting.min-gain", "-0.5");
            s.put("ctuner.advisor.vetting.max-uncertainty", "1");
        }
        return s;
    }

    static Map<String, String> sidecar(String cluster) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("ctuner.sidecar.cluster-id", cluster);
        s.put("ctuner.sidecar.sampling.window", "10s");
        s.put("ctuner.sidecar.sampling.key-reuse-sample-duration", "5s");
        s.put("ctuner.sidecar.sampling.status-interval", "5s");
        return s;
    }

    static void write(Path file, Map<String, String> settings) throws IOException {
        Files.createDirectories(file.getParent());
        StringBuilder text = new StringBuilder("# What the quickstart sets on the advisor's command line (defaults: application.yml)\n");
        settings.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        Files.writeString(file, text);
    }
}
