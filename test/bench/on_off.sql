-- The time predicates on against off (test/bench/on_off_setup.sql's cases). First each
-- case's answer with uuidx.time_predicates on and with it off, in one transaction (one
-- now()): the rows, and a digest of them (in their order for the orderings by time, in any
-- order for the others); where the two differ, the benchmark stops with the cases. Then
-- :repetitions rounds of every case, on and off back to back (each first in turn), each
-- measured by test/bench/explain.sql's EXPLAIN (ANALYZE, BUFFERS, TIMING OFF): planning and
-- execution time and the plan's shape. Run by test/bench.sh, which sets :repetitions.
\set ON_ERROR_STOP on
\set QUIET on
SET TimeZone = 'UTC';

DO $$
DECLARE
    c record;
    setting bool;
    differing text;
BEGIN
    FOR c IN SELECT bench_onoff_case.*, s.ordered FROM bench_onoff_case JOIN bench_onoff_shape s ON s.position = shape_position
             ORDER BY position LOOP
        PERFORM set_config('max_parallel_workers_per_gather', c.workers, false);
        FOREACH setting IN ARRAY ARRAY[true, false] LOOP
            PERFORM set_config('uuidx.time_predicates', setting::text, false);
            EXECUTE format('INSERT INTO bench_onoff_answer SELECT %s, %L, count(*), %s FROM (%s) q', c.position, setting,
                           CASE WHEN c.ordered THEN 'md5(string_agg(q::text, '',''))'
                                ELSE 'sum(hashtext(q::text))::text' END, c.query);
        END LOOP;
    END LOOP;
    SELECT string_agg(format('%s (workers: %s): %s rows, digest %s with the setting on; %s rows, digest %s off',
                             k.query, k.workers, a_on.rows, a_on.digest, a_off.rows, a_off.digest), E'\n')
    INTO differing
    FROM bench_onoff_case k
    JOIN bench_onoff_answer a_on ON a_on.case_position = k.position AND a_on.time_predicates
    JOIN bench_onoff_answer a_off ON a_off.case_position = k.position AND NOT a_off.time_predicates
    WHERE (a_on.rows, a_on.digest) IS DISTINCT FROM (a_off.rows, a_off.digest);
    IF differing IS NOT NULL THEN
        RAISE EXCEPTION E'uuidx.time_predicates on and off answered differently:\n%', differing;
    END IF;
END $$;

\ir explain.sql
SELECT set_config('bench.repetitions', :'repetitions', false) \gset
DO $$
DECLARE
    c record;
    setting bool;
BEGIN
    FOR repetition IN 1 .. current_setting('bench.repetitions')::int LOOP
        FOR c IN SELECT * FROM bench_onoff_case ORDER BY position LOOP
            PERFORM set_config('max_parallel_workers_per_gather', c.workers, false);
            -- Each setting first in every other round, so that neither always runs on the
            -- caches the other left.
            FOREACH setting IN ARRAY ARRAY[(repetition + c.position) % 2 = 0, (repetition + c.position) % 2 = 1] LOOP
                PERFORM set_config('uuidx.time_predicates', setting::text, false);
                INSERT INTO bench_onoff_sample
                SELECT c.position, setting, repetition, m.execution_ms, m.planning_ms, m.plan
                FROM pg_temp.measure(c.query) m;
            END LOOP;
        END LOOP;
    END LOOP;
END $$;
RESET uuidx.time_predicates;
RESET max_parallel_workers_per_gather;
