package dev.ctuner.harness;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The {@code ctuner.sidecar.*} settings for a sidecar attached to one harness node. */
public final class SidecarSettings {

    private SidecarSettings() {
    }

    /** Observing only: which node, which broker, which topic prefix. */
    public static Map<String, String> observing(CassandraNode node, KafkaBroker broker, String topicPrefix) {
        Map<String, String> settings = new TreeMap<>();
        settings.put("ctuner.sidecar.node-id", node.address());
        settings.put("ctuner.sidecar.cassandra.cql-host", node.address());
        settings.put("ctuner.sidecar.cassandra.jmx-port", Integer.toString(node.jmxPort()));
        settings.put("ctuner.sidecar.kafka.bootstrap-servers", broker.bootstrapServers());
        settings.put("ctuner.sidecar.kafka.topic-prefix", topicPrefix);
        return settings;
    }

    /** Observing and acting in supervised mode: the sidecar stops and starts the node through its PID file and command line. */
    public static Map<String, String> acting(CassandraNode node, KafkaBroker broker, String topicPrefix, Path advisorPublicKey,
                                             Path stateDir) {
        Map<String, String> settings = observing(node, broker, topicPrefix);
        settings.put("ctuner.sidecar.act.enabled", "true");
        settings.put("ctuner.sidecar.act.advisor-public-key", advisorPublicKey.toString());
        settings.put("ctuner.sidecar.act.state-dir", stateDir.toString());
        settings.put("ctuner.sidecar.act.cassandra-yaml", node.yamlFile().toString());
        settings.put("ctuner.sidecar.act.process.mode", "supervised");
        settings.put("ctuner.sidecar.act.process.work-dir", node.home().toString());
        settings.put("ctuner.sidecar.act.process.pid-file", node.pidFile().toString());
        settings.put("ctuner.sidecar.act.process.output-file", node.outputFile().toString());
        settings.put("ctuner.sidecar.act.process.log-file", node.systemLog().toString());
        List<String> command = node.command();
        for (int i = 0; i < command.size(); i++) {
            settings.put("ctuner.sidecar.act.process.command[" + i + "]", command.get(i));
        }
        return settings;
    }

    /**
     * Acting in the experiment role: every RunExperiment wipes the node's storage directory and restarts it. Only for a
     * node of its own, never a ring node.
     */
    public static Map<String, String> experiment(CassandraNode node, KafkaBroker broker, String topicPrefix, Path advisorPublicKey,
                                                 Path stateDir) {
        Map<String, String> settings = acting(node, broker, topicPrefix, advisorPublicKey, stateDir);
        settings.put("ctuner.sidecar.role", "experiment");
        settings.put("ctuner.sidecar.experiment.data-dir", node.storageDir().toString());
        return settings;
    }
}
