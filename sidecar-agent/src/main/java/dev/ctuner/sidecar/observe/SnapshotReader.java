package dev.ctuner.sidecar.observe;

import com.datastax.oss.driver.api.core.cql.Row;
import dev.ctuner.common.protocol.message.LatencyPercentiles;
import dev.ctuner.common.protocol.message.SstablesPerRead;
import dev.ctuner.common.protocol.message.ThreadPoolStats;
import dev.ctuner.sidecar.cassandra.CqlNode;
import dev.ctuner.sidecar.cassandra.JmxNode;
import dev.ctuner.sidecar.observe.NodeSnapshot.CacheCounters;
import dev.ctuner.sidecar.observe.NodeSnapshot.TableCounters;
import dev.ctuner.sidecar.observe.NodeSnapshot.TableRef;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * Reads one {@link NodeSnapshot} from the local node: CQL virtual tables first (per-table
 * coordinator counts, thread pools, caches), JMX where CQL has no answer (LWT and batch counts,
 * latency percentiles, compactions, dropped messages, GC, heap). Whatever cannot be read stays null.
 */
public class SnapshotReader {

    /** Keyspaces whose traffic is Cassandra's or the drivers' own, not the workload's. */
    public static final Set<String> SYSTEM_KEYSPACES = Set.of("system", "system_schema", "system_auth",
            "system_distributed", "system_traces", "system_views", "system_virtual_schema");

    private static final ObjectName RUNTIME = JmxNode.name("java.lang:type=Runtime");
    private static final ObjectName MEMORY = JmxNode.name("java.lang:type=Memory");
    private static final ObjectName GC = JmxNode.name("java.lang:type=GarbageCollector,*");
    private static final ObjectName CAS_READ = metric("type=ClientRequest,scope=CASRead,name=Latency");
    private static final ObjectName CAS_WRITE = metric("type=ClientRequest,scope=CASWrite,name=Latency");
    private static final ObjectName COORDINATOR_READ = metric("type=ClientRequest,scope=Read,name=Latency");
    private static final ObjectName COORDINATOR_WRITE = metric("type=ClientRequest,scope=Write,name=Latency");
    private static final ObjectName LOCAL_READ = metric("type=Table,name=ReadLatency");
    private static final ObjectName LOCAL_WRITE = metric("type=Table,name=WriteLatency");
    private static final ObjectName SSTABLES_PER_READ = metric("type=Table,name=SSTablesPerReadHistogram");
    private static final ObjectName PENDING_COMPACTIONS = metric("type=Compaction,name=PendingTasks");
    private static final ObjectName DROPPED = metric("type=DroppedMessage,name=Dropped,*");
    private static final ObjectName TABLE_CAS_COMMITS = metric("type=Table,name=CasCommitLatency,*");
    private static final List<ObjectName> BATCHES = List.of(metric("type=Batch,name=PartitionsPerLoggedBatch"),
            metric("type=Batch,name=PartitionsPerUnloggedBatch"), metric("type=Batch,name=PartitionsPerCounterBatch"));

    private final CqlNode cql;
    private final JmxNode jmx;
    private final Clock clock;

    public SnapshotReader(CqlNode cql, JmxNode jmx, Clock clock) {
        this.cql = cql;
        this.jmx = jmx;
        this.clock = clock;
    }

    private static ObjectName metric(String keys) {
        return JmxNode.name("org.apache.cassandra.metrics:" + keys);
    }

    public NodeSnapshot read() {
        Map<TableRef, TableCounters> tables = tableCounters();
        Long heapUsed = null;
        Long heapMax = null;
        Optional<Object> heap = jmx.attribute(MEMORY, "HeapMemoryUsage");
        if (heap.isPresent() && heap.get() instanceof CompositeData usage) {
            heapUsed = (Long) usage.get("used");
            long max = (Long) usage.get("max");
            heapMax = max < 0 ? null : max;
        }
        Optional<Map<ObjectName, Object>> gcCounts = jmx.attributes(GC, "CollectionCount");
        Optional<Map<ObjectName, Object>> gcTimes = jmx.attributes(GC, "CollectionTime");
        return new NodeSnapshot(clock.instant(), jmx.longAttribute(RUNTIME, "StartTime").orElse(null), tables,
                jmx.longAttribute(CAS_READ, "Count").orElse(null), jmx.longAttribute(CAS_WRITE, "Count").orElse(null),
                batches(), latency(COORDINATOR_READ), latency(COORDINATOR_WRITE), latency(LOCAL_READ), latency(LOCAL_WRITE),
                threadPools(), jmx.longAttribute(PENDING_COMPACTIONS, "Value").orElse(null), sstablesPerRead(), caches(),
                dropped(), sumOrNull(gcCounts), sumOrNull(gcTimes), heapUsed, heapMax);
    }

    private Map<TableRef, TableCounters> tableCounters() {
        Optional<List<Row>> reads = cql.query("SELECT keyspace_name, table_name, count FROM system_views.coordinator_read_latency");
        Optional<List<Row>> writes = cql.query("SELECT keyspace_name, table_name, count FROM system_views.coordinator_write_latency");
        Optional<List<Row>> scans = cql.query("SELECT keyspace_name, table_name, count FROM system_views.coordinator_scan_latency");
        if (reads.isEmpty() || writes.isEmpty() || scans.isEmpty()) {
            return null;
        }
        Map<TableRef, Long> r = counts(reads.get());
        Map<TableRef, Long> w = counts(writes.get());
        Map<TableRef, Long> s = counts(scans.get());
        Map<TableRef, Long> cas = casCommits();
        Map<TableRef, TableCounters> tables = new TreeMap<>();
        for (TableRef table : r.keySet()) {
            tables.put(table, new TableCounters(r.get(table), w.getOrDefault(table, 0L), s.getOrDefault(table, 0L),
                    cas == null ? null : cas.getOrDefault(table, 0L)));
        }
        return tables;
    }

    private static Map<TableRef, Long> counts(List<Row> rows) {
        Map<TableRef, Long> counts = new HashMap<>();
        for (Row row : rows) {
            String keyspace = row.getString("keyspace_name");
            if (!SYSTEM_KEYSPACES.contains(keyspace)) {
                counts.put(new TableRef(keyspace, row.getString("table_name")), number(row, "count"));
            }
        }
        return counts;
    }

    /** LWT commits per table (JMX), or null when JMX cannot answer. */
    private Map<TableRef, Long> casCommits() {
        Optional<Map<ObjectName, Object>> counts = jmx.attributes(TABLE_CAS_COMMITS, "Count");
        if (counts.isEmpty()) {
            return null;
        }
        Map<TableRef, Long> commits = new HashMap<>();
        counts.get().forEach((name, count) -> {
            String keyspace = name.getKeyProperty("keyspace");
            String table = name.getKeyProperty("scope");
            if (keyspace != null && table != null && count instanceof Number n) {
                commits.put(new TableRef(keyspace, table), n.longValue());
            }
        });
        return commits;
    }

    private Long batches() {
        long total = 0;
        for (ObjectName batch : BATCHES) {
            Optional<Long> count = jmx.longAttribute(batch, "Count");
            if (count.isEmpty()) {
                return null;
            }
            total += count.get();
        }
        return total;
    }

    /** Cassandra's recent (decaying) percentiles, in microseconds. */
    private LatencyPercentiles latency(ObjectName timer) {
        return new LatencyPercentiles(jmx.doubleAttribute(timer, "50thPercentile").orElse(null),
                jmx.doubleAttribute(timer, "95thPercentile").orElse(null),
                jmx.doubleAttribute(timer, "99thPercentile").orElse(null),
                jmx.doubleAttribute(timer, "Max").orElse(null));
    }

    private SstablesPerRead sstablesPerRead() {
        return new SstablesPerRead(jmx.doubleAttribute(SSTABLES_PER_READ, "50thPercentile").orElse(null),
                jmx.doubleAttribute(SSTABLES_PER_READ, "99thPercentile").orElse(null),
                jmx.doubleAttribute(SSTABLES_PER_READ, "Mean").orElse(null));
    }

    private List<ThreadPoolStats> threadPools() {
        return cql.query("SELECT name, active_tasks, pending_tasks, blocked_tasks FROM system_views.thread_pools")
                .map(rows -> rows.stream().map(row -> new ThreadPoolStats(row.getString("name"),
                        number(row, "active_tasks"), number(row, "pending_tasks"), number(row, "blocked_tasks"))).toList())
                .orElse(null);
    }

    private Map<String, CacheCounters> caches() {
        return cql.query("SELECT name, hit_count, request_count FROM system_views.caches").map(rows -> {
            Map<String, CacheCounters> caches = new TreeMap<>();
            rows.forEach(row -> caches.put(row.getString("name"), new CacheCounters(number(row, "hit_count"), number(row, "request_count"))));
            return caches;
        }).orElse(null);
    }

    private Map<String, Long> dropped() {
        Optional<Map<ObjectName, Object>> counts = jmx.attributes(DROPPED, "Count");
        if (counts.isEmpty()) {
            return null;
        }
        Map<String, Long> dropped = new TreeMap<>();
        counts.get().forEach((name, count) -> {
            if (count instanceof Number n) {
                dropped.put(name.getKeyProperty("scope"), n.longValue());
            }
        });
        return dropped;
    }

    /** Virtual-table counters are int in some columns and bigint in others; read either. */
    private static Long number(Row row, String column) {
        Object value = row.getObject(column);
        return value instanceof Number n ? n.longValue() : 0L;
    }

    private static Long sumOrNull(Optional<Map<ObjectName, Object>> values) {
        if (values.isEmpty() || values.get().isEmpty()) {
            return null;
        }
        return values.get().values().stream().filter(Number.class::isInstance).mapToLong(v -> ((Number) v).longValue()).sum();
    }
}
