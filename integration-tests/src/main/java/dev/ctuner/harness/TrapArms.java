package dev.ctuner.harness;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.ctuner.sidecar.act.TableAlterer;
import dev.ctuner.sidecar.bench.RecordFormat;
import dev.ctuner.sidecar.bench.TableOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The two configurations a phase of the loop-recovery benchmark alternates between, and how the ring
 * is switched between them: the read stage through JMX (live), {@code cassandra.yaml} values by a
 * rolling restart, or the workload table's options by ALTER TABLE and a rewrite of every node's
 * SSTables. A yaml or table switch is followed by the settle's load, which does not count.
 */
interface TrapArms {

    /** Puts the ring in arm {@code a} (true) or {@code b}; does nothing when it is there already. */
    void apply(boolean a) throws Exception;

    String label(boolean a);

    /** Read-stage sizes set live through JMX, 5 s to settle after each. */
    static TrapArms readThreads(CassandraCluster ring, int a, int b) {
        return new TrapArms() {
            @Override
            public void apply(boolean isA) throws Exception {
                Jmx.setReadThreads(ring, isA ? a : b);
                Thread.sleep(5_000);
            }

            @Override
            public String label(boolean isA) {
                return (isA ? a : b) + " read threads";
            }
        };
    }

    /** Yaml values switched by a rolling restart; the ring's current arm is read from node 1's yaml. */
    static TrapArms yaml(CassandraCluster ring, CqlSession session, LoopRecoveryOptions options, Map<String, Object> a,
                         Map<String, Object> b, String aName, AtomicLong errors, List<String> notes) {
        return new TrapArms() {
            @Override
            public void apply(boolean isA) throws Exception {
                Map<String, Object> want = isA ? a : b;
                if (RollingYaml.current(ring.node(1), want.keySet()).equals(want)) {
                    return;
                }
                notes.add(restartAndSettle(ring, session, options, want, label(isA), errors));
            }

            @Override
            public String label(boolean isA) {
                return isA ? aName + " " + a : "mis-tuned " + b;
            }
        };
    }

    /** Options of the workload's table switched by ALTER TABLE and a rewrite of every node's SSTables; the current arm read from the schema. */
    static TrapArms table(CassandraCluster ring, CqlSession session, LoopRecoveryOptions options, String keyspace,
                          Map<String, String> a, Map<String, String> b, String aName, AtomicLong errors, List<String> notes) {
        return new TrapArms() {
            @Override
            public void apply(boolean isA) throws Exception {
                Map<String, String> want = isA ? a : b;
                if (tableOptions(session, keyspace, want.keySet()).equals(want)) {
                    return;
                }
                Duration took = alterAndRewrite(ring, session, keyspace, want);
                double settled = options.settle() == 0 ? Double.NaN : LoopRecoveryBenchmark.round(session, options, options.settle(), errors);
                notes.add(String.format(Locale.ROOT, "ALTER TABLE and rewrite of every node's SSTables to %s took %.0f s; %d s settle at "
                        + "%.0f ops/s (not counted)", label(isA), took.toMillis() / 1000.0, options.settle(), settled));
            }

            @Override
            public String label(boolean isA) {
                return isA ? aName + " " + a : "mis-tuned " + b;
            }
        };
    }

    /** A rolling restart to {@code values}, then the settle's load that does not count; says what it did. */
    static String restartAndSettle(CassandraCluster ring, CqlSession session, LoopRecoveryOptions options, Map<String, Object> values,
                                   String label, AtomicLong errors) throws Exception {
        Duration took = RollingYaml.restartWith(ring, session, values);
        double settled = options.settle() == 0 ? Double.NaN : LoopRecoveryBenchmark.round(session, options, options.settle(), errors);
        return String.format(Locale.ROOT, "rolling restart to %s took %.0f s; %d s settle at %.0f ops/s (not counted)",
                label, took.toMillis() / 1000.0, options.settle(), settled);
    }

    /** The workload table's options of {@code keys} as the schema reports them (catalog spelling; null where the schema has none). */
    static Map<String, String> tableOptions(CqlSession session, String keyspace, Iterable<String> keys) {
        Row row = session.execute("SELECT compaction, compression, caching, bloom_filter_fp_chance FROM system_schema.tables "
                + "WHERE keyspace_name = ? AND table_name = ?", keyspace, RecordFormat.TABLE).one();
        TableOptions options = TableOptions.fromSchema(row.getMap("compaction", String.class, String.class),
                row.getMap("compression", String.class, String.class), row.getMap("caching", String.class, String.class),
                row.getDouble("bloom_filter_fp_chance"));
        Map<String, String> values = new LinkedHashMap<>();
        keys.forEach(k -> values.put(k, options.values().get(k)));
        return values;
    }

    /** ALTER TABLE to {@code values} (null values left out), schema agreement, then each node's SSTables rewritten in turn. */
    static Duration alterAndRewrite(CassandraCluster ring, CqlSession session, String keyspace, Map<String, String> values)
            throws Exception {
        Instant start = Instant.now();
        Map<String, String> set = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (v != null) {
                set.put(k, v);
            }
        });
        session.execute(TableAlterer.statement(keyspace, RecordFormat.TABLE, TableOptions.of(set)));
        Instant deadline = Instant.now().plusSeconds(60);
        while (!session.checkSchemaAgreement()) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("no schema agreement within 60 s of ALTER TABLE");
            }
            Thread.sleep(500);
        }
        for (CassandraNode node : ring.nodes()) {
            try (Jmx jmx = node.jmx()) {
                jmx.recompress(keyspace, RecordFormat.TABLE);
            }
        }
        return Duration.between(start, Instant.now());
    }
}
