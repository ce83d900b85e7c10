package dev.ctuner.advisor.core.planning;

import dev.ctuner.common.catalog.ApplyMode;
import java.util.Set;

/**
 * What a reconfiguration costs, per cost tier of the knobs it changes (EUNOMIA §4.5 tiers; Eq. 8).
 * Losses are expressed as "seconds of the whole cluster's throughput": multiply by H_sys of the
 * new configuration at the switch step to get operations lost.
 * <ul>
 * <li>RESTART: {@code rounds} rounds, each with {@code nodesDownPerRound} of {@code nodes} offline for
 * T_r seconds, so rounds·(R/N_s)·T_r; with rounds = N_s/R this is EUNOMIA Eq. 8's H·T_r.</li>
 * <li>SCHEMA (compaction-strategy change): a background rewrite that takes a fraction of throughput
 * for a duration: fraction·duration.</li>
 * <li>LIVE: {@code liveSeconds}, normally 0.</li>
 * </ul>
 * Spacing (EUNOMIA §4.5: "at least T_r·N_s/R time must elapse between two reconfigurations"):
 * rounds·T_r for a restart, the rewrite duration for a schema change, 0 for live.
 *
 * <pre>{@code
 * CostModel c = CostModel.rolling(14.8, 4, 2, 2);    // T_r 14.8 s, 4 nodes, 2 down per round, 2 rounds
 * c.outageSeconds(Set.of(ApplyMode.RESTART));       // 2 · (2/4) · 14.8 = 14.8
 * c.loss(Set.of(ApplyMode.RESTART), 40_000);        // 592,000 operations
 * }</pre>
 *
 * @param restartSeconds        T_r, measured seconds one node is out during a restart cycle
 * @param nodes                 N_s
 * @param nodesDownPerRound     R, from the safety planner
 * @param rounds                rounds from the safety planner (≥ ⌈N_s / R⌉)
 * @param rewriteFraction       share of throughput a compaction-strategy rewrite takes while it runs
 * @param rewriteSeconds        how long that rewrite runs
 * @param liveSeconds           throughput-seconds lost by a live change (normally 0)
 */
public record CostModel(double restartSeconds, int nodes, int nodesDownPerRound, int rounds, double rewriteFraction,
                        double rewriteSeconds, double liveSeconds) {

    /** T_r measured here: mean seconds per node restart cycle (drain, stop, start, rejoin). */
    public static final double MEASURED_RESTART_SECONDS = 14.8;

    public CostModel {
        if (!(restartSeconds >= 0) || !(rewriteSeconds >= 0) || !(liveSeconds >= 0)) {
            throw new IllegalArgumentException("durations must be non-negative");
        }
        if (nodes < 1 || nodesDownPerRound < 1 || nodesDownPerRound > nodes || rounds < 1) {
            throw new IllegalArgumentException("need 1 ≤ nodesDownPerRound ≤ nodes and rounds ≥ 1, got nodes=" + nodes
                    + ", down=" + nodesDownPerRound + ", rounds=" + rounds);
        }
        if (!(rewriteFraction >= 0 && rewriteFraction <= 1)) {
            throw new IllegalArgumentException("rewriteFraction must lie in [0, 1], got " + rewriteFraction);
        }
    }

    /** A rolling restart without schema costs (rewrite 0). */
    public static CostModel rolling(double restartSeconds, int nodes, int nodesDownPerRound, int rounds) {
        return new CostModel(restartSeconds, nodes, nodesDownPerRound, rounds, 0, 0, 0);
    }

    /** Every node restarted at once (EUNOMIA's Naïve baseline and EUNOMIA-AGGRESSIVE): one round, all down. */
    public CostModel allAtOnce() {
        return new CostModel(restartSeconds, nodes, nodes, 1, rewriteFraction, rewriteSeconds, liveSeconds);
    }

    /** Throughput-seconds lost by a change of these tiers (summed: a change may need a restart and a rewrite). */
    public double outageSeconds(Set<ApplyMode> tiers) {
        double s = 0;
        for (ApplyMode tier : tiers) {
            s += switch (tier) {
                case LIVE -> liveSeconds;
                case SCHEMA -> rewriteFraction * rewriteSeconds;
                // EUNOMIA Eq. 8: rounds · (R/N_s) · T_r of the cluster's throughput
                case RESTART -> rounds * ((double) nodesDownPerRound / nodes) * restartSeconds;
                case BOOTSTRAP -> throw new IllegalArgumentException("BOOTSTRAP knobs are never changed by the planner");
            };
        }
        return s;
    }

    /** EUNOMIA Eq. 8 for one reconfiguration: H_sys(W(t_k), C_k) · outage seconds. */
    public double loss(Set<ApplyMode> tiers, double opsPerSecondAfter) {
        return opsPerSecondAfter * outageSeconds(tiers);
    }

    /** Seconds before the next reconfiguration may start. */
    public double spacingSeconds(Set<ApplyMode> tiers) {
        double s = 0;
        if (tiers.contains(ApplyMode.RESTART)) {
            s = Math.max(s, rounds * restartSeconds);
        }
        if (tiers.contains(ApplyMode.SCHEMA)) {
            s = Math.max(s, rewriteSeconds);
        }
        return s;
    }
}
