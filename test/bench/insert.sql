-- One measured single-statement insert of :rows rows keyed by candidate :position, as
-- repetition :repetition: time (commit included), WAL written, and the primary key's size,
-- leaf density and fragmentation (pgstattuple). Run by test/bench.sh.
\set ON_ERROR_STOP on
\set QUIET on
\ir keys_table.sql
SELECT pg_current_wal_lsn() AS wal_before, clock_timestamp() AS started \gset
INSERT INTO bench_keys (n) SELECT g FROM generate_series(1, :rows) g;
SELECT clock_timestamp() AS finished, pg_current_wal_lsn() AS wal_after \gset
INSERT INTO bench_insert_result
SELECT :position, :repetition, extract(epoch FROM :'finished'::timestamptz - :'started'::timestamptz),
       pg_wal_lsn_diff(:'wal_after', :'wal_before'), pg_relation_size('bench_keys_pkey'),
       s.avg_leaf_density, s.leaf_fragmentation
FROM pgstatindex('bench_keys_pkey') s;
DROP TABLE bench_keys;
