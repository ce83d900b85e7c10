-- Leadership among advisor replicas: the lease (Spring Integration's JDBC lock registry, table prefix
-- CTUNER_) and the epoch, raised by each replica that takes the lease and carried by its commands,
-- so that sidecars refuse commands from a replica that lost it. Plain SQL that H2 and PostgreSQL both accept.

create table ctuner_lock (
    lock_key      char(36)      not null,
    region        varchar(100)  not null,
    client_id     char(36),
    created_date  timestamp     not null,
    expired_after timestamp     not null,
    constraint ctuner_lock_pk primary key (lock_key, region)
);

create table leadership (
    id       integer       not null primary key,
    epoch    bigint        not null,
    replica  varchar(200),
    since    timestamp with time zone
);

insert into leadership (id, epoch) values (1, 0);
