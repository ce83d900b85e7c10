package dev.ctuner.advisor.campaign;

import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Experiment campaigns, under {@code ctuner.advisor.campaigns}: which nodes experiments may run on,
 * and how the leader drives them.
 *
 * <pre>
 * ctuner.advisor.campaigns.experiment-nodes: [lab/10.0.0.9]
 * ctuner.advisor.campaigns.node-facts.heap-mib: 8192
 * </pre>
 *
 * @param experimentNodes nodes whose sidecar runs with {@code role: experiment}, as {@code cluster/node}; experiments
 *        wipe their node, so never name a serving node here (its sidecar would refuse them anyway). Empty: no campaign
 *        can start
 * @param nodeFacts heap, cores, data directories and memory of the experiment nodes, for knobs whose range depends on
 *        the node when the design is drawn
 * @param tick how often the leader looks at the running campaigns (a result moves a campaign on at once)
 * @param commandValidity how long a RunExperiment may wait to be read by its sidecar; one that was not answered is
 *        sent anew only after this, when the sidecar would refuse the old one, so an experiment never runs twice
 * @param busyRetry how long to wait before sending again an experiment that its node refused as BUSY
 * @param resultTimeout how long an accepted experiment may take before it counts as FAULTED (the sidecar stops a run
 *        at its own limit, 30 min by default, and reports it)
 * @param maxRuns the most measurements (anchors left out) one campaign may plan
 * @param retrainWhenDone train a new model once a campaign is done, on the stored measurements and the configured files
 * @param raceBudget experiments at most of a race that vets a change (the tuning loop's, or an operator's that names none)
 */
@Validated
@ConfigurationProperties("ctuner.advisor.campaigns")
public record CampaignProperties(
        @DefaultValue({}) @NotNull List<String> experimentNodes,
        @DefaultValue @Valid @NotNull Facts nodeFacts,
        @DefaultValue("5s") @NotNull Duration tick,
        @DefaultValue("10m") @NotNull Duration commandValidity,
        @DefaultValue("30s") @NotNull Duration busyRetry,
        @DefaultValue("45m") @NotNull Duration resultTimeout,
        @DefaultValue("400") @Min(1) int maxRuns,
        @DefaultValue("true") boolean retrainWhenDone,
        @DefaultValue("30") @Min(4) int raceBudget) {

    /** The cluster of an experiment node named {@code cluster/node}. */
    public static ClusterId clusterOf(String node) {
        return new ClusterId(node.substring(0, node.indexOf('/')));
    }

    /** The node id of an experiment node named {@code cluster/node}. */
    public static NodeId nodeOf(String node) {
        return new NodeId(node.substring(node.indexOf('/') + 1));
    }

    /**
     * Heap, cores, data directories and memory of the experiment nodes.
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
