-- The tables a SCHEMA recommendation changes (keyspace.table), in the order they are altered.

create table recommendation_table (
    recommendation_id varchar(36)  not null references recommendation (id),
    position          integer      not null,
    table_name        varchar(400) not null,
    primary key (recommendation_id, position)
);
