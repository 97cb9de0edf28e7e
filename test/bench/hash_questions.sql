-- The time questions on a hash-partitioned table beside the plain one (docs/many-cores.md),
-- after test/bench/time_setup.sql: bench_time_hash holds bench_time_keys's rows in
-- :hash_partitions partitions `PARTITION BY HASH (id)`. Each question is asked of both, in
-- rounds that interleave them (the order alternates from round to round), two ways: planned
-- each time (EXPLAIN ANALYZE of the query: its planning and execution times), and as a
-- prepared statement (PREPAREd once, then EXPLAIN ANALYZE EXECUTE: the cached plan's
-- execution, and the time to fetch it). Round 0 answers each and compares the two tables'
-- answers. Run by test/bench.sh, which sets :hash_partitions and :repetitions.
\set ON_ERROR_STOP on
\set QUIET on
SET TimeZone = 'UTC';

\ir explain.sql

CREATE TABLE bench_time_hash (id uuid PRIMARY KEY, n int NOT NULL, CHECK (public.uuid_extract_version(id) = 7))
    PARTITION BY HASH (id);
SELECT format('CREATE TABLE bench_time_hash_%s PARTITION OF bench_time_hash FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
              r, :hash_partitions, r)
FROM generate_series(0, :hash_partitions - 1) r \gexec
INSERT INTO bench_time_hash SELECT id, n FROM bench_time_keys;
VACUUM ANALYZE bench_time_hash;

-- The questions of the issue that asked for them, {rel} the table: a day's count and rows
-- (bench_time_window's day, constants), the last hour's sum (before now()), the latest 20,
-- the first 20 after the day's start, min() and max() of the time.
CREATE TABLE bench_hash_question (position int PRIMARY KEY, label text NOT NULL, query text NOT NULL);
INSERT INTO bench_hash_question
SELECT q.position, q.label, replace(replace(q.query, '{day_lower}', d.lower), '{day_upper}', d.upper)
FROM bench_time_window d, (VALUES
    (1, 'a day''s count', 'SELECT count(*) FROM {rel} WHERE uuid_v7_to_timestamptz(id) >= {day_lower} AND uuid_v7_to_timestamptz(id) < {day_upper}'),
    (2, 'a day''s rows', 'SELECT id, n FROM {rel} WHERE uuid_v7_to_timestamptz(id) >= {day_lower} AND uuid_v7_to_timestamptz(id) < {day_upper}'),
    (3, 'the last hour''s sum', 'SELECT sum(n) FROM {rel} WHERE uuid_v7_to_timestamptz(id) >= now() - interval ''1 hour'''),
    (4, 'the latest 20', 'SELECT id, n FROM {rel} ORDER BY uuid_v7_to_timestamptz(id) DESC, id DESC LIMIT 20'),
    (5, 'the first 20 after a time', 'SELECT id, n FROM {rel} WHERE uuid_v7_to_timestamptz(id) >= {day_lower} ORDER BY uuid_v7_to_timestamptz(id), id LIMIT 20'),
    (6, '`min()` and `max()`', 'SELECT min(uuid_v7_to_timestamptz(id)), max(uuid_v7_to_timestamptz(id)) FROM {rel}')
) AS q(position, label, query)
WHERE d.position = 1;

CREATE TABLE bench_hash_answer (question int, rel text, digest text, PRIMARY KEY (question, rel));
CREATE TABLE bench_hash_sample (question int, rel text, prepared bool, repetition int, planning_ms float8,
                                execution_ms float8, plan text);

SELECT set_config('bench.repetitions', :'repetitions', false) \gset
DO $$
DECLARE
    q record;
    rel text;
    query text;
    result json;
BEGIN
    FOR repetition IN 0 .. current_setting('bench.repetitions')::int LOOP  -- 0 answers and warms up
        FOR q IN SELECT * FROM bench_hash_question ORDER BY position LOOP
            FOREACH rel IN ARRAY CASE WHEN repetition % 2 = 0 THEN ARRAY['bench_time_keys', 'bench_time_hash']
                                      ELSE ARRAY['bench_time_hash', 'bench_time_keys'] END LOOP
                query := replace(q.query, '{rel}', rel);
                IF repetition = 0 THEN
                    EXECUTE format('INSERT INTO bench_hash_answer SELECT %s, %L, md5(string_agg(x::text, '','' ORDER BY x::text)) '
                                   'FROM (%s) x', q.position, rel, query);
                    EXECUTE format('PREPARE bench_hash_%s_%s AS %s', q.position, rel, query);
                    EXECUTE format('EXECUTE bench_hash_%s_%s', q.position, rel);  -- its plan made and cached
                    CONTINUE;
                END IF;
                EXECUTE 'EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ' || query INTO result;
                INSERT INTO bench_hash_sample VALUES (q.position, rel, false, repetition, (result->0->>'Planning Time')::float8,
                                                      (result->0->>'Execution Time')::float8, pg_temp.plan_shape(result->0->'Plan'));
                EXECUTE format('EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) EXECUTE bench_hash_%s_%s', q.position, rel) INTO result;
                INSERT INTO bench_hash_sample VALUES (q.position, rel, true, repetition, coalesce((result->0->>'Planning Time')::float8, 0),
                                                      (result->0->>'Execution Time')::float8, pg_temp.plan_shape(result->0->'Plan'));
            END LOOP;
        END LOOP;
    END LOOP;
END $$;
DEALLOCATE ALL;
