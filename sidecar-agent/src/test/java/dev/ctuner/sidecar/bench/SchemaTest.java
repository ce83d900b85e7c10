package dev.ctuner.sidecar.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SchemaTest {

    private final Schema schema = new Schema("ycsb");

    @Test
    void createsTheYcsbTable() {
        assertThat(schema.createKeyspaceCql(Replication.simple(3))).isEqualTo(
                "CREATE KEYSPACE IF NOT EXISTS ycsb WITH replication = "
                        + "{'class': 'SimpleStrategy', 'replication_factor': 3}");
        assertThat(schema.createTableCql()).isEqualTo("CREATE TABLE IF NOT EXISTS ycsb.usertable (y_id text PRIMARY KEY, "
                + "field0 text, field1 text, field2 text, field3 text, field4 text, field5 text, field6 text, "
                + "field7 text, field8 text, field9 text)");
    }

    @Test
    void operationCql() {
        String all = "y_id, field0, field1, field2, field3, field4, field5, field6, field7, field8, field9";
        assertThat(schema.readCql()).isEqualTo("SELECT " + all + " FROM ycsb.usertable WHERE y_id = ?");
        assertThat(schema.updateCql(7)).isEqualTo("UPDATE ycsb.usertable SET field7 = ? WHERE y_id = ?");
        assertThat(schema.insertCql()).isEqualTo("INSERT INTO ycsb.usertable (" + all
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        assertThat(schema.scanCql()).isEqualTo("SELECT " + all
                + " FROM ycsb.usertable WHERE token(y_id) >= token(?) LIMIT ?");
        assertThat(schema.lwtCql()).isEqualTo("UPDATE ycsb.usertable SET field0 = ? WHERE y_id = ? IF EXISTS");
    }

    @Test
    void replicationAndKeyspaceValidation() {
        assertThat(Replication.networkTopology(Map.of("dc2", 2, "dc1", 3)).toCql())
                .isEqualTo("{'class': 'NetworkTopologyStrategy', 'dc1': 3, 'dc2': 2}");
        assertThatThrownBy(() -> Replication.simple(0)).hasMessageContaining("replication factor must be >= 1");
        assertThatThrownBy(() -> Replication.networkTopology(Map.of("dc'1", 1))).hasMessageContaining("data center");
        assertThatThrownBy(() -> new Schema("drop table x")).hasMessageContaining("CQL identifier");
        assertThatThrownBy(() -> new Schema("1ks")).hasMessageContaining("CQL identifier");
    }

    @Test
    void keysAndValues() {
        assertThat(RecordFormat.key(0)).isEqualTo("user0");
        assertThat(RecordFormat.key(42)).isEqualTo("user42");
        assertThat(RecordFormat.recordNumber("user42")).isEqualTo(42);
        assertThatThrownBy(() -> RecordFormat.recordNumber("user042")).hasMessageContaining("not a workload key");
        assertThatThrownBy(() -> RecordFormat.recordNumber("user")).hasMessageContaining("not a workload key");
        assertThatThrownBy(() -> RecordFormat.recordNumber("userx")).hasMessageContaining("not a workload key");
        assertThatThrownBy(() -> RecordFormat.key(-1)).hasMessageContaining(">= 0");
        String value = RecordFormat.randomValue(new SplittableRandom(1));
        assertThat(value).hasSize(100).matches("[ -~]{100}");
        assertThat(RecordFormat.randomValue(new SplittableRandom(1))).isEqualTo(value);
        assertThat(RecordFormat.loadRandom(7, 3).nextLong()).isEqualTo(RecordFormat.loadRandom(7, 3).nextLong())
                .isNotEqualTo(RecordFormat.loadRandom(7, 4).nextLong());
    }
}
