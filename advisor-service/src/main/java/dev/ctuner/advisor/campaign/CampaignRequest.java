package dev.ctuner.advisor.campaign;

import java.util.List;

/**
 * A campaign as an operator asks for it; every field but {@code name} and {@code knobs} may be left
 * out and takes its default (checked by {@link CampaignService#create}).
 *
 * @param name            its name: lower-case letters, digits and '-', 1-60 characters, unique
 * @param knobs           the knobs its design varies (node settings and table options of the catalog)
 * @param configurations  configurations of the design, the defaults among them (default 10, at least 3)
 * @param readRatios      read ratios each configuration is measured at (default [0.1, 0.5, 0.9])
 * @param repetitions     runs of each point in a row (default 1)
 * @param anchorEvery     measurements between two anchor runs (default 8; 0: none)
 * @param maxAttempts     tries of a point whose runs are NOISY or FAULTED (default 3)
 * @param rows            rows loaded before each run (default 50,000)
 * @param operations      operations measured in each run (default 500,000)
 * @param threads         client threads (default 32)
 * @param distribution    key distribution: ZIPFIAN (default), UNIFORM or LATEST
 * @param seed            seed of the design and the workloads (default: from the clock)
 * @param nodes           experiment nodes to run on, {@code cluster/node}, among those configured (default: all)
 * @param guided          of the configurations, how many the model in use picks (default 0): the rest are
 *                        space-filling, the defaults among them
 * @param guidance        how it picks them: EXPECTED_IMPROVEMENT (default: where a measurement is expected to beat the
 *                        best of the space-filling part by most) or UNCERTAINTY (where the model is least sure)
 * @param observedWorkloads take the read ratios from what the serving clusters run now (their sidecars' latest
 *                        windows, to the nearest 0.1) instead of {@code readRatios}
 */
public record CampaignRequest(String name, List<String> knobs, Integer configurations, List<Double> readRatios,
                              Integer repetitions, Integer anchorEvery, Integer maxAttempts, Long rows, Long operations,
                              Integer threads, String distribution, Long seed, List<String> nodes, Integer guided,
                              String guidance, Boolean observedWorkloads) {

    /** A request without guided configurations, with the read ratios given. */
    public CampaignRequest(String name, List<String> knobs, Integer configurations, List<Double> readRatios,
                           Integer repetitions, Integer anchorEvery, Integer maxAttempts, Long rows, Long operations,
                           Integer threads, String distribution, Long seed, List<String> nodes) {
        this(name, knobs, configurations, readRatios, repetitions, anchorEvery, maxAttempts, rows, operations, threads,
                distribution, seed, nodes, null, null, null);
    }
}
