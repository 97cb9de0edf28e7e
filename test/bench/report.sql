-- The benchmark's report: the markdown tables of docs/performance.md, on
-- stdout, and the data of the plot (test/bench/plot.gp) in :data_file. Run by
-- test/bench.sh after the measurements, with the run's parameters as variables.
\set ON_ERROR_STOP on
\set QUIET on
\pset format unaligned
\pset tuples_only on
\pset fieldsep '\t'

CREATE TEMP VIEW call_cost AS
WITH baseline AS (
    SELECT (SELECT ns FROM bench_call_result JOIN bench_candidate USING (position) WHERE call = 'g') AS empty_loop,
           (SELECT ns FROM bench_call_result JOIN bench_candidate USING (position)
            WHERE call = 'gen_random_uuid()') AS core_v4)
SELECT c.position, c.label, c.call, r.ns, r.ns - b.empty_loop AS extra_ns,
       (r.ns - b.empty_loop) / (b.core_v4 - b.empty_loop) AS extra_vs_core_v4
FROM bench_candidate c JOIN bench_call_result r USING (position) CROSS JOIN baseline b
WHERE c.source IS NULL;

-- The text forms and public ids, per key over reading the key.
CREATE TEMP VIEW text_form_cost AS
SELECT c.position, c.label, r.ns,
       r.ns - (SELECT ns FROM bench_call_result JOIN bench_candidate USING (position) WHERE call = 'k.id') AS extra_ns
FROM bench_candidate c JOIN bench_call_result r USING (position)
WHERE c.source IS NOT NULL;

CREATE TEMP VIEW key_result AS
WITH measured AS (
    SELECT position,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) AS seconds,
           count(*) AS repetitions,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY wal_bytes) AS wal_bytes,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY index_bytes) AS index_bytes,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY leaf_density) AS leaf_density,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY leaf_fragmentation) AS leaf_fragmentation
    FROM bench_insert_result GROUP BY position)
SELECT position, c.label, c.key_column, c.in_ratio, m.seconds, m.repetitions, m.wal_bytes, m.index_bytes,
       m.leaf_density, m.leaf_fragmentation, p.tps,
       m.seconds / (SELECT b.seconds FROM measured b JOIN bench_candidate USING (position)
                    WHERE key_column LIKE 'bigint%') AS vs_bigint
FROM bench_candidate c JOIN measured m USING (position) LEFT JOIN bench_pgbench_result p USING (position);

-- The plot's data: one line per key.
\o :data_file
SELECT 'key', 'insert_s', 'wal_mb', 'index_mb', 'leaf_fragmentation', 'pgbench_tps', 'ns_over_loop';
SELECT replace(k.label, '`', ''), round(k.seconds::numeric, 2), round((k.wal_bytes / 1e6)::numeric, 1),
       round((k.index_bytes / 1e6)::numeric, 1), round(k.leaf_fragmentation::numeric, 1), round(k.tps::numeric),
       round(c.extra_ns::numeric, 1)
FROM key_result k JOIN call_cost c USING (position) ORDER BY position;
\o

SELECT format('PostgreSQL %s, uuidx %s', current_setting('server_version'), extversion)
       || coalesce((SELECT ', pg_uuidv7 ' || extversion FROM pg_extension WHERE extname = 'pg_uuidv7'), '')
       || coalesce((SELECT ', TimescaleDB ' || extversion FROM pg_extension WHERE extname = 'timescaledb'), '')
       || coalesce((SELECT ', uuid-ossp ' || extversion FROM pg_extension WHERE extname = 'uuid-ossp'), '')
       || format('; %s cores; uuidx order: %s.', :'cores', uuidx_order_scope())
FROM pg_extension WHERE extname = 'uuidx';
SELECT '';
SELECT format('Cost per call: `SELECT count(f()) FROM generate_series(1, %s)` in one session, median of %s '
              'interleaved repetitions after a warm-up, against the empty loop `SELECT count(g) ...`.',
              :calls, :call_repetitions);
SELECT '';
SELECT '| generator | ns per call | ns over the empty loop | extra cost / `gen_random_uuid()`''s |';
SELECT '| --- | ---: | ---: | ---: |';
SELECT format('| %s | %s | %s | %s |', label, round(ns), round(extra_ns),
              CASE WHEN call = 'g' THEN '' WHEN call = 'gen_random_uuid()' THEN '1.000'
                   ELSE to_char(extra_vs_core_v4, 'FM990.000') END)
FROM call_cost ORDER BY position;
SELECT '';
SELECT format('Text forms and public ids: `SELECT count(f(k.id)) FROM keys k` over %s v7 keys (decoders read '
              'the key''s TypeID, ULID or public id column), same method, against reading the key alone.', :calls);
SELECT '';
SELECT '| function | ns per key | ns over reading the key |';
SELECT '| --- | ---: | ---: |';
SELECT format('| %s | %s | %s |', label, round(ns), CASE WHEN extra_ns = 0 AND label LIKE 'reading%' THEN '' ELSE round(extra_ns)::text END)
FROM text_form_cost ORDER BY position;
SELECT '';
SELECT format('One clock read (`clock_gettime(CLOCK_REALTIME)` in a C++ loop, same run): %s ns; '
              'uuidx''s v7 in that loop, without PostgreSQL: %s ns.', :'clock_read_ns', :'core_v7_ns');
SELECT '';
SELECT format('Inserts: `INSERT INTO t (n) SELECT g FROM generate_series(1, %s) g` into `t (id <key> PRIMARY KEY, '
              'n int)`, autovacuum off, after a `CHECKPOINT`; medians of %s interleaved repetitions (%s for the '
              'pair compared last). WAL is the `pg_current_wal_lsn()` difference; density and fragmentation of '
              'the primary key are `pgstatindex()`''s. pgbench: 4 clients, %s s per key, one `INSERT` per '
              'transaction.', :rows, :repetitions, :ratio_repetitions, :pgbench_seconds);
SELECT '';
SELECT '| key | insert (s) | time / bigint''s | WAL (MB) | index (MB) | leaf density (%) | leaf fragmentation (%) | pgbench (inserts/s) |';
SELECT '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |';
SELECT format('| %s | %s | %s | %s | %s | %s | %s | %s |', label, to_char(seconds, 'FM990.00'),
              to_char(vs_bigint, 'FM990.00'), round(wal_bytes / 1e6), round(index_bytes / 1e6),
              round(leaf_density::numeric, 1), round(leaf_fragmentation::numeric, 1), coalesce(round(tps::numeric)::text, ''))
FROM key_result ORDER BY position;
SELECT '';
SELECT format('%s inserts take **%sx** the time of bigint identity''s (medians of %s interleaved repetitions: %s s and %s s).',
              v7.label, to_char(v7.seconds / bigint.seconds, 'FM990.000'), least(v7.repetitions, bigint.repetitions),
              to_char(v7.seconds, 'FM990.00'), to_char(bigint.seconds, 'FM990.00'))
FROM key_result v7, key_result bigint
WHERE v7.in_ratio AND bigint.in_ratio AND v7.position <> bigint.position AND bigint.key_column LIKE 'bigint%';
