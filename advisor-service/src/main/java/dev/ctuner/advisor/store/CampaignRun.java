package dev.ctuner.advisor.store;

import dev.ctuner.advisor.core.campaign.RunAttempt;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * One experiment a campaign sent: which planned run (or anchor) and attempt it is, the node, the
 * command that carries it (sent again, as a new command, only once an earlier one was refused BUSY or
 * expired unanswered, so an experiment never runs twice), and how it ended.
 *
 * @param seq     its place in the campaign's order of sending, from 1
 * @param runKey  {@code designPoint/rN}, or {@link RunAttempt#ANCHOR_KEY}
 * @param command the signed command as sent, encoded
 * @param sends   how many commands carried it so far
 */
public record CampaignRun(String experimentId, UUID campaignId, int seq, String runKey, int attempt, ClusterId cluster,
                          NodeId node, UUID commandId, String command, Instant commandExpiresAt, int sends, Instant sentAt,
                          RunAttempt.Outcome outcome, Optional<Instant> endedAt, Optional<String> detail) {

    public RunAttempt attemptRecord() {
        return new RunAttempt(runKey, outcome);
    }
}
