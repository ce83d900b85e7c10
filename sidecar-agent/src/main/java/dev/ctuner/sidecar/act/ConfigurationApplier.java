package dev.ctuner.sidecar.act;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.sidecar.cassandra.CacheServicePort;
import dev.ctuner.sidecar.cassandra.CqlNode;
import dev.ctuner.sidecar.cassandra.IndexSummaryPort;
import dev.ctuner.sidecar.cassandra.JmxNode;
import dev.ctuner.sidecar.cassandra.LiveValues;
import dev.ctuner.sidecar.cassandra.StorageServicePort;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies a validated configuration change to this node. LIVE: JMX setters, read back from
 * system_views.settings, then persisted to cassandra.yaml. RESTART: back up the yaml, write the new
 * values (keeping every other line), drain, stop, start, wait until healthy; if the node is not
 * healthy in time, restore the backup, restart it and report the node's own error. Each phase is
 * reported with its duration (drain, stop, start, sync = the reconfiguration time T_r).
 */
public final class ConfigurationApplier {

    private static final Logger log = LoggerFactory.getLogger(ConfigurationApplier.class);

    /** Receives progress: a phase reached, with the durations so far. */
    @FunctionalInterface
    public interface Progress {
        void reached(CommandPhase phase, Map<CommandPhase, Long> durations);
    }

    /** How an application ended. */
    public record Outcome(boolean done, boolean rolledBack, String reason, Map<CommandPhase, Long> durations,
                          Map<String, String> applied, Map<String, String> previous) {
    }

    private final KnobCatalog catalog;
    private final CqlNode cql;
    private final JmxNode jmx;
    private final YamlStore yaml;
    private final ProcessControl process;
    private final HealthGate health;
    private final Path backupDir;
    private final Duration stopTimeout;
    private final Clock clock;

    public ConfigurationApplier(KnobCatalog catalog, CqlNode cql, JmxNode jmx, YamlStore yaml, ProcessControl process,
                                HealthGate health, Path backupDir, Duration stopTimeout, Clock clock) {
        this.catalog = catalog;
        this.cql = cql;
        this.jmx = jmx;
        this.yaml = yaml;
        this.process = process;
        this.health = health;
        this.backupDir = backupDir;
        this.stopTimeout = stopTimeout;
        this.clock = clock;
    }

    public Outcome apply(UUID commandId, Configuration changes, boolean restart, Duration healthTimeout, Progress progress) {
        Map<String, String> previous = settings(changes);
        Map<String, String> wanted = new TreeMap<>();
        changes.values().forEach((k, v) -> wanted.put(k.value(), catalog.knob(k).orElseThrow().format(v)));
        Map<CommandPhase, Long> durations = new EnumMap<>(CommandPhase.class);
        try {
            return restart ? restart(commandId, changes, wanted, previous, healthTimeout, durations, progress)
                    : live(changes, wanted, previous, durations);
        } catch (Exception e) {
            log.warn("applying {} failed", wanted, e);
            return new Outcome(false, false, e.getClass().getSimpleName() + ": " + e.getMessage(), durations, Map.of(), previous);
        }
    }

    private Outcome live(Configuration changes, Map<String, String> wanted, Map<String, String> previous,
                         Map<CommandPhase, Long> durations) throws Exception {
        Instant start = clock.instant();
        LiveSetters.Ports ports = new LiveSetters.Ports(jmx.proxy(JmxNode.name(StorageServicePort.NAME), StorageServicePort.class),
                jmx.proxy(JmxNode.name(CacheServicePort.NAME), CacheServicePort.class),
                jmx.proxy(JmxNode.name(IndexSummaryPort.NAME), IndexSummaryPort.class));
        List<KnobName> set = new ArrayList<>();
        for (Map.Entry<KnobName, KnobValue> change : changes.values().entrySet()) {
            LiveSetters.Setter setter = LiveSetters.SETTERS.get(change.getKey().value());
            if (setter == null || !(change.getValue() instanceof KnobValue.IntValue value)) {
                throw new IllegalStateException(change.getKey() + " has no live setter");
            }
            setter.set(ports, value.value());
            set.add(change.getKey());
        }
        Optional<String> mismatch = mismatch(changes);
        if (mismatch.isPresent()) {
            revert(ports, set, previous);
            return new Outcome(false, false, "the node did not take the change: " + mismatch.get(), durations, Map.of(), previous);
        }
        yaml.update(wanted, legacyNames(changes));
        durations.put(CommandPhase.DONE, Duration.between(start, clock.instant()).toMillis());
        return new Outcome(true, false, null, durations, wanted, previous);
    }

    private void revert(LiveSetters.Ports ports, List<KnobName> set, Map<String, String> previous) {
        for (KnobName name : set) {
            String before = previous.get(name.value());
            if (before != null && catalog.knob(name).orElseThrow().parse(before) instanceof KnobValue.IntValue v) {
                LiveSetters.SETTERS.get(name.value()).set(ports, v.value());
            }
        }
    }

    private Outcome restart(UUID commandId, Configuration changes, Map<String, String> wanted, Map<String, String> previous,
                            Duration healthTimeout, Map<CommandPhase, Long> durations, Progress progress) throws Exception {
        Files.createDirectories(backupDir);
        Path backup = backupDir.resolve("cassandra.yaml." + commandId);
        yaml.backupTo(backup);
        yaml.update(wanted, legacyNames(changes));
        NodeStartupLog startupLog = new NodeStartupLog(process.logFile().orElse(null));

        Instant t = clock.instant();
        try {
            jmx.proxy(JmxNode.name(StorageServicePort.NAME), StorageServicePort.class).drain();
            t = phase(CommandPhase.DRAINED, t, durations, progress);
            jmx.close();
            process.stop(stopTimeout);
            t = phase(CommandPhase.STOPPED, t, durations, progress);
        } catch (Exception e) {
            // Never leave a changed yaml behind a node that did not restart: its next restart would apply it unasked.
            yaml.restoreFrom(backup);
            if (!process.isRunning()) {
                process.start();
            }
            throw e;
        }
        startupLog.mark();
        process.start();
        long deadline = System.currentTimeMillis() + healthTimeout.toMillis();
        Optional<String> problem = await(health::checkUp, deadline, startupLog);
        if (problem.isEmpty()) {
            t = phase(CommandPhase.STARTED, t, durations, progress);
            problem = await(health::checkSynced, deadline, startupLog);
        }
        if (problem.isEmpty()) {
            phase(CommandPhase.SYNCED, t, durations, progress);
            Optional<String> mismatch = mismatch(changes);
            if (mismatch.isEmpty()) {
                return new Outcome(true, false, null, durations, wanted, previous);
            }
            problem = Optional.of("after the restart the node reports " + mismatch.get());
        }
        log.warn("node not healthy after the change ({}); rolling back", problem.get());
        yaml.restoreFrom(backup);
        process.stop(stopTimeout);
        startupLog.mark();
        process.start();
        Optional<String> afterRollback = await(health::check, System.currentTimeMillis() + healthTimeout.toMillis(), startupLog);
        String reason = problem.get() + (afterRollback.isEmpty() ? "; previous configuration restored, node healthy again"
                : "; previous configuration restored but the node is still not healthy: " + afterRollback.get());
        return new Outcome(false, afterRollback.isEmpty(), reason, durations, Map.of(), previous);
    }

    private Instant phase(CommandPhase phase, Instant since, Map<CommandPhase, Long> durations, Progress progress) {
        Instant now = clock.instant();
        durations.put(phase, Duration.between(since, now).toMillis());
        progress.reached(phase, Map.copyOf(durations));
        return now;
    }

    /**
     * Waits until {@code gate} passes or the deadline; empty when it passed, else why not (the node's
     * own error if it died). The health gate's session is released afterwards, however the wait ends.
     */
    private Optional<String> await(java.util.function.Supplier<Optional<String>> gate, long deadline, NodeStartupLog startupLog)
            throws Exception {
        try {
            String last = "not checked yet";
            while (System.currentTimeMillis() < deadline) {
                if (!process.isRunning()) {
                    Thread.sleep(500); // let the log reach the disk
                    return Optional.of("the node exited during startup: " + startupLog.firstError().orElse("no error in its log"));
                }
                Optional<String> missing = gate.get();
                if (missing.isEmpty()) {
                    return Optional.empty();
                }
                last = missing.get();
                Thread.sleep(500);
            }
            return Optional.of("not healthy in time (" + last + ")" + startupLog.firstError().map(e -> "; log: " + e).orElse(""));
        } finally {
            health.release();
        }
    }

    /** The knobs' values as the node reports them now (catalog spelling). */
    private Map<String, String> settings(Configuration changes) {
        Map<String, String> table = new TreeMap<>();
        cql.query("SELECT name, value FROM system_views.settings").ifPresent(rows -> rows.forEach(row -> {
            if (row.getString("value") != null) {
                table.put(row.getString("name"), row.getString("value"));
            }
        }));
        Map<String, String> values = new TreeMap<>();
        // a live setting the table does not follow (key_cache_size) is read back from the running component
        LiveValues.overlay(table, jmx).forEach((raw, value) -> {
            KnobName name;
            try {
                name = KnobName.of(raw);
            } catch (IllegalArgumentException notAKnobName) {
                return;
            }
            if (changes.values().containsKey(name)) {
                Knob knob = catalog.knob(name).orElseThrow();
                values.put(name.value(), knob.format(knob.parse(value)));
            }
        });
        return values;
    }

    /** Which change the node does not report as set, or empty when all are. */
    private Optional<String> mismatch(Configuration changes) {
        Map<String, String> now = settings(changes);
        for (Map.Entry<KnobName, KnobValue> change : changes.values().entrySet()) {
            Knob knob = catalog.knob(change.getKey()).orElseThrow();
            String reported = now.get(change.getKey().value());
            if (reported == null || !knob.sameValue(knob.parse(reported), change.getValue())) {
                return Optional.of(change.getKey() + "=" + reported + " instead of " + knob.format(change.getValue()));
            }
        }
        return Optional.empty();
    }

    private List<String> legacyNames(Configuration changes) {
        return changes.values().keySet().stream().map(k -> catalog.knob(k).orElseThrow().legacyName())
                .flatMap(Optional::stream).toList();
    }
}
