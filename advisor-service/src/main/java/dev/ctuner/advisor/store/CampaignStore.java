package dev.ctuner.advisor.store;

import dev.ctuner.advisor.campaign.CampaignSettings;
import dev.ctuner.advisor.core.campaign.RunAttempt;
import dev.ctuner.advisor.core.experiment.DesignPoint;
import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/**
 * Experiment campaigns, their designs and the experiments they sent. A campaign's state changes by a
 * conditional update on the version read; an experiment is stored before its command is sent, so a
 * restarted leader knows every experiment that may be running.
 *
 * <pre>{@code
 * store.create(campaign);
 * store.addRun(run);                       // before sending its command
 * store.endRun(experimentId, Outcome.OK, now, null);
 * }</pre>
 */
@Repository
public class CampaignStore {

    private final JdbcClient jdbc;

    public CampaignStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    @Transactional
    public Campaign create(Campaign c) {
        jdbc.sql("""
                insert into campaign (id, name, state, settings, created_by, created_at, updated_at, detail, version)
                values (:id, :name, :state, :settings, :by, :at, :at, :detail, 0)""")
                .param("id", c.id().toString()).param("name", c.name()).param("state", c.state().name())
                .param("settings", KeyValues.write(c.settings().toMap())).param("by", c.createdBy())
                .param("at", Times.bind(c.createdAt())).param("detail", c.detail().orElse(null)).update();
        for (int i = 0; i < c.design().size(); i++) {
            DesignPoint p = c.design().get(i);
            jdbc.sql("insert into campaign_point (campaign_id, position, point_id, configuration) values (:c, :pos, :id, :conf)")
                    .param("c", c.id().toString()).param("pos", i).param("id", p.id())
                    .param("conf", KeyValues.write(p.configuration())).update();
        }
        return find(c.id()).orElseThrow();
    }

    public Optional<Campaign> find(UUID id) {
        return jdbc.sql("select * from campaign where id = :id").param("id", id.toString()).query((rs, n) -> campaign(rs))
                .optional();
    }

    public Optional<Campaign> findByName(String name) {
        return jdbc.sql("select * from campaign where name = :name").param("name", name).query((rs, n) -> campaign(rs))
                .optional();
    }

    /** Newest first. */
    public List<Campaign> all(int limit) {
        return jdbc.sql("select * from campaign order by created_at desc, id limit :limit").param("limit", limit)
                .query((rs, n) -> campaign(rs)).list();
    }

    public List<Campaign> running() {
        return jdbc.sql("select * from campaign where state = 'RUNNING' order by created_at, id").query((rs, n) -> campaign(rs))
                .list();
    }

    /** Campaigns with an experiment still running (a cancelled campaign's last one, say). */
    public List<UUID> withRunningExperiments() {
        return jdbc.sql("select distinct campaign_id from campaign_run where outcome = 'RUNNING'")
                .query((rs, n) -> UUID.fromString(rs.getString("campaign_id"))).list();
    }

    /**
     * Moves {@code c} to {@code state} with {@code detail}, unless it changed since it was read.
     *
     * @throws ConcurrentUpdateException when it did
     */
    public Campaign transition(Campaign c, Campaign.State state, String detail, Instant at) {
        int updated = jdbc.sql("""
                update campaign set state = :state, detail = :detail, updated_at = :at, version = :next
                where id = :id and version = :version""")
                .param("state", state.name()).param("detail", bound(detail)).param("at", Times.bind(at))
                .param("next", c.version() + 1).param("id", c.id().toString()).param("version", c.version()).update();
        if (updated != 1) {
            throw new ConcurrentUpdateException("campaign", c.id().toString(), c.version());
        }
        return find(c.id()).orElseThrow();
    }

    public void addRun(CampaignRun r) {
        jdbc.sql("""
                insert into campaign_run (experiment_id, campaign_id, seq, run_key, attempt, cluster_id, node_id, command_id,
                    command, command_expires_at, sends, sent_at, outcome, ended_at, detail)
                values (:id, :campaign, :seq, :key, :attempt, :cluster, :node, :command, :text, :expires, :sends, :sent,
                    :outcome, :ended, :detail)""")
                .param("id", r.experimentId()).param("campaign", r.campaignId().toString()).param("seq", r.seq())
                .param("key", r.runKey()).param("attempt", r.attempt()).param("cluster", r.cluster().value())
                .param("node", r.node().value()).param("command", r.commandId().toString()).param("text", r.command())
                .param("expires", Times.bind(r.commandExpiresAt())).param("sends", r.sends())
                .param("sent", Times.bind(r.sentAt())).param("outcome", r.outcome().name())
                .param("ended", Times.bind(r.endedAt().orElse(null))).param("detail", bound(r.detail().orElse(null))).update();
    }

    /** The experiment is carried by a new command from now on (the earlier one was refused BUSY or expired unread). */
    public void resend(String experimentId, UUID commandId, String command, Instant expiresAt, Instant at) {
        jdbc.sql("""
                update campaign_run set command_id = :command, command = :text, command_expires_at = :expires,
                    sends = sends + 1, sent_at = :at where experiment_id = :id and outcome = 'RUNNING'""")
                .param("command", commandId.toString()).param("text", command).param("expires", Times.bind(expiresAt))
                .param("at", Times.bind(at)).param("id", experimentId).update();
    }

    /** Ends a running experiment; false when it had ended already. */
    public boolean endRun(String experimentId, RunAttempt.Outcome outcome, Instant at, String detail) {
        return jdbc.sql("""
                update campaign_run set outcome = :outcome, ended_at = :at, detail = :detail
                where experiment_id = :id and outcome = 'RUNNING'""")
                .param("outcome", outcome.name()).param("at", Times.bind(at)).param("detail", bound(detail))
                .param("id", experimentId).update() == 1;
    }

    /** The campaign's experiments in the order sent. */
    public List<CampaignRun> runs(UUID campaign) {
        return jdbc.sql("select * from campaign_run where campaign_id = :c order by seq").param("c", campaign.toString())
                .query((rs, n) -> run(rs)).list();
    }

    /** The runs of each of {@code campaigns} in one query (a listing's progress), in the order sent; a campaign with none maps to an empty list. */
    public Map<UUID, List<CampaignRun>> runs(java.util.Collection<UUID> campaigns) {
        Map<UUID, List<CampaignRun>> out = new java.util.LinkedHashMap<>();
        campaigns.forEach(c -> out.put(c, new java.util.ArrayList<>()));
        if (campaigns.isEmpty()) {
            return out;
        }
        jdbc.sql("select * from campaign_run where campaign_id in (:c) order by campaign_id, seq")
                .param("c", campaigns.stream().map(UUID::toString).toList())
                .query((rs, n) -> run(rs)).list().forEach(r -> out.get(r.campaignId()).add(r));
        return out;
    }

    public Optional<CampaignRun> run(String experimentId) {
        return jdbc.sql("select * from campaign_run where experiment_id = :id").param("id", experimentId)
                .query((rs, n) -> run(rs)).optional();
    }

    private Campaign campaign(ResultSet rs) throws SQLException {
        UUID id = UUID.fromString(rs.getString("id"));
        List<DesignPoint> design = jdbc.sql("select * from campaign_point where campaign_id = :c order by position")
                .param("c", id.toString())
                .query((p, n) -> new DesignPoint(p.getString("point_id"), KeyValues.read(p.getString("configuration")))).list();
        return new Campaign(id, rs.getString("name"), Campaign.State.valueOf(rs.getString("state")),
                CampaignSettings.fromMap(KeyValues.read(rs.getString("settings"))), design, rs.getString("created_by"),
                Times.read(rs, "created_at"), Times.read(rs, "updated_at"), Optional.ofNullable(rs.getString("detail")),
                rs.getLong("version"));
    }

    private static CampaignRun run(ResultSet rs) throws SQLException {
        return new CampaignRun(rs.getString("experiment_id"), UUID.fromString(rs.getString("campaign_id")), rs.getInt("seq"),
                rs.getString("run_key"), rs.getInt("attempt"), new ClusterId(rs.getString("cluster_id")),
                new NodeId(rs.getString("node_id")), UUID.fromString(rs.getString("command_id")), rs.getString("command"),
                Times.read(rs, "command_expires_at"), rs.getInt("sends"), Times.read(rs, "sent_at"),
                RunAttempt.Outcome.valueOf(rs.getString("outcome")), Times.readOptional(rs, "ended_at"),
                Optional.ofNullable(rs.getString("detail")));
    }

    private static String bound(String text) {
        return text == null ? null : text.length() > 4000 ? text.substring(0, 3997) + "..." : text;
    }
}
