package dev.ctuner.advisor.campaign;

import java.util.List;
import java.util.Map;

/**
 * A vetting race as an operator asks for it: the configuration a serving cluster runs against one or
 * more picks, measured on the experiment nodes; every field but {@code clusterId}, {@code current}
 * and {@code picks} may be left out.
 *
 * @param name        its name (default: from the cluster and the time)
 * @param clusterId   the serving cluster whose configuration is raced
 * @param current     the cluster's configuration of the raced knobs, cassandra.yaml spelling
 * @param picks       configurations to race against it (1 to 5), each the current one with changes
 * @param readRatios  the workloads (default: the read ratio the cluster runs now, else 0.5)
 * @param budget      experiments at most (default 30)
 * @param firstTest   instances before the first elimination test (default 5, at least 2)
 */
public record RaceRequest(String name, String clusterId, Map<String, String> current, List<Map<String, String>> picks,
                          List<Double> readRatios, Integer budget, Integer firstTest, Long rows, Long operations,
                          Integer threads, Long seed) {
}
