package dev.ctuner.harness;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/** A small JMX client for the few StorageService calls the harness needs (status, drain). */
public final class Jmx implements AutoCloseable {

    public static final ObjectName STORAGE_SERVICE = name("org.apache.cassandra.db:type=StorageService");
    private static final ObjectName PENDING_COMPACTIONS = name("org.apache.cassandra.metrics:type=Compaction,name=PendingTasks");

    private final JMXConnector connector;
    private final MBeanServerConnection connection;

    private Jmx(JMXConnector connector) throws IOException {
        this.connector = connector;
        this.connection = connector.getMBeanServerConnection();
    }

    public static Jmx connect(String host, int port) throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + host + ":" + port + "/jmxrmi");
        return new Jmx(JMXConnectorFactory.connect(url));
    }

    public Object attribute(ObjectName bean, String attribute) throws Exception {
        return connection.getAttribute(bean, attribute);
    }

    public Object invoke(ObjectName bean, String operation) throws Exception {
        return connection.invoke(bean, operation, new Object[0], new String[0]);
    }

    public Object invoke(ObjectName bean, String operation, Object[] params, String[] signature) throws Exception {
        return connection.invoke(bean, operation, params, signature);
    }

    /** The storage service's operation mode: STARTING, NORMAL, JOINING, LEAVING, DRAINING, DRAINED, ... */
    public String operationMode() throws Exception {
        return (String) attribute(STORAGE_SERVICE, "OperationMode");
    }

    @SuppressWarnings("unchecked")
    public List<String> nodes(String attribute) throws Exception {
        return (List<String>) attribute(STORAGE_SERVICE, attribute);
    }

    /** Sets the read stage's maximum pool size, live, as {@code concurrent_reads} does (what an operator's JMX slip would change). */
    public void setReadThreads(int threads) throws Exception {
        invoke(STORAGE_SERVICE, "setConcurrency", new Object[] {"ReadStage", -1, threads},
                new String[] {String.class.getName(), int.class.getName(), int.class.getName()});
    }

    /** The read stage's maximum pool size. */
    @SuppressWarnings("unchecked")
    public int readThreads() throws Exception {
        Map<String, List<Integer>> pools = (Map<String, List<Integer>>) invoke(STORAGE_SERVICE, "getConcurrency",
                new Object[] {List.of("ReadStage")}, new String[] {List.class.getName()});
        return pools.get("ReadStage").get(1);
    }

    /** Sets the read stage of every node of {@code ring}. */
    public static void setReadThreads(CassandraCluster ring, int threads) throws Exception {
        for (CassandraNode node : ring.nodes()) {
            try (Jmx jmx = node.jmx()) {
                jmx.setReadThreads(threads);
            }
        }
    }

    /**
     * Rewrites the node's SSTables of {@code keyspace.table} written with other compression than the table's
     * ({@code nodetool recompress_sstables}); blocks until done and throws when Cassandra reports a failure.
     */
    public void recompress(String keyspace, String table) throws Exception {
        Object status = invoke(STORAGE_SERVICE, "recompressSSTables", new Object[] {keyspace, 1, new String[] {table}},
                new String[] {String.class.getName(), int.class.getName(), "[Ljava.lang.String;"});
        if (!Integer.valueOf(0).equals(status)) {
            throw new IllegalStateException("recompress_sstables of " + keyspace + "." + table + " answered status " + status);
        }
    }

    /** Flushes every table of {@code keyspace} to SSTables. */
    public void flush(String keyspace) throws Exception {
        invoke(STORAGE_SERVICE, "forceKeyspaceFlush", new Object[] {keyspace, new String[0]},
                new String[] {"java.lang.String", "[Ljava.lang.String;"});
    }

    /** Waits until {@code node} reports no pending compactions; false if some still were after {@code timeout}. */
    public static boolean awaitNoPendingCompactions(CassandraNode node, Duration timeout) throws Exception {
        Instant deadline = Instant.now().plus(timeout);
        try (Jmx jmx = node.jmx()) {
            while (true) {
                Object pending = jmx.attribute(PENDING_COMPACTIONS, "Value");
                if (pending instanceof Number n && n.intValue() == 0) {
                    return true;
                }
                if (Instant.now().isAfter(deadline)) {
                    return false;
                }
                Thread.sleep(500);
            }
        }
    }

    static ObjectName name(String text) {
        try {
            return new ObjectName(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    @Override
    public void close() throws IOException {
        connector.close();
    }
}
