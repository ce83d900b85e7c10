package dev.ctuner.advisor.config;

import dev.ctuner.advisor.core.vetting.VettingPolicy;
import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.NodeFacts;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Thresholds of the vetting gates and the node facts submissions are validated against, under
 * {@code ctuner.advisor.vetting}.
 *
 * <pre>
 * ctuner.advisor.vetting.min-gain: 0.02
 * ctuner.advisor.vetting.max-tier: RESTART
 * ctuner.advisor.vetting.race-required-for: [SCHEMA, RESTART]
 * ctuner.advisor.vetting.node-facts.heap-mib: 8192
 * </pre>
 *
 * {@code race-required-for}: a model's recommendation of these cost tiers must first win a race on a
 * real node against the current configuration. LIVE changes are left out by default: they apply
 * without a restart, are undone as quickly, go one node at a time behind a canary, and the tuning
 * loop's verification rolls them back when they measure worse.
 *
 * The node facts are what recommendations and the tuning loop's proposals are validated against where a
 * knob's allowed range depends on the node (memtable space as a share of the heap, say). They are not yet
 * taken from the sidecars' reports, so set them to a typical node of the cluster; each sidecar validates a
 * command again against its own node before carrying it out.
 *
 * @param minGain the lower bound of a recommendation's predicted relative gain must exceed this (0.02 = +2 %)
 * @param maxUncertainty the predicted gain's interval (upper minus lower) may be at most this wide
 * @param maxTier the costliest way of applying a change that is accepted: LIVE (no restart), SCHEMA (ALTER TABLE)
 *        or RESTART; BOOTSTRAP settings are never changed
 * @param nodeFacts a typical node of the cluster, for knobs whose range depends on the node
 * @param raceRequiredFor cost tiers for which a model's recommendation must first win a race on a real node against
 *        the current configuration before it is vetted; a tier left out relies on the canary and the verification
 *        after the rollout
 */
@Validated
@ConfigurationProperties("ctuner.advisor.vetting")
public record VettingProperties(
        @DefaultValue("0.02") double minGain,
        @DefaultValue("0.2") @PositiveOrZero double maxUncertainty,
        @DefaultValue("RESTART") @NotNull ApplyMode maxTier,
        @DefaultValue @Valid @NotNull Facts nodeFacts,
        @DefaultValue({"SCHEMA", "RESTART"}) @NotNull Set<ApplyMode> raceRequiredFor) {

    public VettingPolicy policy() {
        return new VettingPolicy(minGain, maxUncertainty, maxTier, raceRequiredFor);
    }

    /**
     * Heap, cores, data directories and memory of a typical node of the cluster.
     *
     * @param heapMib the node's JVM heap in MiB
     * @param cores the node's CPU cores
     * @param dataDirectories the node's data directories (disks)
     * @param memoryMib the node's physical memory in MiB
     */
    public record Facts(@DefaultValue("8192") @Min(64) long heapMib, @DefaultValue("8") @Min(1) int cores,
                        @DefaultValue("1") @Min(1) int dataDirectories, @DefaultValue("32768") @Min(64) long memoryMib) {

        public NodeFacts toNodeFacts() {
            return new NodeFacts(heapMib, cores, dataDirectories, memoryMib);
        }
    }
}
