-- Experiment campaigns the advisor runs on experiment nodes: each campaign's settings and design,
-- every experiment it sent (one row per experiment id, with the command that carries it), and the
-- measurements to train on, whether a campaign of this advisor measured them or they were imported
-- from an experiment CSV. Plain SQL that H2 and PostgreSQL both accept.

create table campaign (
    id          varchar(36)   not null primary key,
    name        varchar(100)  not null unique,
    state       varchar(20)   not null,
    settings    varchar(20000) not null,
    created_by  varchar(200)  not null,
    created_at  timestamp with time zone not null,
    updated_at  timestamp with time zone not null,
    detail      varchar(4000),
    version     bigint        not null
);

create table campaign_point (
    campaign_id   varchar(36)   not null references campaign (id),
    position      integer       not null,
    point_id      varchar(200)  not null,
    configuration varchar(20000) not null,
    constraint campaign_point_pk primary key (campaign_id, position)
);

create table campaign_run (
    experiment_id varchar(300)  not null primary key,
    campaign_id   varchar(36)   not null references campaign (id),
    seq           integer       not null,
    run_key       varchar(300)  not null,
    attempt       integer       not null,
    cluster_id    varchar(200)  not null,
    node_id       varchar(200)  not null,
    command_id    varchar(36)   not null,
    command       varchar(200000) not null,
    command_expires_at timestamp with time zone not null,
    sends         integer       not null,
    sent_at       timestamp with time zone not null,
    outcome       varchar(20)   not null,
    ended_at      timestamp with time zone,
    detail        varchar(4000),
    constraint campaign_run_seq unique (campaign_id, seq)
);

create table experiment_sample (
    experiment_id varchar(300)  not null primary key,
    source        varchar(20)   not null,
    campaign      varchar(200)  not null,
    cluster_id    varchar(200),
    node_id       varchar(200),
    machine       varchar(200),
    build         varchar(200),
    quality       varchar(20)   not null,
    throughput    double precision not null,
    recorded_at   timestamp with time zone not null,
    csv_row       varchar(40000) not null
);
create index experiment_sample_by_campaign on experiment_sample (campaign);
