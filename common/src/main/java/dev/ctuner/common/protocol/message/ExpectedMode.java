package dev.ctuner.common.protocol.message;

/** How the advisor expects a configuration change to take effect. */
public enum ExpectedMode {
    /** Applied to the running node (nodetool/JMX), no restart. */
    LIVE,
    /** Written to cassandra.yaml and applied by a rolling restart of this node. */
    RESTART
}
