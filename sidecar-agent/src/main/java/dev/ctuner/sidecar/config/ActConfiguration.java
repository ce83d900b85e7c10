package dev.ctuner.sidecar.config;

import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.kafka.KafkaClientSettings;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.Scope;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.Topics;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.codec.SignatureVerifier;
import dev.ctuner.common.protocol.keys.Ed25519Keys;
import dev.ctuner.sidecar.act.CommandExecutor;
import dev.ctuner.sidecar.act.CommandIntake;
import dev.ctuner.sidecar.act.LeaderEpochFence;
import dev.ctuner.sidecar.act.CommandJournal;
import dev.ctuner.sidecar.act.CommandLineProcessControl;
import dev.ctuner.sidecar.act.CommandListener;
import dev.ctuner.sidecar.act.CommandMeters;
import dev.ctuner.sidecar.act.CqlTableSchema;
import dev.ctuner.sidecar.act.TableAlterer;
import dev.ctuner.sidecar.act.ConfigurationApplier;
import dev.ctuner.sidecar.act.HealthGate;
import dev.ctuner.sidecar.act.KubernetesProcessControl;
import dev.ctuner.sidecar.act.NodeFactsReader;
import dev.ctuner.sidecar.act.ProcessControl;
import dev.ctuner.sidecar.act.SidecarRole;
import dev.ctuner.sidecar.act.SupervisedProcessControl;
import dev.ctuner.sidecar.act.YamlStore;
import dev.ctuner.sidecar.bench.ExperimentRunner;
import dev.ctuner.sidecar.bench.MachineId;
import dev.ctuner.sidecar.cassandra.CqlNode;
import dev.ctuner.sidecar.experiment.ExperimentConductor;
import dev.ctuner.sidecar.experiment.ExperimentLedger;
import dev.ctuner.sidecar.experiment.SidecarExperimentNode;
import dev.ctuner.sidecar.cassandra.JmxNode;
import dev.ctuner.sidecar.cassandra.StorageServicePort;
import dev.ctuner.sidecar.observe.WorkloadObserver;
import dev.ctuner.sidecar.publish.BacklogPublisher;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the acting side (commands in, changes applied) when {@code ctuner.sidecar.act.enabled=true}. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "ctuner.sidecar.act.enabled", havingValue = "true")
public class ActConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ActConfiguration.class);

    @Bean
    ProcessControl processControl(SidecarProperties properties) {
        SidecarProperties.Process p = properties.getAct().getProcess();
        Path logFile = p.getLogFile() == null ? null : Path.of(p.getLogFile());
        return switch (p.getMode()) {
            case "supervised" -> new SupervisedProcessControl(p.getCommand(), Path.of(p.getWorkDir()), Path.of(p.getPidFile()),
                    Path.of(p.getOutputFile()), logFile);
            case "systemd" -> CommandLineProcessControl.systemd(p.getSystemdUnit(), logFile);
            case "command" -> new CommandLineProcessControl("command", p.getStartCommand(), p.getStopCommand(), p.getStatusCommand(), logFile);
            case "kubernetes" -> new KubernetesProcessControl(Path.of("/proc"), logFile, p.getKubernetesRestartWait());
            default -> throw new IllegalArgumentException("ctuner.sidecar.act.process.mode must be supervised, systemd, command or kubernetes, not '"
                    + p.getMode() + "'");
        };
    }

    @Bean(destroyMethod = "close")
    CommandExecutor commandExecutor(SidecarProperties properties, KnobCatalog catalog, CqlNode cql, JmxNode jmx,
                                    ProcessControl process, BacklogPublisher publisher, Topics topics, Clock clock,
                                    MeterRegistry registry, WorkloadObserver observer) throws IOException {
        SidecarProperties.Act act = properties.getAct();
        SignatureVerifier verifier = new SignatureVerifier(Ed25519Keys.readPublicKey(Path.of(act.getAdvisorPublicKey())));
        Path state = Path.of(act.getStateDir());
        CommandJournal journal = new CommandJournal(state.resolve("commands.journal"), 10_000);
        Set<KnobName> allowlist = allowlist(act, catalog);
        NodeId node = new NodeId(properties.getNodeId());
        YamlStore yaml = new YamlStore(Path.of(act.getCassandraYaml()));
        NodeFactsReader facts = new NodeFactsReader(jmx, cql);
        ConfigurationApplier applier = new ConfigurationApplier(catalog, cql, jmx, yaml, process,
                new HealthGate(cql, jmx, properties.getCassandra()), state.resolve("backups"), act.getStopTimeout(), clock);
        log.info("carrying out signed commands on node {} with {} (advisor key {}); allowed knobs: {}", node.value(),
                process.describe(), verifier, allowlist.stream().map(KnobName::value).sorted().toList());
        TableAlterer alterer = new TableAlterer(catalog, new CqlTableSchema(cql), (keyspace, table) -> {
            // through a proxy, not JmxNode.invoke: a rewrite takes as long as the data needs, and must not hold the
            // connection's lock that sampling and heartbeats take
            int status = jmx.proxy(JmxNode.name(StorageServicePort.NAME), StorageServicePort.class).recompressSSTables(keyspace, 1, table);
            if (status != 0) {
                throw new IllegalStateException("Cassandra answered status " + status + " (1: aborted, 2: could not mark the SSTables"
                        + " compacting; another operation holds them)");
            }
        }, act.getSchemaAgreementTimeout());
        SidecarRole role = properties.getRole();
        ExperimentConductor experiments = role == SidecarRole.EXPERIMENT
                ? experiments(properties, cql, jmx, process, yaml, state, publisher, topics, node, clock) : null;
        log.info("role: {}", role == SidecarRole.EXPERIMENT ? "experiment (every RunExperiment wipes and restarts this node)"
                : "serving (experiments are refused)");
        CommandExecutor executor = new CommandExecutor(new CommandIntake(new MessageCodec(), verifier, journal, new ClusterId(properties.getClusterId()), node, catalog, allowlist,
                role, LeaderEpochFence.inFile(state.resolve("leader-epoch"))), journal, applier, alterer, facts::facts, () -> {
                    try {
                        return NodeFactsReader.explicitSettings(yaml.read(), catalog);
                    } catch (IOException e) {
                        throw new IllegalStateException("cannot read " + yaml.file() + ": " + e.getMessage(), e);
                    }
                }, publisher, topics, new ClusterId(properties.getClusterId()), node, clock, new CommandMeters(registry), experiments);
        executor.afterChange(observer::afterChange);
        executor.recoverExperiment();
        return executor;
    }

    /** The experiment role's parts: the node behind the campaign's runner, the ledger, the time limit. */
    private static ExperimentConductor experiments(SidecarProperties properties, CqlNode cql, JmxNode jmx, ProcessControl process,
            YamlStore yaml, Path state, BacklogPublisher publisher, Topics topics, NodeId node, Clock clock) throws IOException {
        SidecarProperties.Experiment e = properties.getExperiment();
        SidecarExperimentNode experimentNode = new SidecarExperimentNode(process, yaml, new HealthGate(cql, jmx, properties.getCassandra()),
                jmx, cql, properties.getCassandra(), Path.of(e.getDataDir()), state.resolve("experiment"),
                properties.getAct().getStopTimeout(), e.getStartTimeout());
        String version = Optional.ofNullable(ActConfiguration.class.getPackage().getImplementationVersion()).orElse("dev");
        ExperimentRunner.Setup setup = ExperimentRunner.Setup.defaults().withWarmUp(e.getWarmUpMin(), e.getWarmUpMax())
                .withMaxForeignCores(e.getMaxForeignCores());
        ExperimentRunner runner = new ExperimentRunner(experimentNode, setup, version);
        MessageCodec codec = new MessageCodec();
        log.info("experiments: data directory {} (wiped by every experiment), time limit {}, {}", e.getDataDir(), e.getTimeout(),
                setup.warmUpRule());
        return new ExperimentConductor((id, configuration, workload) -> runner.run(id, configuration, workload).result(),
                experimentNode, new ExperimentLedger(state.resolve("experiment")), e.getTimeout(), Duration.ofMinutes(2),
                envelope -> publisher.publish(topics.results(), node.value(), codec.encode(envelope)),
                new ClusterId(properties.getClusterId()), node, version,
                Optional.of(MachineId.current()).filter(m -> !m.isEmpty()), clock);
    }

    @Bean(destroyMethod = "close")
    CommandListener commandListener(SidecarProperties properties, KafkaClientSettings kafka, Topics topics, CommandExecutor executor) {
        return new CommandListener(kafka,
                "ctuner-sidecar-" + properties.getClusterId() + "-" + properties.getNodeId(), topics.commands(), executor);
    }

    /** The operator's allowlist, or by default every NODE and TABLE knob that is not excluded from tuning. */
    static Set<KnobName> allowlist(SidecarProperties.Act act, KnobCatalog catalog) {
        if (act.getAllowedKnobs().isEmpty()) {
            return catalog.knobs().stream().filter(k -> k.scope() == Scope.NODE || k.scope() == Scope.TABLE)
                    .filter(k -> !k.excludedByDefault()).map(Knob::name).collect(Collectors.toSet());
        }
        return act.getAllowedKnobs().stream().map(name -> catalog.lookup(name).orElseThrow(() -> new IllegalArgumentException(
                "ctuner.sidecar.act.allowed-knobs names '" + name + "', which is not a knob of the catalog"))).map(Knob::name)
                .collect(Collectors.toSet());
    }
}
