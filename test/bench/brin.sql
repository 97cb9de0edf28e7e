-- One round of BRIN or btree (test/bench.sh) for index :index_position (bench_brin_index,
-- test/bench/brin_setup.sql): builds it alone on the copy of the time keys (time and size),
-- measures the constant windows (one day, one hour) by the explicit key bounds and the
-- natural form, :repetitions times each, interleaved, after one warm-up run of each, and
-- drops it. The query sums a column, as a query that needs the rows does: a count(*)
-- alone would let the btree answer from the index (an index-only scan), which a BRIN
-- cannot.
\set ON_ERROR_STOP on
\set QUIET on
SET TimeZone = 'UTC';
\ir explain.sql
SELECT format('CREATE INDEX bench_brin_keys_index ON bench_brin_keys %s', definition) AS ddl
FROM bench_brin_index WHERE position = :index_position \gset
SELECT clock_timestamp() AS started \gset
:ddl;
SELECT clock_timestamp() AS finished \gset
INSERT INTO bench_brin_build
SELECT :index_position, :round, extract(epoch FROM :'finished'::timestamptz - :'started'::timestamptz),
       pg_relation_size('bench_brin_keys_index');

SELECT set_config('bench.repetitions', :'repetitions', false), set_config('bench.index', :'index_position', false),
       set_config('bench.round', :'round', false) \gset
DO $$
DECLARE
    w record;
    f record;
    query text;
    total bigint;
    counted bigint;
BEGIN
    FOR repetition IN 0 .. current_setting('bench.repetitions')::int LOOP  -- 0 warms up
        FOR w IN SELECT * FROM bench_time_window WHERE constant ORDER BY position LOOP
            FOR f IN SELECT * FROM bench_time_form WHERE baseline OR position = 1
                     ORDER BY (position + repetition) % 2, position LOOP
                query := 'SELECT sum(n) FROM bench_brin_keys WHERE ' || format(f.predicate, w.lower, w.upper);
                IF repetition = 0 THEN
                    EXECUTE replace(query, 'sum(n)', 'count(*)') INTO counted;
                    INSERT INTO bench_brin_rows VALUES (w.position, f.position, counted) ON CONFLICT DO NOTHING;
                ELSE
                    INSERT INTO bench_brin_sample
                    SELECT current_setting('bench.index')::int, current_setting('bench.round')::int, w.position,
                           f.position, repetition, m.*
                    FROM pg_temp.measure(query) m;
                END IF;
            END LOOP;
        END LOOP;
    END LOOP;
END $$;
DROP INDEX bench_brin_keys_index;
