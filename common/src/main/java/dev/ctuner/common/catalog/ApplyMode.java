package dev.ctuner.common.catalog;

/**
 * How a change reaches a running cluster, ordered from cheapest to never. The order is the cost
 * tier the planner charges (EUNOMIA section 4.5: row cache live, most knobs a restart, a
 * compaction-strategy change a full rewrite).
 */
public enum ApplyMode {
    /** A JMX setter on the running node; lost on restart unless also written to cassandra.yaml. */
    LIVE,
    /** ALTER TABLE / ALTER KEYSPACE, online and cluster-wide; may start background rewrites. */
    SCHEMA,
    /** cassandra.yaml plus a (rolling) restart. */
    RESTART,
    /** Fixed when the node joins the ring; never changed by this system. */
    BOOTSTRAP
}
