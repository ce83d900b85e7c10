package dev.ctuner.advisor.store;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import dev.ctuner.common.protocol.message.CommandPhase;
import dev.ctuner.common.protocol.message.CommandStatus;
import dev.ctuner.common.protocol.message.RejectionCode;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Every command result the sidecars reported, de-duplicated by message id (delivery is at least
 * once). The rollout orchestrator reads a command's outcome here by command id, also after an
 * advisor restart.
 *
 * <pre>{@code
 * results.record(reported);          // false when this message was stored before
 * results.latest(commandId);         // the most recent result, final ones first
 * }</pre>
 */
@Repository
public class CommandResultStore {

    private final JdbcClient jdbc;

    public CommandResultStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Stores one result; false when a result with this message id is already stored. Call it outside a
     * transaction: on PostgreSQL the refused duplicate insert would abort the caller's.
     */
    public boolean record(ReportedResult r) {
        try {
            jdbc.sql("""
                    insert into command_result (message_id, command_id, cluster_id, node_id, status, phase, reason,
                        rejection_code, durations, previous_values, reported_at)
                    values (:message, :command, :cluster, :node, :status, :phase, :reason, :code, :durations, :previous, :at)""")
                    .param("message", r.messageId().toString()).param("command", r.commandId().toString())
                    .param("cluster", r.clusterId().value()).param("node", r.nodeId().value())
                    .param("status", r.status().name()).param("phase", r.phase().name())
                    .param("reason", r.reason().map(s -> s.length() > 8000 ? s.substring(0, 8000) : s).orElse(null))
                    .param("code", r.rejectionCode().map(Enum::name).orElse(null))
                    .param("durations", KeyValues.write(r.durationsMillis()))
                    .param("previous", KeyValues.write(r.previousValues()))
                    .param("at", Times.bind(r.reportedAt()))
                    .update();
            return true;
        } catch (DuplicateKeyException seenBefore) {
            return false;
        }
    }

    /** All results for a command, oldest first. */
    public List<ReportedResult> forCommand(UUID commandId) {
        return jdbc.sql("select * from command_result where command_id = :id order by reported_at, message_id")
                .param("id", commandId.toString())
                .query((rs, n) -> new ReportedResult(UUID.fromString(rs.getString("message_id")),
                        UUID.fromString(rs.getString("command_id")), new ClusterId(rs.getString("cluster_id")),
                        new NodeId(rs.getString("node_id")), CommandStatus.valueOf(rs.getString("status")),
                        CommandPhase.valueOf(rs.getString("phase")), Optional.ofNullable(rs.getString("reason")),
                        Optional.ofNullable(rs.getString("rejection_code")).map(RejectionCode::valueOf),
                        KeyValues.read(rs.getString("durations")), KeyValues.read(rs.getString("previous_values")),
                        Times.read(rs, "reported_at")))
                .list();
    }

    /**
     * The outcome that counts: the first final result other than BUSY (a sidecar answers a command
     * once; a replay repeats the same answer), else the latest result of any kind.
     */
    public Optional<ReportedResult> latest(UUID commandId) {
        List<ReportedResult> all = forCommand(commandId);
        Optional<ReportedResult> outcome = all.stream().filter(r -> r.isFinal() && !r.isBusy()).findFirst();
        return outcome.isPresent() ? outcome : all.stream().reduce((a, b) -> b);
    }
}
