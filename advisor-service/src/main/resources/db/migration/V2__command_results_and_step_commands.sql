-- Results the sidecars report for commands (one row per result message, de-duplicated by the
-- message id, since delivery is at least once), and the command each rollout step sent, so that
-- a restarted advisor looks up that command's result instead of commanding the node again.

create table command_result (
    message_id     varchar(36)   not null primary key,
    command_id     varchar(36)   not null,
    cluster_id     varchar(200)  not null,
    node_id        varchar(200)  not null,
    status         varchar(20)   not null,
    phase          varchar(20)   not null,
    reason         varchar(8000),
    rejection_code varchar(40),
    durations      varchar(2000) not null,
    previous_values varchar(8000) not null,
    reported_at    timestamp with time zone not null
);
create index command_result_by_command on command_result (command_id, reported_at);

alter table rollout_node_step add column command_id varchar(36);
alter table rollout_node_step add column command_envelope varchar(16000);
alter table rollout_node_step add column rollback_command_id varchar(36);
alter table rollout_node_step add column rollback_envelope varchar(16000);
