package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.CassandraNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The harness's acceptance scenario on a real 3-node RF=3 ring: QUORUM keeps working with a node
 * drained and stopped; the node comes back with a changed RESTART-tier setting that the node itself
 * reports; no acknowledged write is lost (every row read back at ALL).
 */
class RingSurvivesNodeRestartIT {

    private static final int FIRST = 1_000;
    private static final int MORE = 500;

    @Test
    void quorumSurvivesADrainedNodeAndTheRestartKeepsEveryAcknowledgedWrite() throws Exception {
        CassandraCluster ring = Servers.ring();
        CassandraNode third = ring.node(3);
        Knob memtable = KnobCatalog.cassandra50().lookup("memtable_heap_space").orElseThrow();
        String changed = memtable.format(KnobValue.of(96));

        try (CqlSession session = ring.session()) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS harness WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
            session.execute("CREATE TABLE IF NOT EXISTS harness.rows (id int PRIMARY KEY, payload text)");
            session.execute("TRUNCATE harness.rows");
            PreparedStatement insert = session.prepare("INSERT INTO harness.rows (id, payload) VALUES (?, ?)");
            List<Integer> acknowledged = new ArrayList<>();
            for (int id = 0; id < FIRST; id++) {
                session.execute(insert.bind(id, payload(id)).setConsistencyLevel(ConsistencyLevel.QUORUM));
                acknowledged.add(id);
            }

            third.drainAndStop();
            assertThat(third.isRunning()).isFalse();

            PreparedStatement select = session.prepare("SELECT payload FROM harness.rows WHERE id = ?");
            for (int id : acknowledged) {
                Row row = session.execute(select.bind(id).setConsistencyLevel(ConsistencyLevel.QUORUM)).one();
                assertThat(row).as("row %d at QUORUM with node 3 down", id).isNotNull();
                assertThat(row.getString("payload")).isEqualTo(payload(id));
            }
            for (int id = FIRST; id < FIRST + MORE; id++) {
                session.execute(insert.bind(id, payload(id)).setConsistencyLevel(ConsistencyLevel.QUORUM));
                acknowledged.add(id);
            }

            third.changeYaml(Map.of("memtable_heap_space", changed));
            third.start();
            third.awaitReady(Duration.ofSeconds(120));
            ring.awaitAllUp(Duration.ofSeconds(120));
            ring.awaitSessionConnected(session, Duration.ofSeconds(30));

            assertThat(CassandraCluster.setting(session, third, "memtable_heap_space")).isEqualTo(changed);
            assertThat(CassandraCluster.setting(session, ring.node(1), "memtable_heap_space")).isNotEqualTo(changed);

            for (int id : acknowledged) {
                Row row = session.execute(select.bind(id).setConsistencyLevel(ConsistencyLevel.ALL)).one();
                assertThat(row).as("acknowledged row %d at ALL", id).isNotNull();
                assertThat(row.getString("payload")).isEqualTo(payload(id));
            }
            assertThat(acknowledged).hasSize(FIRST + MORE);
        }
    }

    private static String payload(int id) {
        return "payload-" + id;
    }
}
