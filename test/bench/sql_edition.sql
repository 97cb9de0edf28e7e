-- uuidx_sql beside what users compare it with (test/bench.sh, BENCH_SQL_EDITION_ONLY=1;
-- docs/performance.md, "uuidx_sql, the SQL edition"), on a server where uuidx is not
-- preloaded, in one session:
--  1. the cost of one call over an empty loop, of gen_random_uuid(), uuidx_sql's
--     uuid_generate_v7(), the C edition's, and the two techniques home-made functions use,
--     written here from their description: the millisecond laid over gen_random_uuid()'s
--     bytes in a SQL function, and a PL/pgSQL function building the bytes;
--  2. inserts of :rows rows into a table whose key defaults to each;
--  3. the window operator's time questions, uuidx_sql's against the C edition's, on one
--     table of :time_rows v7 keys over 30 days.
-- Every figure is a median of interleaved repetitions (each round takes the candidates in
-- another order); ratios are what to compare. Prints markdown tables.
\set ON_ERROR_STOP on
\set QUIET on
SET jit = off;
SET max_parallel_workers_per_gather = 0;
SET client_min_messages = warning;
CREATE EXTENSION uuidx;
CREATE SCHEMA s;
CREATE EXTENSION uuidx_sql SCHEMA s;
SELECT set_config('bench.calls', :'calls', false), set_config('bench.repetitions', :'repetitions', false),
       set_config('bench.rows', :'rows', false), set_config('bench.insert_rounds', :'insert_rounds', false),
       set_config('bench.time_repetitions', :'time_repetitions', false) \gset

-- The common SQL technique: a v4 from gen_random_uuid(), its first 48 bits replaced by the
-- Unix milliseconds of clock_timestamp(), and its version nibble turned from 4 to 7.
CREATE FUNCTION homemade_v7_sql() RETURNS uuid LANGUAGE sql VOLATILE AS $$
    SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
                                          PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                                          FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;
-- The common PL/pgSQL technique: the same bytes built step by step in variables.
CREATE FUNCTION homemade_v7_plpgsql() RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    unix_ms bytea := substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3);
    bytes bytea := uuid_send(gen_random_uuid());
BEGIN
    bytes := overlay(bytes PLACING unix_ms FROM 1 FOR 6);
    bytes := set_byte(bytes, 6, (get_byte(bytes, 6) & 15) | 112);
    RETURN encode(bytes, 'hex')::uuid;
END $$;

CREATE TEMP TABLE candidate (position int, label text, call text);
INSERT INTO candidate VALUES
    (1, 'empty loop', 'g'),
    (2, '`gen_random_uuid()` (v4, core)', 'gen_random_uuid()'),
    (3, '**`uuid_generate_v7()` (uuidx_sql)**', 's.uuid_generate_v7()'),
    (4, '`uuid_generate_v7()` (uuidx, the C edition)', 'public.uuid_generate_v7()'),
    (5, 'home-made: a SQL function, the millisecond over a v4', 'homemade_v7_sql()'),
    (6, 'home-made: a PL/pgSQL function building the bytes', 'homemade_v7_plpgsql()');

CREATE FUNCTION pg_temp.seconds_of(query text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
    started timestamptz := clock_timestamp();
BEGIN
    EXECUTE query;
    RETURN extract(epoch FROM clock_timestamp() - started);
END $$;

-- 1. Cost per call: round 0 warms up; each round starts with another candidate.
CREATE TEMP TABLE call_sample (position int, round int, seconds float8);
DO $$
DECLARE
    c record;
    calls int := current_setting('bench.calls')::int;
    count int := (SELECT count(*) FROM candidate);
BEGIN
    FOR round IN 0 .. current_setting('bench.repetitions')::int LOOP
        FOR c IN SELECT * FROM candidate ORDER BY (position + round) % count LOOP
            INSERT INTO call_sample
            SELECT c.position, round, pg_temp.seconds_of(format('SELECT count(%s) FROM generate_series(1, %s) g', c.call, calls));
        END LOOP;
    END LOOP;
END $$;

-- 2. Inserts: a fresh table per key and round, rounds rotating the order.
CREATE TEMP TABLE insert_sample (position int, round int, seconds float8);
CREATE PROCEDURE pg_temp.measure_inserts() LANGUAGE plpgsql AS $$
DECLARE
    c record;
    count int := (SELECT count(*) FROM candidate WHERE position > 1);
    seconds float8;
BEGIN
    FOR round IN 1 .. current_setting('bench.insert_rounds')::int LOOP
        FOR c IN SELECT * FROM candidate WHERE position > 1 ORDER BY (position + round) % count LOOP
            DROP TABLE IF EXISTS bench_insert;
            EXECUTE format('CREATE TABLE bench_insert (id uuid PRIMARY KEY DEFAULT %s, n int)', c.call);
            COMMIT;
            seconds := pg_temp.seconds_of(format('INSERT INTO bench_insert (n) SELECT g FROM generate_series(1, %s) g',
                                                 current_setting('bench.rows')));
            INSERT INTO insert_sample VALUES (c.position, round, seconds);
            COMMIT;
        END LOOP;
    END LOOP;
    DROP TABLE bench_insert;
END $$;
CALL pg_temp.measure_inserts();

-- 3. Time questions, each asked with uuidx's operator and with uuidx_sql's (%1$s), of one
-- table of v7 keys over the last 30 days.
CREATE TABLE bench_keys (id uuid PRIMARY KEY, n int);
INSERT INTO bench_keys
SELECT public.uuid_generate_v7(clock_timestamp() - interval '30 days' * g / :time_rows), g FROM generate_series(1, :time_rows) g;
VACUUM ANALYZE bench_keys;
SELECT date_trunc('hour', now() - interval '5 days') AS an_hour \gset
CREATE TEMP TABLE question (position int, label text, query text);
INSERT INTO question VALUES
    (1, 'count of the last day (`now()`-relative window)',
     'SELECT count(*) FROM bench_keys WHERE id OPERATOR(%1$s.<@) %1$s.uuid_time_window(now() - interval ''1 day'', ''infinity'')'),
    (2, 'one hour''s rows (constant window)',
     format('SELECT sum(n) FROM bench_keys WHERE id OPERATOR(%%1$s.<@) %%1$s.uuid_time_window(%L, %L)',
            :'an_hour', :'an_hour'::timestamptz + interval '1 hour')),
    (3, 'per hour over the last day',
     'SELECT date_trunc(''hour'', %1$s.uuid_v7_to_timestamptz(id)), count(*) FROM bench_keys
      WHERE id OPERATOR(%1$s.<@) %1$s.uuid_time_window(now() - interval ''1 day'', ''infinity'') GROUP BY 1'),
    (4, 'the first row at or after a time',
     format('SELECT * FROM bench_keys WHERE id >= %%1$s.uuid_time_min_key(%L, true) ORDER BY id LIMIT 1', :'an_hour')),
    (5, 'count of the last 25 days (most rows; `now()`-relative)',
     'SELECT count(*) FROM bench_keys WHERE id OPERATOR(%1$s.<@) %1$s.uuid_time_window(now() - interval ''25 days'', ''infinity'')'),
    (6, 'the same with the window''s keys computed once (a subquery)',
     'SELECT count(*) FROM bench_keys WHERE id BETWEEN (SELECT %1$s.uuid_range_min_key(%1$s.uuid_time_window(now() - interval ''25 days'', ''infinity'')))
                                             AND (SELECT %1$s.uuid_range_max_key(%1$s.uuid_time_window(now() - interval ''25 days'', ''infinity'')))');
CREATE TEMP TABLE question_sample (position int, edition text, round int, seconds float8);
DO $$
DECLARE
    q record;
    edition text;
BEGIN
    FOR round IN 0 .. current_setting('bench.time_repetitions')::int LOOP
        FOR q IN SELECT * FROM question ORDER BY position LOOP
            FOREACH edition IN ARRAY CASE WHEN round % 2 = 0 THEN ARRAY['public', 's'] ELSE ARRAY['s', 'public'] END LOOP
                INSERT INTO question_sample
                SELECT q.position, edition, round, pg_temp.seconds_of(format(q.query, edition));
            END LOOP;
        END LOOP;
    END LOOP;
END $$;
-- Whether each edition's question reads the key's index (the plans of the C edition's and
-- uuidx_sql's are the same shapes: index conditions on id).
CREATE FUNCTION pg_temp.scan_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    line text;
    scans text := '';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN ' || query LOOP
        IF line ~ '(Index Only Scan|Index Scan|Seq Scan|Bitmap Index Scan)' THEN
            scans := concat_ws(', ', nullif(scans, ''), substring(line FROM '(Index Only Scan|Index Scan|Seq Scan|Bitmap Index Scan)'));
        END IF;
    END LOOP;
    RETURN scans;
END $$;

-- The report.
\pset format unaligned
\pset tuples_only on
\pset footer off
SELECT format(E'\n### uuidx_sql, the SQL edition\n\n%s, %s cores; uuidx not preloaded (the C edition is loaded by its first call, as on a server without preloading), uuidx_sql %s in one session.\n',
              'PostgreSQL ' || current_setting('server_version'), :'cores',
              (SELECT extversion FROM pg_extension WHERE extname = 'uuidx_sql'));
SELECT format(E'Cost of one call over the empty loop (`SELECT count(f()) FROM generate_series(1, %s)`; medians of %s interleaved rounds):\n',
              current_setting('bench.calls'), current_setting('bench.repetitions'));
SELECT '| generator | ns per call | ns over the loop | × `gen_random_uuid()` |';
SELECT '| --- | ---: | ---: | ---: |';
WITH median AS (
    SELECT position, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) * 1e9 / current_setting('bench.calls')::int AS ns
    FROM call_sample WHERE round > 0 GROUP BY position),
loop AS (SELECT ns FROM median WHERE position = 1), v4 AS (SELECT ns FROM median WHERE position = 2)
SELECT format('| %s | %s | %s | %s |', c.label, round(m.ns::numeric), round((m.ns - loop.ns)::numeric),
              CASE WHEN c.position = 1 THEN '' ELSE to_char((m.ns - loop.ns) / (v4.ns - loop.ns), 'FM990.00') END)
FROM candidate c JOIN median m USING (position), loop, v4 ORDER BY c.position;
SELECT format(E'\nInserts of %s rows into `t (id uuid PRIMARY KEY DEFAULT f(), n int)` (medians of %s interleaved rounds):\n',
              current_setting('bench.rows'), current_setting('bench.insert_rounds'));
SELECT '| key default | insert (s) | × `gen_random_uuid()`''s |';
SELECT '| --- | ---: | ---: |';
WITH median AS (SELECT position, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) AS s FROM insert_sample GROUP BY position),
v4 AS (SELECT s FROM median WHERE position = 2)
SELECT format('| %s | %s | %s |', c.label, to_char(m.s, 'FM990.00'), to_char(m.s / v4.s, 'FM990.00'))
FROM candidate c JOIN median m USING (position), v4 ORDER BY c.position;
SELECT format(E'\nTime questions of %s v7 keys over 30 days (a primary key on `id`), asked with each edition''s window operator (medians of %s interleaved rounds, ms):\n',
              :time_rows, current_setting('bench.time_repetitions'));
SELECT '| question | uuidx (C) | uuidx_sql | × uuidx''s | scans (uuidx / uuidx_sql) |';
SELECT '| --- | ---: | ---: | ---: | --- |';
WITH median AS (
    SELECT position, edition, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) * 1000 AS ms
    FROM question_sample WHERE round > 0 GROUP BY position, edition)
SELECT format('| %s | %s | %s | %s | %s / %s |', q.label, to_char(c.ms, 'FM999990.00'), to_char(s.ms, 'FM999990.00'),
              to_char(s.ms / c.ms, 'FM99990.00'), pg_temp.scan_of(format(q.query, 'public')), pg_temp.scan_of(format(q.query, 's')))
FROM question q JOIN median c ON c.position = q.position AND c.edition = 'public'
JOIN median s ON s.position = q.position AND s.edition = 's' ORDER BY q.position;
DROP TABLE bench_keys;
