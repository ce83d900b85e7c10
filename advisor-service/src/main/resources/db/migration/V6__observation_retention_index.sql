-- The retention deletes by window_end alone (DELETE ... WHERE window_end < ?), across clusters; the
-- indexes of V4 lead with cluster_id, so without this one every purge reads the whole table.
-- Plain SQL that H2 and PostgreSQL both accept.

create index observation_by_window_end on observation (window_end);
