package dev.ctuner.sidecar.act;

import dev.ctuner.common.catalog.Configuration;
import dev.ctuner.common.protocol.Envelope;
import dev.ctuner.common.protocol.message.RejectionCode;
import dev.ctuner.sidecar.bench.TableOptions;
import java.util.UUID;

/** What the intake decided about one message on the commands topic. */
public sealed interface IntakeDecision {

    /** A valid, signed, fresh command for this node, with its changes parsed and validated. */
    record Accept(Envelope command, Configuration changes, boolean restart) implements IntakeDecision {
    }

    /**
     * A valid, signed, fresh {@code AlterTable}: its options are TABLE knobs of the catalog and the
     * allowlist, parsed and spelled as the catalog spells them. Whether the table exists is checked
     * when it is carried out.
     */
    record AcceptAlter(Envelope command, String keyspace, String table, TableOptions options) implements IntakeDecision {
    }

    /**
     * A valid, signed, fresh {@code RunExperiment} for a sidecar in the experiment role, its knobs known
     * to the catalog and allowed.
     */
    record AcceptExperiment(Envelope command, dev.ctuner.common.protocol.message.RunExperiment experiment)
            implements IntakeDecision {
    }

    /**
     * Refused; nothing is changed. {@code commandId} is null when the message was not even a readable
     * command. {@code verified} is false when the answer must not be journaled: when the signature did
     * not verify, the id is only what the message claims (a forger could otherwise block a real command
     * by sending a bad copy of its id first); when an experiment is replayed, the journal already holds
     * its real answer.
     */
    record Reject(UUID commandId, RejectionCode code, String reason, boolean verified) implements IntakeDecision {
    }

    /** Seen before: answer with the earlier result, apply nothing. */
    record Replay(UUID commandId, Envelope earlierResult) implements IntakeDecision {
    }

    /**
     * A command for another node, or for a node of the same name in another cluster (the topic is shared, keyed by
     * node): not ours to answer. {@code addressee} is "cluster/node".
     */
    record NotForThisNode(String addressee) implements IntakeDecision {
    }
}
