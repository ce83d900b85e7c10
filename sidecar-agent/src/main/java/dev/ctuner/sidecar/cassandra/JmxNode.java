package dev.ctuner.sidecar.cassandra;

import dev.ctuner.sidecar.config.SidecarProperties;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.management.AttributeNotFoundException;
import javax.management.InstanceNotFoundException;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local node's JMX, connected lazily and reconnected after failures. Reads answer
 * {@link Optional#empty()} when the node cannot give a value (unreachable, or the MBean or
 * attribute does not exist), so that a missing metric is published as unknown, never as zero.
 */
public class JmxNode implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(JmxNode.class);

    private final SidecarProperties.Cassandra config;
    private JMXConnector connector;
    private MBeanServerConnection connection;
    private volatile String lastError = "not connected yet";

    public JmxNode(SidecarProperties.Cassandra config) {
        this.config = config;
    }

    public static ObjectName name(String text) {
        try {
            return new ObjectName(text);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("bad JMX object name " + text, e);
        }
    }

    /** One attribute, or empty if the node cannot give it. */
    public synchronized Optional<Object> attribute(ObjectName bean, String attribute) {
        try {
            Object value = connection().getAttribute(bean, attribute);
            lastError = null;
            return Optional.ofNullable(value);
        } catch (InstanceNotFoundException | AttributeNotFoundException missing) {
            lastError = null;
            return Optional.empty();
        } catch (Exception e) {
            fail(e);
            return Optional.empty();
        }
    }

    /** A numeric attribute as a Long, or empty. */
    public Optional<Long> longAttribute(ObjectName bean, String attribute) {
        return attribute(bean, attribute).filter(Number.class::isInstance).map(v -> ((Number) v).longValue());
    }

    /** A numeric attribute as a Double, or empty (NaN counts as unknown). */
    public Optional<Double> doubleAttribute(ObjectName bean, String attribute) {
        return attribute(bean, attribute).filter(Number.class::isInstance).map(v -> ((Number) v).doubleValue())
                .filter(Double::isFinite);
    }

    /** Beans matching a pattern with one attribute each; empty when the node cannot be reached. */
    public synchronized Optional<Map<ObjectName, Object>> attributes(ObjectName pattern, String attribute) {
        Map<ObjectName, Object> values = new HashMap<>();
        try {
            Set<ObjectName> names = connection().queryNames(pattern, null);
            for (ObjectName name : names) {
                try {
                    values.put(name, connection.getAttribute(name, attribute));
                } catch (InstanceNotFoundException | AttributeNotFoundException gone) {
                    // The bean went away between the query and the read; skip it.
                }
            }
            lastError = null;
            return Optional.of(values);
        } catch (Exception e) {
            fail(e);
            return Optional.empty();
        }
    }

    /** Invokes an operation; throws with the node's reason if it fails. */
    public synchronized Object invoke(ObjectName bean, String operation, Object[] params, String[] signature) throws Exception {
        try {
            return connection().invoke(bean, operation, params, signature);
        } catch (IOException e) {
            fail(e);
            throw e;
        }
    }

    /** A typed proxy of a Cassandra MBean (our own interface naming the attributes and operations we use). */
    public synchronized <T> T proxy(ObjectName bean, Class<T> port) throws IOException {
        return javax.management.JMX.newMBeanProxy(connection(), bean, port);
    }

    public String lastError() {
        return lastError;
    }

    public boolean isReachable() {
        return attribute(name("java.lang:type=Runtime"), "Uptime").isPresent();
    }

    private MBeanServerConnection connection() throws IOException {
        if (connection == null) {
            JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + config.getJmxHost() + ":"
                    + config.getJmxPort() + "/jmxrmi");
            Map<String, Object> env = new HashMap<>();
            if (config.getJmxUsername() != null && !config.getJmxUsername().isBlank()) {
                env.put(JMXConnector.CREDENTIALS, new String[] {config.getJmxUsername(),
                        config.getJmxPassword() == null ? "" : config.getJmxPassword()});
            }
            connector = JMXConnectorFactory.connect(url, env);
            connection = connector.getMBeanServerConnection();
            log.info("connected to JMX at {}:{}", config.getJmxHost(), config.getJmxPort());
        }
        return connection;
    }

    private void fail(Exception e) {
        lastError = e.getClass().getSimpleName() + ": " + e.getMessage();
        log.debug("JMX {}:{} failed: {}", config.getJmxHost(), config.getJmxPort(), lastError);
        close();
    }

    @Override
    public synchronized void close() {
        if (connector != null) {
            try {
                connector.close();
            } catch (IOException ignored) {
                // Already broken; nothing to release.
            }
        }
        connector = null;
        connection = null;
    }
}
