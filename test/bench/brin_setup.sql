-- BRIN or btree (test/bench.sh): a copy of the time keys without their primary key, in the
-- same physical order (time order: a serial scan from the first block copies it as it
-- lies), and the indexes that test/bench/brin.sql builds on it one at a time.
\set ON_ERROR_STOP on
\set QUIET on
SET max_parallel_workers_per_gather = 0;
-- A scan of a table larger than a quarter of shared_buffers starts where the last scan of
-- it was (synchronized scans): after the time windows' sequential scans that is anywhere,
-- and the copy would start mid-year (a correlation of 0.84 in one run).
SET synchronize_seqscans = off;
CREATE TABLE bench_brin_keys AS SELECT id, n FROM bench_time_keys;
VACUUM ANALYZE bench_brin_keys;
-- How closely the table's physical order follows the keys (1: exactly), which BRIN needs.
CREATE TABLE bench_brin_table AS
SELECT pg_relation_size('bench_brin_keys') AS heap_bytes,
       (SELECT correlation FROM pg_stats WHERE tablename = 'bench_brin_keys' AND attname = 'id') AS correlation;

CREATE TABLE bench_brin_index (position int PRIMARY KEY, label text NOT NULL, definition text NOT NULL);
INSERT INTO bench_brin_index VALUES
    (1, 'btree (as the primary key''s)', '(id)'),
    (2, 'BRIN `uuid_minmax_ops`, 128 pages per range (the default)', 'USING brin (id uuid_minmax_ops)'),
    (3, 'BRIN `uuid_minmax_ops`, 32 pages per range', 'USING brin (id uuid_minmax_ops) WITH (pages_per_range = 32)');
CREATE TABLE bench_brin_build (index_position int, round int, seconds float8 NOT NULL, bytes bigint NOT NULL,
                               PRIMARY KEY (index_position, round));
CREATE TABLE bench_brin_rows (window_position int, form_position int, rows bigint NOT NULL,
                              PRIMARY KEY (window_position, form_position));
CREATE TABLE bench_brin_sample (index_position int, round int, window_position int, form_position int,
                                repetition int, execution_ms float8 NOT NULL, planning_ms float8 NOT NULL,
                                buffers bigint NOT NULL, plan text NOT NULL, estimate text NOT NULL);
