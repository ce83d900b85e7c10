package dev.ctuner.advisor.core.safety;

/** How a rollout plan was found. */
public enum PlanMethod {
    /** Exhaustive search over all safe node sets: the fewest rounds possible. */
    EXACT,
    /** Whole racks (failure domains) per round, merged where safe, as cass-operator rolls racks. */
    RACK_AT_A_TIME,
    /** First-fit of nodes into rounds over several node orders; the best one kept. */
    GREEDY,
    /** A SCHEMA change: one ALTER TABLE per table, each carried out once by one node's sidecar; nothing restarts. */
    ONCE,
    /** A LIVE change: node by node, the canary first; nothing restarts, so no availability rounds are needed. */
    NODE_BY_NODE
}
