-- The time questions against a stored created_at (test/bench/time_stored_setup.sql): every
-- question of bench_stored_shape asked in every form of bench_stored_form, in rounds that
-- interleave them all (the order of the forms rotates from round to round, as in
-- test/bench/time_windows.sql). Round 0 runs each query for its answer (and warms the
-- cache); each round after it keeps test/bench/explain.sql's measure and the estimated and
-- actual rows of the scan of the table. Run by test/bench.sh, which sets :repetitions.
\set ON_ERROR_STOP on
\set QUIET on
SET TimeZone = 'UTC';

\ir explain.sql

SELECT set_config('bench.repetitions', :'repetitions', false) \gset

DO $$
DECLARE
    s record;
    f record;
    query text;
BEGIN
    FOR repetition IN 0 .. current_setting('bench.repetitions')::int LOOP  -- 0 answers and warms up
        FOR s IN SELECT * FROM bench_stored_shape ORDER BY position LOOP
            FOR f IN SELECT * FROM bench_stored_form
                     ORDER BY (position + repetition) % (SELECT count(*) FROM bench_stored_form), position LOOP
                query := replace(replace(s.query, '{rel}', f.rel), '{time}', f.time_expression);
                IF repetition = 0 THEN
                    EXECUTE format('INSERT INTO bench_stored_answer SELECT %s, %s, count(*), '
                                   'md5(string_agg(q::text, '','' ORDER BY q::text)) FROM (%s) q',
                                   s.position, f.position, query);
                ELSE
                    INSERT INTO bench_stored_sample
                    SELECT s.position, f.position, repetition, m.* FROM pg_temp.measure_scan(query, '{bench_time_stored,bench_time_keys}') m;
                END IF;
            END LOOP;
        END LOOP;
    END LOOP;
END $$;
