package dev.ctuner.harness.campaign;

import dev.ctuner.harness.ExperimentCassandra;
import dev.ctuner.harness.ServerRuntime;
import dev.ctuner.sidecar.bench.ExperimentRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Measurement campaigns on a real node of this machine (127.0.0.9, away from the test ring).
 *
 * <pre>
 * scripts/campaign.sh calibrate [--repetitions 5]
 * </pre>
 *
 * Every campaign appends to its CSV under docs/data/ as it goes and resumes where it stopped.
 */
public final class CampaignMain {

    private CampaignMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: campaign.sh calibrate [--repetitions N] [--seed S]");
            System.exit(2);
        }
        String command = args[0];
        int repetitions = intOption(args, "--repetitions", 5);
        long seed = intOption(args, "--seed", 1);
        Path root = Path.of(System.getProperty("project.root", ".")).toAbsolutePath().normalize();
        ServerRuntime runtime = ServerRuntime.locate(root);
        try (ExperimentCassandra node = ExperimentCassandra.prepare(runtime, root.resolve("run/experiments"), "1G", null)) {
            ExperimentRunner runner = new ExperimentRunner(node, ExperimentRunner.Setup.defaults(), "ctuner-driver-0.1.0");
            switch (command) {
                case "calibrate": {
                    ExperimentCsv csv = new ExperimentCsv(root.resolve("docs/data/calibration.csv"), List.of());
                    CampaignExecutor executor = new CampaignExecutor(node, runner, csv, "calibration", 3, c -> Map.of());
                    new Calibration(executor, csv, repetitions, seed).run(root.resolve("docs/benchmarks/calibration.md"));
                    break;
                }
                default:
                    System.err.println("unknown campaign '" + command + "'; known: calibrate");
                    System.exit(2);
            }
        } finally {
            Placement.SHARED.getClass(); // the node is stopped by close(); this JVM's pinning ends with it
        }
    }

    private static int intOption(String[] args, String name, int fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return Integer.parseInt(args[i + 1]);
            }
        }
        return fallback;
    }
}
