-- The cost per call of each generator (bench_candidate, test/bench/setup.sql), measured in
-- one session as the median of interleaved repetitions of SELECT count(f()) over
-- generate_series (or, for the text forms, over a table of :calls keys), after a warm-up
-- round. Run by test/bench.sh, which sets :calls and
-- :repetitions; the medians go to bench_call_result.
\set ON_ERROR_STOP on
\set QUIET on
SET jit = off;
SET max_parallel_workers_per_gather = 0;

CREATE TEMP TABLE bench_sample (position int, repetition int, seconds float8);

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
            SELECT c.position, repetition,
                   pg_temp.time_query(format('SELECT count(%s) FROM %s', c.call,
                                             coalesce(c.source, format('generate_series(1, %s) g', calls))));
        END LOOP;
    END LOOP;
END $$;

INSERT INTO bench_call_result
SELECT position, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) * 1e9 / current_setting('bench.calls')::int
FROM bench_sample WHERE repetition > 0 GROUP BY position;
