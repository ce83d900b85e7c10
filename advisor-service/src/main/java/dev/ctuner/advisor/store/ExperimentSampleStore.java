package dev.ctuner.advisor.store;

import dev.ctuner.common.protocol.ClusterId;
import dev.ctuner.common.protocol.NodeId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The measurements the advisor trains on, one experiment CSV row each (docs/data/README.md): those its
 * campaigns measured on experiment nodes, and those imported from the lab's files. Kept by experiment
 * id, once: a result published again, or a file imported twice, adds nothing.
 *
 * <pre>{@code
 * samples.record(new StoredExperiment("c1/c03@rr0.5/r0/a1", Source.CAMPAIGN, "c1", ..., row));
 * samples.rows();      // every row, oldest first, for ExperimentCsvReader.readRows
 * }</pre>
 */
@Repository
public class ExperimentSampleStore {

    /** Where a stored measurement came from. */
    public enum Source { CAMPAIGN, IMPORT }

    /**
     * One stored measurement, with its provenance.
     *
     * @param build the driver (sidecar) version that measured it
     */
    public record StoredExperiment(String experimentId, Source source, String campaign, Optional<ClusterId> cluster,
                                   Optional<NodeId> node, String machine, String build, String quality, double throughput,
                                   Instant recordedAt, Map<String, String> row) {
    }

    private final JdbcClient jdbc;

    public ExperimentSampleStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Stores one measurement; false when one with its experiment id is stored already. Call it outside a transaction. */
    public boolean record(StoredExperiment e) {
        try {
            jdbc.sql("""
                    insert into experiment_sample (experiment_id, source, campaign, cluster_id, node_id, machine, build, quality,
                        throughput, recorded_at, csv_row)
                    values (:id, :source, :campaign, :cluster, :node, :machine, :build, :quality, :throughput, :at, :row)""")
                    .param("id", e.experimentId()).param("source", e.source().name()).param("campaign", e.campaign())
                    .param("cluster", e.cluster().map(ClusterId::value).orElse(null))
                    .param("node", e.node().map(NodeId::value).orElse(null)).param("machine", e.machine())
                    .param("build", e.build()).param("quality", e.quality()).param("throughput", e.throughput())
                    .param("at", Times.bind(e.recordedAt())).param("row", KeyValues.write(e.row())).update();
            return true;
        } catch (DuplicateKeyException seenBefore) {
            return false;
        }
    }

    public Optional<StoredExperiment> find(String experimentId) {
        return jdbc.sql("select * from experiment_sample where experiment_id = :id").param("id", experimentId)
                .query((rs, n) -> stored(rs)).optional();
    }

    /** Every stored row, oldest first. */
    public List<Map<String, String>> rows() {
        return jdbc.sql("select csv_row from experiment_sample order by recorded_at, experiment_id")
                .query((rs, n) -> KeyValues.read(rs.getString("csv_row"))).list();
    }

    /** The stored measurements of one campaign, oldest first. */
    public List<StoredExperiment> ofCampaign(String campaign) {
        return jdbc.sql("select * from experiment_sample where campaign = :c order by recorded_at, experiment_id")
                .param("c", campaign).query((rs, n) -> stored(rs)).list();
    }

    public long count() {
        return jdbc.sql("select count(*) from experiment_sample").query(Long.class).single();
    }

    private static StoredExperiment stored(java.sql.ResultSet rs) throws java.sql.SQLException {
        return new StoredExperiment(rs.getString("experiment_id"), Source.valueOf(rs.getString("source")),
                rs.getString("campaign"), Optional.ofNullable(rs.getString("cluster_id")).map(ClusterId::new),
                Optional.ofNullable(rs.getString("node_id")).map(NodeId::new), rs.getString("machine"), rs.getString("build"),
                rs.getString("quality"), rs.getDouble("throughput"), Times.read(rs, "recorded_at"),
                KeyValues.read(rs.getString("csv_row")));
    }
}
