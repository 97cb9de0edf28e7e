-- Time windows over the keys of test/bench/time_setup.sql: every form of each window
-- (bench_time_form) as SELECT count(*), in rounds that interleave all windows and forms.
-- Round 0 runs each query for its count (and warms the cache); each round after it runs
-- EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, FORMAT JSON) and keeps the execution and
-- planning times, the shared buffers hit and read, and the plan's shape
-- (test/bench/explain.sql). Run by test/bench.sh, which sets :repetitions.
\set ON_ERROR_STOP on
\set QUIET on
SET TimeZone = 'UTC';

\ir explain.sql

SELECT set_config('bench.repetitions', :'repetitions', false) \gset

DO $$
DECLARE
    w record;
    f record;
    query text;
    counted bigint;
BEGIN
    FOR repetition IN 0 .. current_setting('bench.repetitions')::int LOOP  -- 0 counts and warms up
        FOR w IN SELECT * FROM bench_time_window ORDER BY position LOOP
            -- The order of the forms rotates from round to round, so that no form always
            -- comes right after the sequential scans (whose pages leave the CPU's caches).
            FOR f IN SELECT * FROM bench_time_form
                     ORDER BY (position + repetition) % (SELECT count(*) FROM bench_time_form), position LOOP
                query := 'SELECT count(*) FROM bench_time_keys WHERE ' || format(f.predicate, w.lower, w.upper);
                PERFORM set_config('uuidx.time_predicates', CASE WHEN f.hook THEN 'on' ELSE 'off' END, false);
                IF repetition = 0 THEN
                    EXECUTE query INTO counted;
                    INSERT INTO bench_time_rows VALUES (w.position, f.position, counted);
                ELSE
                    INSERT INTO bench_time_sample
                    SELECT w.position, f.position, repetition, m.* FROM pg_temp.measure(query) m;
                END IF;
            END LOOP;
        END LOOP;
    END LOOP;
    PERFORM set_config('uuidx.time_predicates', 'on', false);
END $$;
