package dev.ctuner.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.Scope;
import dev.ctuner.common.catalog.SettingsReadback;
import dev.ctuner.harness.CassandraCluster;
import dev.ctuner.harness.CassandraNode;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The catalog cannot drift from reality: every NODE knob exists in a real 5.0.9 node's
 * system_views.settings with the catalog's default for the harness's default yaml, and every TABLE
 * knob's default is what a fresh table gets.
 */
class CatalogMatchesRealNodeIT {

    private final KnobCatalog catalog = KnobCatalog.cassandra50();

    @Test
    void everyNodeKnobExistsWithTheCatalogDefault() throws Exception {
        CassandraCluster ring = Servers.ring();
        CassandraNode first = ring.node(1);
        try (CqlSession session = ring.session()) {
            Map<String, String> reported = new HashMap<>();
            for (Row row : session.execute(SimpleStatement.newInstance("SELECT name, value FROM system_views.settings")
                    .setNode(CassandraCluster.driverNode(session, first)))) {
                reported.put(row.getString("name"), row.getString("value"));
            }
            assertThat(reported).hasSizeGreaterThan(500);
            // The harness starts nodes with -Xmx512m; Cassandra sizes its defaults from the heap it sees.
            NodeFacts facts = new NodeFacts(512, Runtime.getRuntime().availableProcessors(), 1, 24_000);
            Configuration expected = catalog.effective(Configuration.EMPTY, facts);
            assertThat(new SettingsReadback(catalog).compare(expected, reported)).isEmpty();
            assertThat(catalog.knobs(Scope.NODE)).allSatisfy(k -> assertThat(reported).containsKey(k.name().value()));
        }
    }

    @Test
    void everyTableKnobDefaultIsWhatAFreshTableGets() throws Exception {
        try (CqlSession session = Servers.ring().session()) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS catalog_check WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            session.execute("CREATE TABLE IF NOT EXISTS catalog_check.fresh (k text PRIMARY KEY, v text)");
            Row row = session.execute("SELECT compaction, compression, caching, bloom_filter_fp_chance FROM system_schema.tables "
                    + "WHERE keyspace_name = 'catalog_check' AND table_name = 'fresh'").one();
            assertThat(row).isNotNull();
            Map<String, String> options = new HashMap<>();
            row.getMap("compaction", String.class, String.class).forEach((k, v) -> options.put("compaction." + k, v));
            row.getMap("compression", String.class, String.class).forEach((k, v) -> options.put("compression." + k, v));
            row.getMap("caching", String.class, String.class).forEach((k, v) -> options.put("caching." + k, v));
            options.put("bloom_filter_fp_chance", Double.toString(row.getDouble("bloom_filter_fp_chance")));
            NodeFacts facts = new NodeFacts(512, 2, 1, 24_000);
            for (Knob knob : catalog.knobs(Scope.TABLE)) {
                String name = knob.name().value();
                assertThat(options).as("table option %s", name).containsKey(name);
                KnobValue reported = knob.parse(options.get(name));
                KnobValue expected = catalog.defaultOf(knob.name(), facts).orElseThrow();
                assertThat(knob.sameValue(reported, expected)).as("%s: node %s, catalog %s", name, reported, expected).isTrue();
            }
        }
    }

}
