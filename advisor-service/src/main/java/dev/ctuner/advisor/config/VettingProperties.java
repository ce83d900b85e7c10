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
 * The node facts stand in until the sidecars' reports reach the advisor (ingest is not built
 * yet); then each cluster's own facts are used.
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

    /** Heap, cores, data directories and memory of a typical node of the cluster. */
    public record Facts(@DefaultValue("8192") @Min(64) long heapMib, @DefaultValue("8") @Min(1) int cores,
                        @DefaultValue("1") @Min(1) int dataDirectories, @DefaultValue("32768") @Min(64) long memoryMib) {

        public NodeFacts toNodeFacts() {
            return new NodeFacts(heapMib, cores, dataDirectories, memoryMib);
        }
    }
}
