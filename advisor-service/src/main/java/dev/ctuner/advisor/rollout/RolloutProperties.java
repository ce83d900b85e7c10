package dev.ctuner.advisor.rollout;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How rollouts are carried out, under {@code ctuner.advisor.rollout}.
 *
 * <pre>
 * ctuner.advisor.rollout.canary-window: 60s
 * ctuner.advisor.rollout.signing-key-file: /etc/ctuner/advisor-signing-key.pem
 * </pre>
 *
 * @param tick how often RUNNING rollouts are looked at (they are also woken by each new result)
 * @param signingKeyFile the advisor's Ed25519 private key (PKCS#8 PEM); generated at first start if missing
 * @param publicKeyFile where the matching public key is written for the sidecars
 * @param healthTimeout how long a node may take to be healthy after a change before its sidecar rolls back
 * @param commandExpiry a command not carried out within this time is refused by the sidecar
 * @param resendAfter a command with no answer at all after this long is sent again, unchanged (same id)
 * @param commandTimeout no final answer within this time fails the node's step
 * @param maxStatusAge a heartbeat older than this counts as no heartbeat
 * @param gateTimeout how long pre-checks and verification may keep failing before the rollout halts
 * @param maxPendingCompactions pre-check bound on any node's pending compactions
 * @param maxPendingHints pre-check bound on hint files waiting on any node
 * @param maxHintWindow the cluster's max_hint_window when the sidecars do not report it
 * @param hintWindowFactor T_r must be at most max_hint_window divided by this (EUNOMIA: T_r much below the window)
 * @param canaryWindow how long the canary runs with the change before it is compared with the others
 * @param canaryMaxLatencyRatio the canary fails if its p99 latency exceeds the others' median by this factor
 * @param canaryWarmup sampling windows starting less than this after the canary's change are not compared
 *        (a restarted JVM runs its first seconds interpreted)
 * @param canaryMinOperations a node's p99 of reads (or writes) is compared only if it served at least this many
 *        in the compared windows; with less traffic on every node there is nothing to compare and the canary passes
 *        on its health alone, saying so
 * @param canaryLooks how many looks in a row, each on sampling windows the earlier ones did not see, must find the
 *        canary worse before it fails: one bad window right after a restart (a GC pause, cold caches, code not yet
 *        compiled) is not a bad configuration; 1 fails it at the first bad look
 * @param rollbackPolicy when a failed node makes the rollout roll back the nodes already changed, one at a time
 *        ({@link RollbackPolicy}; an operator may always request a rollback of a stopped rollout)
 */
@Validated
@ConfigurationProperties("ctuner.advisor.rollout")
public record RolloutProperties(
        @DefaultValue("1s") @NotNull Duration tick,
        @DefaultValue("./data/advisor-signing-key.pem") @NotNull Path signingKeyFile,
        @DefaultValue("./data/advisor-public-key.pem") @NotNull Path publicKeyFile,
        @DefaultValue("180s") @NotNull Duration healthTimeout,
        @DefaultValue("15m") @NotNull Duration commandExpiry,
        @DefaultValue("60s") @NotNull Duration resendAfter,
        @DefaultValue("10m") @NotNull Duration commandTimeout,
        @DefaultValue("30s") @NotNull Duration maxStatusAge,
        @DefaultValue("120s") @NotNull Duration gateTimeout,
        @DefaultValue("100") @Min(0) long maxPendingCompactions,
        @DefaultValue("1000") @Min(0) long maxPendingHints,
        @DefaultValue("3h") @NotNull Duration maxHintWindow,
        @DefaultValue("10") @Min(1) int hintWindowFactor,
        @DefaultValue("30s") @NotNull Duration canaryWindow,
        @DefaultValue("3.0") double canaryMaxLatencyRatio,
        @DefaultValue("10s") @NotNull Duration canaryWarmup,
        @DefaultValue("100") @Min(0) long canaryMinOperations,
        @DefaultValue("2") @Min(1) int canaryLooks,
        @DefaultValue("ANY_FAILURE") @NotNull RollbackPolicy rollbackPolicy) {

    /** What the canary's comparison window is judged by. */
    public CanaryComparison.Criteria canaryCriteria() {
        return new CanaryComparison.Criteria(canaryMaxLatencyRatio, canaryWarmup, canaryMinOperations);
    }
}
