package dev.ctuner.advisor.tuning;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The tuning loop of every cluster, under {@code ctuner.advisor.tuning}.
 *
 * <pre>
 * ctuner.advisor.tuning.decision-period: 60s
 * ctuner.advisor.tuning.min-gain: 0.05
 * </pre>
 *
 * @param enabled             false: no loop runs (the API still reads and sets policies)
 * @param decisionPeriod      how often each cluster's loop decides
 * @param step                the width of one point of the cluster's workload series (the sidecars' window)
 * @param history             how far back the series reaches
 * @param minGain             a change is proposed only when its predicted gain reaches this (0.05 = +5 %)
 * @param defaultRestartTime  a node's restart time T_r before this cluster's own rollouts measured one
 * @param verifyAfter         verification compares the windows in this long after a rollout with as long before it
 * @param verifyWarmup        windows starting less than this after the rollout ended are not compared: the nodes' latency
 *                            percentiles come from Cassandra's decaying reservoirs (mean lifetime about a minute), so windows
 *                            sooner after a change still carry the minutes before it
 * @param verifyAlpha         significance level of the before/after rank test
 * @param verifyMixTolerance  windows compared must have a read ratio within this of each other
 * @param rollbackWhenWorse   roll a change back by itself when verification measures it significantly worse
 * @param verifyMinWindows    windows at a matching workload needed on each side before a verdict
 * @param minHistory          windows of the cluster's own history needed before the loop decides anything
 * @param reproposeAfter      a change the operator rejected (or that was rolled back or failed) is not proposed again sooner
 * @param historyPaybackShare besides the forecast, a change may be proposed for the mix of the windows the cluster ran if it
 *                            pays back its cost within this share of the history's length (0.25 of 6 hours: 90 minutes;
 *                            0 = on the forecast alone)
 * @param tableMinShare       the loop proposes table options (compression, compaction, ...) for the user table that carries at
 *                            least this share of the cluster's operations, and for no other; above 1: never
 */
@Validated
@ConfigurationProperties("ctuner.advisor.tuning")
public record TuningProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("60s") @NotNull Duration decisionPeriod,
        @DefaultValue("30s") @NotNull Duration step,
        @DefaultValue("6h") @NotNull Duration history,
        @DefaultValue("0.05") @DecimalMin("0.0") @DecimalMax("1.0") double minGain,
        @DefaultValue("30s") @NotNull Duration defaultRestartTime,
        @DefaultValue("5m") @NotNull Duration verifyAfter,
        @DefaultValue("2m") @NotNull Duration verifyWarmup,
        @DefaultValue("0.05") @DecimalMin("0.001") @DecimalMax("0.5") double verifyAlpha,
        @DefaultValue("0.1") @DecimalMin("0.0") @DecimalMax("1.0") double verifyMixTolerance,
        @DefaultValue("true") boolean rollbackWhenWorse,
        @DefaultValue("10") @Min(3) @Max(1000) int verifyMinWindows,
        @DefaultValue("6h") @NotNull Duration reproposeAfter,
        @DefaultValue("10") @Min(2) @Max(10000) int minHistory,
        @DefaultValue("0.25") @DecimalMin("0.0") @DecimalMax("1.0") double historyPaybackShare,
        @DefaultValue("0.5") @DecimalMin("0.0") @DecimalMax("1.01") double tableMinShare) {

    public TuningProperties {
        if (decisionPeriod.isNegative() || decisionPeriod.isZero()) {
            throw new IllegalArgumentException("ctuner.advisor.tuning.decision-period must be positive, was " + decisionPeriod);
        }
        if (step.isNegative() || step.isZero()) {
            throw new IllegalArgumentException("ctuner.advisor.tuning.step must be positive, was " + step);
        }
        if (history.compareTo(step.multipliedBy(3)) < 0) {
            throw new IllegalArgumentException("ctuner.advisor.tuning.history must cover at least 3 steps, was " + history);
        }
    }
}
