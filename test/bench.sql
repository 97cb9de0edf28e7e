-- The benchmark: cost per call of each generator, measured in one session on one server,
-- as the median of several interleaved repetitions, against an empty loop and core
-- gen_random_uuid(). Run by test/bench.sh, which sets :calls and :repetitions.
\set QUIET on
SET jit = off;
SET max_parallel_workers_per_gather = 0;

CREATE TEMP TABLE bench_candidate (position int, label text, expression text);
INSERT INTO bench_candidate VALUES
    (1, 'empty loop',                 'g'),
    (2, 'gen_random_uuid() (core)',   'gen_random_uuid()'),
    (3, 'uuid_generate_v7()',         'uuid_generate_v7()'),
    (4, 'uuidv4()',                   'uuidv4()');
INSERT INTO bench_candidate
SELECT 10 + row_number() OVER (), label, expression
FROM (VALUES ('uuid_generate_v6()', 'uuid_generate_v6()'), ('uuidv1()', 'uuidv1()')) AS c(label, expression)
WHERE to_regproc(split_part(expression, '(', 1)) IS NOT NULL;
INSERT INTO bench_candidate
SELECT 20 + row_number() OVER (), label, expression
FROM (VALUES ('uuid-ossp uuid_generate_v4()', 'uuid_generate_v4()'),
             ('uuid-ossp uuid_generate_v1()', 'uuid_generate_v1()')) AS c(label, expression)
WHERE to_regproc(split_part(expression, '(', 1)) IS NOT NULL;

CREATE TEMP TABLE bench_sample (label text, repetition int, seconds float8);

CREATE FUNCTION pg_temp.time_query(query text) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE
    started timestamptz;
BEGIN
    started := clock_timestamp();
    EXECUTE query;
    RETURN extract(epoch FROM clock_timestamp() - started);
END $$;

SELECT set_config('bench.calls', :'calls', false), set_config('bench.repetitions', :'repetitions', false) \gset

DO $$
DECLARE
    c record;
    calls int := current_setting('bench.calls')::int;
BEGIN
    FOR repetition IN 0 .. current_setting('bench.repetitions')::int LOOP  -- 0 warms up
        FOR c IN SELECT * FROM bench_candidate ORDER BY position LOOP
            INSERT INTO bench_sample
            SELECT c.label, repetition,
                   pg_temp.time_query(format('SELECT count(%s) FROM generate_series(1, %s) g', c.expression, calls));
        END LOOP;
    END LOOP;
    DELETE FROM bench_sample WHERE repetition = 0;
END $$;

\set QUIET off
\pset footer off
WITH median AS (
    SELECT label, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) * 1e9 / current_setting('bench.calls')::int AS ns
    FROM bench_sample GROUP BY label),
baseline AS (
    SELECT (SELECT ns FROM median WHERE label = 'empty loop') AS empty,
           (SELECT ns FROM median WHERE label = 'gen_random_uuid() (core)') AS core)
SELECT m.label AS function,
       round(m.ns::numeric, 1) AS "ns per call",
       round((m.ns - b.empty)::numeric, 1) AS "ns over empty loop",
       CASE WHEN m.label = 'empty loop' THEN NULL
            ELSE round(((m.ns - b.empty) / (b.core - b.empty))::numeric, 3) END AS "extra cost / gen_random_uuid()'s"
FROM median m CROSS JOIN baseline b JOIN bench_candidate c USING (label)
ORDER BY c.position;
