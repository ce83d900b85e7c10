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
     * Refused; nothing is changed. {@code commandId} is null when the message was not even a readable
     * command. {@code verified} is false when the signature did not verify: then the id is only what
     * the message claims, and the answer must not be journaled (a forger could otherwise block a real
     * command by sending a bad copy of its id first).
     */
    record Reject(UUID commandId, RejectionCode code, String reason, boolean verified) implements IntakeDecision {
    }

    /** Seen before: answer with the earlier result, apply nothing. */
    record Replay(UUID commandId, Envelope earlierResult) implements IntakeDecision {
    }

    /** A command for another node (the topic is shared, keyed by node): not ours to answer. */
    record NotForThisNode(String nodeId) implements IntakeDecision {
    }
}
