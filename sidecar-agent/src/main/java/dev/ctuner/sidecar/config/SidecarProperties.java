package dev.ctuner.sidecar.config;

import dev.ctuner.sidecar.act.SidecarRole;
import jakarta.validation.Valid;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Every setting of the sidecar, under {@code ctuner.sidecar}. The defaults work against a local
 * node (CQL 127.0.0.1:9042, JMX 7199) and a local broker (127.0.0.1:9092).
 */
@Validated
@ConfigurationProperties("ctuner.sidecar")
public class SidecarProperties {

    /** Cluster this node belongs to; carried on every message. The same for every sidecar of one Cassandra cluster. */
    @NotBlank
    private String clusterId = "local";

    /** This node's id in messages and Kafka keys (commands are addressed to it); defaults to the node's CQL address. */
    private String nodeId;

    /** How to reach the local node over CQL and JMX. */
    @Valid
    private final Cassandra cassandra = new Cassandra();
    /** The broker and the topics. */
    @Valid
    private final Kafka kafka = new Kafka();
    /** The observation window and the key-reuse sampler. */
    @Valid
    private final Sampling sampling = new Sampling();
    /** Carrying out the advisor's signed commands on this node (off by default). */
    @Valid
    private final Act act = new Act();
    /**
     * What this node is for. {@code serving} (the default): a node of a production cluster; it takes configuration
     * changes and refuses experiments. {@code experiment}: a dedicated node that holds no data anyone needs; every
     * RunExperiment wipes its data, restarts it with the experiment's configuration and runs the workload against it,
     * and it refuses configuration changes. Never set {@code experiment} on a node of a production cluster.
     */
    @NotNull
    private SidecarRole role = SidecarRole.SERVING;
    /** How experiments are run, in the experiment role. */
    @Valid
    private final Experiment experiment = new Experiment();

    @AssertTrue(message = "role: experiment needs act.enabled=true (with its key, cassandra.yaml and process settings) and"
            + " experiment.data-dir")
    public boolean isExperimentRoleComplete() {
        return role != SidecarRole.EXPERIMENT
                || (act.isEnabled() && notBlank(experiment.getDataDir()));
    }

    public SidecarRole getRole() {
        return role;
    }

    public void setRole(SidecarRole role) {
        this.role = role;
    }

    public Experiment getExperiment() {
        return experiment;
    }

    /**
     * The experiment role: where the node keeps its state (wiped by every experiment), how long an experiment may
     * take, and the measurement method's warm-up and noise limits (docs/decisions/0005-experiment-method.md).
     */
    public static class Experiment {
        /**
         * The directory that holds all of the node's on-disk state (its data, commit log, saved caches and hints
         * directories). Every experiment deletes it and puts back the copy taken at the first experiment (kept in
         * act.state-dir), so it must hold nothing anyone needs.
         */
        private String dataDir;
        /**
         * Longest an experiment may take, node restarts, data load, warm-up and measurement included. A run still going
         * then is stopped, reported FAULTED, and the node is put back on its baseline configuration.
         */
        @NotNull
        private Duration timeout = Duration.ofMinutes(30);
        /** How long the node may take to serve CQL after each experiment's restart before the run is FAULTED. */
        @NotNull
        private Duration startTimeout = Duration.ofMinutes(2);
        /** Shortest warm-up before the measured window (JIT, caches). */
        @NotNull
        private Duration warmUpMin = Duration.ofSeconds(20);
        /** Longest warm-up: it ends earlier once the throughput of its last intervals is steady and the JIT is quiet. */
        @NotNull
        private Duration warmUpMax = Duration.ofSeconds(240);
        /** CPU that other processes of the machine may use during the measured window, in cores, before the run is NOISY. */
        @DecimalMin("0.0")
        private double maxForeignCores = 0.10;

        @AssertTrue(message = "experiment.warm-up-max must not be shorter than experiment.warm-up-min, and the timeout must be positive")
        public boolean isConsistent() {
            return warmUpMax.compareTo(warmUpMin) >= 0 && !warmUpMin.isNegative() && positive(timeout) && positive(startTimeout);
        }

        private static boolean positive(Duration d) {
            return !d.isNegative() && !d.isZero();
        }

        public String getDataDir() { return dataDir; }
        public void setDataDir(String v) { dataDir = v; }
        public Duration getTimeout() { return timeout; }
        public void setTimeout(Duration v) { timeout = v; }
        public Duration getStartTimeout() { return startTimeout; }
        public void setStartTimeout(Duration v) { startTimeout = v; }
        public Duration getWarmUpMin() { return warmUpMin; }
        public void setWarmUpMin(Duration v) { warmUpMin = v; }
        public Duration getWarmUpMax() { return warmUpMax; }
        public void setWarmUpMax(Duration v) { warmUpMax = v; }
        public double getMaxForeignCores() { return maxForeignCores; }
        public void setMaxForeignCores(double v) { maxForeignCores = v; }
    }

    public String getClusterId() {
        return clusterId;
    }

    public void setClusterId(String clusterId) {
        this.clusterId = clusterId;
    }

    /** The configured node id, or the node's CQL host when none is set. */
    public String getNodeId() {
        return nodeId == null || nodeId.isBlank() ? cassandra.getCqlHost() : nodeId;
    }

    public void setNodeId(String nodeId) {
        this.nodeId = nodeId;
    }

    public Cassandra getCassandra() {
        return cassandra;
    }

    public Kafka getKafka() {
        return kafka;
    }

    public Sampling getSampling() {
        return sampling;
    }

    public Act getAct() {
        return act;
    }

    /**
     * Carrying out the advisor's commands on this node. Off unless enabled; when enabled it needs
     * the advisor's public key (commands are refused unless signed with the matching private key),
     * the path of cassandra.yaml and how to stop and start the node.
     */
    public static class Act {
        /**
         * Carry out signed commands from the advisor on this node. Off: the sidecar only observes and never
         * reads the commands topic. On: needs advisor-public-key, cassandra-yaml and the process settings of its mode.
         */
        private boolean enabled = false;
        /**
         * PEM file with the advisor's Ed25519 public key (the advisor's {@code ctuner.advisor.rollout.public-key-file});
         * commands signed by any other key are refused. Read once at start.
         */
        private String advisorPublicKey;
        /**
         * Where the journal of answered commands (so that a command delivered twice is carried out once) and the
         * backups of cassandra.yaml taken before each change live; relative paths are taken from the working directory.
         */
        private String stateDir = "ctuner-state";
        /**
         * Knobs the operator permits, by catalog name; a command touching any other is refused. Empty means every
         * NODE and TABLE knob that is not excluded from tuning by default; a knob listed here is opted in even if excluded.
         */
        private List<String> allowedKnobs = new ArrayList<>();
        /** The node's cassandra.yaml: read for the explicit settings, rewritten (after a backup) for RESTART changes. */
        private String cassandraYaml;
        /**
         * How long the node may take to stop after its drain; in supervised mode it is then killed, in the other
         * modes the stop fails and the change is undone.
         */
        @NotNull
        private Duration stopTimeout = Duration.ofSeconds(60);
        /** How long an ALTER TABLE waits for every node to report the same schema version. */
        @NotNull
        private Duration schemaAgreementTimeout = Duration.ofSeconds(30);
        @Valid
        private final Process process = new Process();

        @AssertTrue(message = "act.enabled needs act.advisor-public-key, act.cassandra-yaml and the process settings of its mode")
        public boolean isComplete() {
            return !enabled || (notBlank(advisorPublicKey) && notBlank(cassandraYaml) && process.isComplete());
        }

        public boolean isEnabled() { return enabled; }
        public void setEnabled(boolean v) { enabled = v; }
        public String getAdvisorPublicKey() { return advisorPublicKey; }
        public void setAdvisorPublicKey(String v) { advisorPublicKey = v; }
        public String getStateDir() { return stateDir; }
        public void setStateDir(String v) { stateDir = v; }
        public List<String> getAllowedKnobs() { return allowedKnobs; }
        public void setAllowedKnobs(List<String> v) { allowedKnobs = v; }
        public String getCassandraYaml() { return cassandraYaml; }
        public void setCassandraYaml(String v) { cassandraYaml = v; }
        public Duration getStopTimeout() { return stopTimeout; }
        public void setStopTimeout(Duration v) { stopTimeout = v; }
        public Duration getSchemaAgreementTimeout() { return schemaAgreementTimeout; }
        public void setSchemaAgreementTimeout(Duration v) { schemaAgreementTimeout = v; }
        public Process getProcess() { return process; }
    }

    /** How the node is stopped and started: supervised, systemd, command or kubernetes. */
    public static class Process {
        /**
         * How the node is stopped and started: {@code supervised} (the sidecar starts Cassandra itself and tracks it by
         * a PID file), {@code systemd} ({@code systemctl start|stop|is-active} on a unit), {@code command}
         * (operator-supplied start, stop and status commands) or {@code kubernetes} (shared process namespace: SIGTERM
         * to the Cassandra JVM, the kubelet restarts the container).
         */
        @NotBlank
        private String mode = "supervised";
        /** supervised: the command line that starts Cassandra in the foreground, one argument per item. */
        private List<String> command = new ArrayList<>();
        /** supervised: the working directory Cassandra is started in (created if missing). */
        private String workDir;
        /** supervised: where the PID of the Cassandra process the sidecar started is kept. */
        private String pidFile;
        /** supervised: the file Cassandra's standard output and error are appended to. */
        private String outputFile;
        /** The node's system.log, to quote its own startup error when a restart fails; optional in every mode. */
        private String logFile;
        /** systemd: the unit name. */
        private String systemdUnit;
        /** command: the command that starts the node, one argument per item; must exit 0 (within 2 minutes). */
        private List<String> startCommand = new ArrayList<>();
        /** command: the command that stops the node; must exit 0 within the stop timeout. */
        private List<String> stopCommand = new ArrayList<>();
        /** command: the command that says whether the node runs: exit code 0 means running. */
        private List<String> statusCommand = new ArrayList<>();
        /** kubernetes: how long to wait for the kubelet to start the Cassandra container again after its JVM stopped. */
        @NotNull
        private Duration kubernetesRestartWait = Duration.ofMinutes(2);

        boolean isComplete() {
            return switch (mode) {
                case "supervised" -> !command.isEmpty() && notBlank(workDir) && notBlank(pidFile) && notBlank(outputFile);
                case "systemd" -> notBlank(systemdUnit);
                case "command" -> !startCommand.isEmpty() && !stopCommand.isEmpty() && !statusCommand.isEmpty();
                case "kubernetes" -> true;
                default -> false;
            };
        }

        public String getMode() { return mode; }
        public void setMode(String v) { mode = v; }
        public List<String> getCommand() { return command; }
        public void setCommand(List<String> v) { command = v; }
        public String getWorkDir() { return workDir; }
        public void setWorkDir(String v) { workDir = v; }
        public String getPidFile() { return pidFile; }
        public void setPidFile(String v) { pidFile = v; }
        public String getOutputFile() { return outputFile; }
        public void setOutputFile(String v) { outputFile = v; }
        public String getLogFile() { return logFile; }
        public void setLogFile(String v) { logFile = v; }
        public String getSystemdUnit() { return systemdUnit; }
        public void setSystemdUnit(String v) { systemdUnit = v; }
        public List<String> getStartCommand() { return startCommand; }
        public void setStartCommand(List<String> v) { startCommand = v; }
        public List<String> getStopCommand() { return stopCommand; }
        public void setStopCommand(List<String> v) { stopCommand = v; }
        public List<String> getStatusCommand() { return statusCommand; }
        public void setStatusCommand(List<String> v) { statusCommand = v; }
        public Duration getKubernetesRestartWait() { return kubernetesRestartWait; }
        public void setKubernetesRestartWait(Duration v) { kubernetesRestartWait = v; }
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    /** How to reach the local node. Credentials are optional; they are never logged. */
    public static class Cassandra {
        /** The node's CQL address; also the node id when node-id is not set. */
        @NotBlank
        private String cqlHost = "127.0.0.1";
        /** The node's CQL port. */
        @Min(1) @Max(65535)
        private int cqlPort = 9042;
        /** The node's datacenter, as the CQL driver needs it. */
        @NotBlank
        private String localDatacenter = "datacenter1";
        /** CQL user, when the node requires authentication; never logged. */
        private String username;
        /** CQL password; never logged. */
        private String password;
        /** The node's JMX address. */
        @NotBlank
        private String jmxHost = "127.0.0.1";
        /** The node's JMX port. */
        @Min(1) @Max(65535)
        private int jmxPort = 7199;
        /** JMX user, when the node's JMX requires authentication; never logged. */
        private String jmxUsername;
        /** JMX password; never logged. */
        private String jmxPassword;
        /** How long one CQL request to the node may take. */
        @NotNull
        private Duration requestTimeout = Duration.ofSeconds(5);

        public String getCqlHost() { return cqlHost; }
        public void setCqlHost(String v) { cqlHost = v; }
        public int getCqlPort() { return cqlPort; }
        public void setCqlPort(int v) { cqlPort = v; }
        public String getLocalDatacenter() { return localDatacenter; }
        public void setLocalDatacenter(String v) { localDatacenter = v; }
        public String getUsername() { return username; }
        public void setUsername(String v) { username = v; }
        public String getPassword() { return password; }
        public void setPassword(String v) { password = v; }
        public String getJmxHost() { return jmxHost; }
        public void setJmxHost(String v) { jmxHost = v; }
        public int getJmxPort() { return jmxPort; }
        public void setJmxPort(int v) { jmxPort = v; }
        public String getJmxUsername() { return jmxUsername; }
        public void setJmxUsername(String v) { jmxUsername = v; }
        public String getJmxPassword() { return jmxPassword; }
        public void setJmxPassword(String v) { jmxPassword = v; }
        public Duration getRequestTimeout() { return requestTimeout; }
        public void setRequestTimeout(Duration v) { requestTimeout = v; }

        @Override
        public String toString() {
            return "cql " + cqlHost + ":" + cqlPort + (username == null ? "" : " as " + username + " (password hidden)")
                    + ", jmx " + jmxHost + ":" + jmxPort;
        }
    }

    /** The broker and the topics; the backlog bounds what is kept while the broker is unreachable. */
    public static class Kafka {
        /**
         * The Kafka brokers, host:port separated by commas; when not set, {@code spring.kafka.bootstrap-servers}. TLS, SASL
         * and any other Kafka client setting: Spring Boot's {@code spring.kafka.*}.
         */
        private String bootstrapServers;
        /**
         * Prefix of the topics: {@code <prefix>.workload}, {@code .status}, {@code .results} and {@code .commands};
         * the same as the advisor's {@code ctuner.advisor.kafka.topic-prefix}.
         */
        @NotBlank
        private String topicPrefix = "ctuner";
        /** Messages kept while the broker does not acknowledge them; the oldest are dropped (and counted) beyond it. */
        @Min(1) @Max(1_000_000)
        private int backlogCapacity = 2_880;
        /** How long one send may wait for the broker before it is retried. */
        @NotNull
        private Duration sendTimeout = Duration.ofSeconds(10);
        /** Create the topics at start if the broker allows (they are created with the broker's defaults). */
        private boolean createTopics = true;

        public String getBootstrapServers() { return bootstrapServers; }
        public void setBootstrapServers(String v) { bootstrapServers = v; }
        public String getTopicPrefix() { return topicPrefix; }
        public void setTopicPrefix(String v) { topicPrefix = v; }
        public int getBacklogCapacity() { return backlogCapacity; }
        public void setBacklogCapacity(int v) { backlogCapacity = v; }
        public Duration getSendTimeout() { return sendTimeout; }
        public void setSendTimeout(Duration v) { sendTimeout = v; }
        public boolean isCreateTopics() { return createTopics; }
        public void setCreateTopics(boolean v) { createTopics = v; }
    }

    /** The observation window T_d and the key-reuse sampler. */
    public static class Sampling {
        /** T_d: one WorkloadSample per window. */
        @NotNull
        private Duration window = Duration.ofSeconds(30);
        /** How often the NodeStatus heartbeat is published; one more goes out as soon as a configuration command ends. */
        @NotNull
        private Duration statusInterval = Duration.ofSeconds(10);
        /** Sample keys with Cassandra's partition sampler (see docs/decisions/0003-key-reuse-distance.md). */
        private boolean keyReuse = true;
        /** Space-Saving capacity per table and sampler (READS, WRITES). */
        @Min(16) @Max(200_000)
        private int keyReuseCapacity = 20_000;
        /** How long the partition sampler runs within each window (duty cycle = this / window). */
        @NotNull
        private Duration keyReuseSampleDuration = Duration.ofSeconds(10);

        @AssertTrue(message = "window must be at least 1 s, and key-reuse-sample-duration positive and shorter than the window")
        public boolean isConsistent() {
            return window != null && keyReuseSampleDuration != null && window.toMillis() >= 1000
                    && !keyReuseSampleDuration.isNegative() && !keyReuseSampleDuration.isZero()
                    && keyReuseSampleDuration.compareTo(window) < 0;
        }

        public Duration getWindow() { return window; }
        public void setWindow(Duration v) { window = v; }
        public Duration getStatusInterval() { return statusInterval; }
        public void setStatusInterval(Duration v) { statusInterval = v; }
        public boolean isKeyReuse() { return keyReuse; }
        public void setKeyReuse(boolean v) { keyReuse = v; }
        public int getKeyReuseCapacity() { return keyReuseCapacity; }
        public void setKeyReuseCapacity(int v) { keyReuseCapacity = v; }
        public Duration getKeyReuseSampleDuration() { return keyReuseSampleDuration; }
        public void setKeyReuseSampleDuration(Duration v) { keyReuseSampleDuration = v; }
    }
}
