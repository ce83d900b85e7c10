-- Every workload sample a sidecar sent (one row per message, de-duplicated by the message id,
-- since delivery is at least once). The columns the tuning loop filters and aggregates on are
-- structured; the whole sample is kept as the JSON envelope the sidecar sent, for the rest.
-- Rows older than the retention (by window_end) are deleted by the advisor.

create table observation (
    message_id       varchar(36)   not null primary key,
    cluster_id       varchar(200)  not null,
    node_id          varchar(200)  not null,
    window_start     timestamp with time zone not null,
    window_end       timestamp with time zone not null,
    reads            bigint        not null,
    writes           bigint        not null,
    range_scans      bigint        not null,
    lwts             bigint        not null,
    batches          bigint        not null,
    read_ratio       double precision,
    ops_per_second   double precision,
    p99_read_micros  double precision,
    p99_write_micros double precision,
    fingerprint      varchar(200)  not null,
    envelope         varchar(1048576) not null
);
create index observation_by_cluster on observation (cluster_id, window_end);
create index observation_by_node on observation (cluster_id, node_id, window_end);
