package dev.ctuner.sidecar.act;

import dev.ctuner.common.catalog.ApplyMode;
import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.catalog.Knob;
import dev.ctuner.common.catalog.KnobCatalog;
import dev.ctuner.common.catalog.KnobName;
import dev.ctuner.common.catalog.KnobValue;
import dev.ctuner.common.catalog.NodeFacts;
import dev.ctuner.common.catalog.Scope;
import dev.ctuner.common.catalog.ValidationReport;
import dev.ctuner.common.catalog.Violation;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.codec.DecodeResult;
import dev.ctuner.common.protocol.codec.MessageCodec;
import dev.ctuner.common.protocol.codec.SignatureVerifier;
import dev.ctuner.common.protocol.message.AlterTable;
import dev.ctuner.common.protocol.message.ApplyConfiguration;
import dev.ctuner.common.protocol.message.Command;
import dev.ctuner.common.protocol.message.ExpectedMode;
import dev.ctuner.common.protocol.message.CommandResult;
import dev.ctuner.common.protocol.message.RejectionCode;
import dev.ctuner.common.protocol.message.RunExperiment;
import dev.ctuner.sidecar.bench.TableOptions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Decides whether a message on the commands topic may change this node: the signature verifies
 * with the advisor's key, it is for this node, it has not expired, it was not seen before, and
 * its leader epoch is not older than one seen ({@link LeaderEpochFence}), every value passes the catalog
 * (domain, constraints) and the operator's allowlist, and the sidecar's {@link SidecarRole role} takes that
 * kind of command ({@link RolePolicy}). Anything else is refused with a specific reason. Pure apart from
 * reading the journal and keeping the highest epoch.
 */
public final class CommandIntake {

    /** Table knobs have fixed domains; the facts only satisfy the check's signature. */
    private static final NodeFacts ANY_NODE = new NodeFacts(1024, 1, 1, 4096);

    private final MessageCodec codec;
    private final SignatureVerifier verifier;
    private final CommandJournal journal;
    private final ClusterId cluster;
    private final NodeId self;
    private final KnobCatalog catalog;
    private final Set<KnobName> allowlist;
    private final SidecarRole role;
    private final LeaderEpochFence fence;

    /** An intake of a serving sidecar. */
    public CommandIntake(MessageCodec codec, SignatureVerifier verifier, CommandJournal journal, ClusterId cluster, NodeId self,
                         KnobCatalog catalog, Set<KnobName> allowlist) {
        this(codec, verifier, journal, cluster, self, catalog, allowlist, SidecarRole.SERVING);
    }

    /**
     * @param cluster and {@code self}: whom a command must be addressed to; one for another node, or for a node of the
     *                same name in another cluster (topics shared between clusters), is not this sidecar's to answer
     */
    public CommandIntake(MessageCodec codec, SignatureVerifier verifier, CommandJournal journal, ClusterId cluster, NodeId self,
                         KnobCatalog catalog, Set<KnobName> allowlist, SidecarRole role) {
        this(codec, verifier, journal, cluster, self, catalog, allowlist, role, LeaderEpochFence.inMemory());
    }

    /** @param fence refuses commands from an advisor replica that is no longer the leader */
    public CommandIntake(MessageCodec codec, SignatureVerifier verifier, CommandJournal journal, ClusterId cluster, NodeId self,
                         KnobCatalog catalog, Set<KnobName> allowlist, SidecarRole role, LeaderEpochFence fence) {
        this.fence = fence;
        this.role = role;
        this.codec = codec;
        this.verifier = verifier;
        this.journal = journal;
        this.cluster = cluster;
        this.self = self;
        this.catalog = catalog;
        this.allowlist = Set.copyOf(allowlist);
    }

    /**
     * @param now          the time the command is judged at (expiry)
     * @param facts        the node's facts (heap, cores, ...) for derived domains; empty when the node's JMX
     *                     does not answer, in which case a command that passes every other check is refused as BUSY
     * @param currentYaml  the settings explicitly set in the node's cassandra.yaml now
     */
    public IntakeDecision decide(byte[] message, Instant now, Optional<NodeFacts> facts, Configuration currentYaml) {
        DecodeResult decoded = codec.decodeCommand(message, verifier);
        if (decoded instanceof DecodeResult.Rejected r) {
            // Name the command in the answer when its id can be read at all (a bad signature, say):
            // the answer changes nothing, and it tells the advisor which command was refused.
            if (codec.decode(message) instanceof DecodeResult.Decoded unverified) {
                if (!forUs(unverified.envelope())) {
                    return notForUs(unverified.envelope());
                }
                return new IntakeDecision.Reject(unverified.envelope().id(), r.code(), r.detail(), false);
            }
            return new IntakeDecision.Reject(null, r.code(), r.detail(), false);
        }
        Envelope envelope = ((DecodeResult.Decoded) decoded).envelope();
        if (!forUs(envelope)) {
            return notForUs(envelope);
        }
        Command command = (Command) envelope.payload();
        var earlier = journal.resultOf(envelope.id());
        if (earlier.isPresent()) {
            if (command instanceof RunExperiment experiment) {
                // Refused, not answered again: the journal keeps the earlier answer, this refusal is only sent.
                String status = earlier.get().payload() instanceof CommandResult r ? r.status().name() : "before";
                return new IntakeDecision.Reject(envelope.id(), RejectionCode.REPLAYED,
                        RolePolicy.replayedExperiment(experiment.experimentId(), status), false);
            }
            return new IntakeDecision.Replay(envelope.id(), earlier.get());
        }
        var stale = fence.admit(envelope.leaderEpoch());
        if (stale.isPresent()) {
            return reject(envelope, RejectionCode.STALE_LEADER, stale.get());
        }
        if (!command.expiresAt().isAfter(now)) {
            return reject(envelope, RejectionCode.EXPIRED, "command expired at " + command.expiresAt() + "; it is now " + now);
        }
        var refusal = RolePolicy.refusal(role, command);
        if (refusal.isPresent()) {
            return reject(envelope, RejectionCode.NOT_ALLOWED, refusal.get());
        }
        if (command instanceof RunExperiment experiment) {
            return decideExperiment(envelope, experiment, facts);
        }
        if (command instanceof AlterTable alter) {
            return decideAlter(envelope, alter);
        }
        if (!(command instanceof ApplyConfiguration apply)) {
            return reject(envelope, RejectionCode.NOT_ALLOWED, envelope.type() + " commands are not carried out by this sidecar version");
        }
        if (facts.isEmpty()) {
            return reject(envelope, RejectionCode.BUSY,
                    "the node does not answer JMX, so the change cannot be validated against it; send it again when the node is up");
        }
        return decideApply(envelope, apply, facts.get(), currentYaml);
    }

    private boolean forUs(Envelope envelope) {
        return envelope.nodeId().equals(self) && envelope.clusterId().equals(cluster);
    }

    private static IntakeDecision notForUs(Envelope envelope) {
        return new IntakeDecision.NotForThisNode(envelope.clusterId().value() + "/" + envelope.nodeId().value());
    }

    private IntakeDecision decideApply(Envelope envelope, ApplyConfiguration apply, NodeFacts facts, Configuration currentYaml) {
        for (String name : apply.changes().keySet()) {
            var knob = catalog.lookup(name);
            if (knob.isEmpty()) {
                return reject(envelope, RejectionCode.UNKNOWN_KNOB, "'" + name + "' is not a knob of the Cassandra "
                        + catalog.version() + " catalog");
            }
            if (knob.get().scope() != Scope.NODE) {
                return reject(envelope, RejectionCode.NOT_ALLOWED, name + " is a " + knob.get().scope()
                        + " option: it changes through ALTER, not through a node's configuration");
            }
            if (!allowlist.contains(knob.get().name())) {
                return reject(envelope, RejectionCode.NOT_ALLOWED, name + " is not in this node's allowlist of knobs"
                        + " the operator permits (ctuner.sidecar.act.allowed-knobs)");
            }
        }
        // Knobs on the allowlist are opted in, including those excluded from tuning by default.
        ValidationReport report = catalog.validate(apply.changes(), currentYaml, facts, allowlist);
        if (!report.isValid()) {
            List<Violation> errors = report.errors();
            RejectionCode code = errors.stream().anyMatch(v -> v.code() == Violation.Code.UNKNOWN_KNOB) ? RejectionCode.UNKNOWN_KNOB
                    : errors.stream().allMatch(v -> v.code() == Violation.Code.BOOTSTRAP_ONLY || v.code() == Violation.Code.EXCLUDED)
                    ? RejectionCode.NOT_ALLOWED : RejectionCode.OUT_OF_RANGE;
            return reject(envelope, code, errors.stream().map(Violation::toString).collect(Collectors.joining("; ")));
        }
        Configuration effective = catalog.effective(currentYaml, facts);
        boolean restart = false;
        for (Map.Entry<KnobName, KnobValue> change : report.parsed().values().entrySet()) {
            Knob knob = catalog.knob(change.getKey()).orElseThrow();
            KnobValue now = effective.get(change.getKey()).orElse(change.getValue());
            restart |= knob.applyModeFor(now, change.getValue()) != ApplyMode.LIVE;
        }
        if (restart && apply.expectedMode() == ExpectedMode.LIVE) {
            String needs = report.parsed().values().keySet().stream()
                    .filter(k -> catalog.knob(k).orElseThrow().applyMode() != ApplyMode.LIVE).map(KnobName::value)
                    .collect(Collectors.joining(", "));
            return reject(envelope, RejectionCode.INVALID_FIELD, "expectedMode is LIVE but " + needs + " can only change with a restart");
        }
        return new IntakeDecision.Accept(envelope, report.parsed(), restart);
    }

    /**
     * An AlterTable names its options in the catalog's spelling ({@code compaction.class}); each must be a
     * TABLE knob on the allowlist with a value in its domain. Table knobs need no node facts.
     */
    private IntakeDecision decideAlter(Envelope envelope, AlterTable alter) {
        Map<String, String> normalized = new TreeMap<>();
        for (Map.Entry<String, String> option : alter.options().entrySet()) {
            String name = option.getKey();
            var knob = catalog.lookup(name);
            if (knob.isEmpty()) {
                return reject(envelope, RejectionCode.UNKNOWN_KNOB, "'" + name + "' is not a knob of the Cassandra " + catalog.version()
                        + " catalog; AlterTable options are named as the catalog names table knobs, e.g. compaction.class");
            }
            if (knob.get().scope() != Scope.TABLE) {
                return reject(envelope, RejectionCode.NOT_ALLOWED, name + " is a " + knob.get().scope()
                        + " knob, not a table option: it changes through ApplyConfiguration, not ALTER TABLE");
            }
            if (!allowlist.contains(knob.get().name())) {
                return reject(envelope, RejectionCode.NOT_ALLOWED, name + " is not in this node's allowlist of knobs"
                        + " the operator permits (ctuner.sidecar.act.allowed-knobs)");
            }
            KnobValue value;
            try {
                value = knob.get().parse(option.getValue());
            } catch (IllegalArgumentException e) {
                return reject(envelope, RejectionCode.OUT_OF_RANGE, name + " = '" + option.getValue() + "': " + e.getMessage());
            }
            var problem = knob.get().check(value, ANY_NODE);
            if (problem.isPresent()) {
                return reject(envelope, RejectionCode.OUT_OF_RANGE, name + " = '" + option.getValue() + "': " + problem.get());
            }
            normalized.put(knob.get().name().value(), knob.get().format(value));
        }
        try {
            return new IntakeDecision.AcceptAlter(envelope, alter.keyspace(), alter.table(), TableOptions.of(normalized));
        } catch (IllegalArgumentException e) {
            return reject(envelope, RejectionCode.INVALID_FIELD, e.getMessage());
        }
    }

    /**
     * A RunExperiment names its knobs as cassandra.yaml (NODE) or the catalog's table options (TABLE);
     * each must be a knob of the catalog on the allowlist whose value parses, and, when the node's facts
     * are known, lies in its domain. Constraints between knobs are left to the node: a configuration it
     * refuses to start with is an experiment's result (FAULTED, with the node's own reason).
     */
    private IntakeDecision decideExperiment(Envelope envelope, RunExperiment experiment, Optional<NodeFacts> facts) {
        for (Map.Entry<String, String> entry : experiment.configuration().entrySet()) {
            String name = entry.getKey();
            var knob = catalog.lookup(name);
            if (knob.isEmpty()) {
                return reject(envelope, RejectionCode.UNKNOWN_KNOB, "'" + name + "' is not a knob of the Cassandra "
                        + catalog.version() + " catalog");
            }
            if (knob.get().scope() != Scope.NODE && knob.get().scope() != Scope.TABLE) {
                return reject(envelope, RejectionCode.NOT_ALLOWED, name + " is a " + knob.get().scope()
                        + " option: an experiment sets node settings and table options only");
            }
            if (!allowlist.contains(knob.get().name())) {
                return reject(envelope, RejectionCode.NOT_ALLOWED, name + " is not in this node's allowlist of knobs"
                        + " the operator permits (ctuner.sidecar.act.allowed-knobs)");
            }
            KnobValue value;
            try {
                value = knob.get().parse(entry.getValue());
            } catch (IllegalArgumentException e) {
                return reject(envelope, RejectionCode.OUT_OF_RANGE, name + " = '" + entry.getValue() + "': " + e.getMessage());
            }
            NodeFacts against = knob.get().scope() == Scope.TABLE ? ANY_NODE : facts.orElse(null);
            var problem = against == null ? Optional.<String>empty() : knob.get().check(value, against);
            if (problem.isPresent()) {
                return reject(envelope, RejectionCode.OUT_OF_RANGE, name + " = '" + entry.getValue() + "': " + problem.get());
            }
        }
        return new IntakeDecision.AcceptExperiment(envelope, experiment);
    }

    private static IntakeDecision reject(Envelope envelope, RejectionCode code, String reason) {
        return new IntakeDecision.Reject(envelope.id(), code, reason, true);
    }
}
