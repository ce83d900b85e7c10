package dev.ctuner.common.catalog;

/** Where a setting lives. */
public enum Scope {
    /** cassandra.yaml and JMX of one node. */
    NODE,
    /** A CQL table option (ALTER TABLE); cluster-wide. */
    TABLE,
    /** A CQL keyspace option (ALTER KEYSPACE); cluster-wide. */
    KEYSPACE
}
