package dev.ctuner.sidecar.health;

import dev.ctuner.sidecar.cassandra.CqlNode;
import dev.ctuner.sidecar.cassandra.JmxNode;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/** UP when the local node answers both CQL and JMX; DOWN with the reason otherwise. */
public class NodeHealthIndicator implements HealthIndicator {

    private final CqlNode cql;
    private final JmxNode jmx;

    public NodeHealthIndicator(CqlNode cql, JmxNode jmx) {
        this.cql = cql;
        this.jmx = jmx;
    }

    @Override
    public Health health() {
        boolean cqlUp = cql.query("SELECT release_version FROM system.local").isPresent();
        boolean jmxUp = jmx.isReachable();
        Health.Builder health = cqlUp && jmxUp ? Health.up() : Health.down();
        health.withDetail("cql", cqlUp ? "reachable" : String.valueOf(cql.lastError()))
                .withDetail("jmx", jmxUp ? "reachable" : String.valueOf(jmx.lastError()));
        return health.build();
    }
}
