-- The planning cost of uuidx's planner hooks on queries they do not touch (test/bench.sh
-- sets :rounds, :queries and :baseline_library): three shapes of query that call no time
-- function, each planned by three sessions, or four with a baseline library.
--
-- The shapes (bench_plan_shape): a join of a plain table with itself; a join of a
-- partitioned table with no condition on its partition key, so that all 8 partitions are
-- planned (uuidx's relation and path list hooks run at each); and a join with a
-- postgres_fdw foreign table (a loopback to the same database, which planning does not
-- connect to: the shape whose time bounds uuidx's planner_hook rewrites, had it any).
--
-- The sessions, opened with dblink: in bench_uuidx with uuidx.time_predicates on, in it
-- with the setting off, and in bench_plain, where uuidx is not created. The two databases
-- differ by uuidx alone: bench_uuidx is a copy of bench_plain (same rows, same statistics)
-- with uuidx created in it; the library is preloaded in both, and the peers that the
-- benchmark's own database holds, whose hooks may cost time of their own, are created in
-- neither.
--
-- With a baseline (:baseline_library, the absolute path of a library built from another
-- revision; empty without one), a fourth session, 'hook on, baseline library', in
-- bench_uuidx with the setting on, loads that library instead of the tree's. A backend can
-- load only one of them (both define uuidx.time_predicates), so then the server preloads
-- neither, and each session loads its own by session_preload_libraries in its connection's
-- options, before its first planning; the queries call no uuidx function, which would load
-- the tree's library into the baseline's session. Each round ends by checking, in the
-- memory map of every session's backend, that the one uuidx library it mapped is the
-- intended one.
--
-- This session drives them in turn, :queries plannings at a time, a shape's sessions one
-- after the other, so that their paired differences see the same machine at nearly the
-- same moment; each round opens the sessions anew. The shapes' order rotates every round
-- and the sessions' order every third round (as many rounds as there are shapes), so that
-- over nine rounds (twelve with a baseline) each shape and each session takes each place.
-- A planning's time is
-- EXPLAIN (SUMMARY ON)'s Planning Time: the planner alone (the hooks included), not
-- parsing, execution or the round trip. A round's figure for a shape and session is the
-- mean of its plannings below that batch's 90th percentile (a planning interrupted by
-- another process is not the hooks' cost); the results go to bench_plan_sample, for
-- test/bench/time_report.sql.
\set ON_ERROR_STOP on
\set QUIET on
CREATE EXTENSION IF NOT EXISTS dblink;
SELECT current_database() AS driver_database, split_part(current_setting('unix_socket_directories'), ',', 1) AS socket,
       current_setting('port') AS port \gset

CREATE TABLE bench_plan_shape (position int PRIMARY KEY, label text NOT NULL, detail text NOT NULL,
                               query text NOT NULL);
INSERT INTO bench_plan_shape VALUES
    (1, 'plain table', '1,000 rows',
     'SELECT a.n, b.n FROM bench_plan_probe a JOIN bench_plan_probe b ON b.id = a.id '
     'WHERE a.id = ''01890a5d-ac96-774b-bcce-b302099a8057'' AND b.n > 0 ORDER BY a.n LIMIT 10'),
    (2, 'partitioned table', '8 hash partitions of its uuid key, 4,000 rows; no condition on the key, so every '
                             'partition is planned',
     'SELECT p.n, b.n FROM bench_plan_partitioned p JOIN bench_plan_probe b ON b.id = p.id '
     'WHERE p.n < 100 AND b.n > 0 ORDER BY p.n LIMIT 10'),
    (3, 'foreign table', 'postgres_fdw, of the plain table through a loopback server over the unix socket',
     'SELECT a.n, f.n FROM bench_plan_probe a JOIN bench_plan_foreign f ON f.id = a.id '
     'WHERE a.id = ''01890a5d-ac96-774b-bcce-b302099a8057'' AND f.n > 0 ORDER BY a.n LIMIT 10');
CREATE TABLE bench_plan_sample (shape_position int REFERENCES bench_plan_shape, setting text, round int,
                                planning_us float8 NOT NULL, PRIMARY KEY (shape_position, setting, round));

CREATE DATABASE bench_plain;
\c bench_plain
CREATE EXTENSION postgres_fdw;
CREATE TABLE bench_plan_probe (id uuid PRIMARY KEY, n int NOT NULL);
INSERT INTO bench_plan_probe SELECT gen_random_uuid(), g FROM generate_series(1, 1000) g;
CREATE TABLE bench_plan_partitioned (id uuid PRIMARY KEY, n int NOT NULL) PARTITION BY HASH (id);
SELECT format('CREATE TABLE bench_plan_partitioned_%s PARTITION OF bench_plan_partitioned '
              'FOR VALUES WITH (MODULUS 8, REMAINDER %s)', remainder, remainder)
FROM generate_series(0, 7) remainder \gexec
INSERT INTO bench_plan_partitioned SELECT gen_random_uuid(), g FROM generate_series(1, 4000) g;
VACUUM ANALYZE bench_plan_probe, bench_plan_partitioned;
-- The superuser needs no password over the unix socket (postgres_fdw asks one of others).
CREATE SERVER bench_loopback FOREIGN DATA WRAPPER postgres_fdw
    OPTIONS (host :'socket', port :'port', dbname 'bench_plain');
CREATE USER MAPPING FOR CURRENT_USER SERVER bench_loopback;
CREATE FOREIGN TABLE bench_plan_foreign (id uuid NOT NULL, n int NOT NULL)
    SERVER bench_loopback OPTIONS (table_name 'bench_plan_probe');
ANALYZE bench_plan_foreign;
-- The copy below needs bench_plain without other sessions, the loopback's included.
SELECT postgres_fdw_disconnect_all() \gset
\c :driver_database
CREATE DATABASE bench_uuidx TEMPLATE bench_plain;
\c bench_uuidx
CREATE EXTENSION uuidx;
ALTER SERVER bench_loopback OPTIONS (SET dbname 'bench_uuidx');
\c :driver_database

SELECT set_config('bench.rounds', :'rounds', false), set_config('bench.queries', :'queries', false),
       set_config('bench.server', format('host=%s port=%s user=%s', :'socket', :'port', current_user), false),
       set_config('bench.baseline_library', :'baseline_library', false) \gset
CREATE TEMP TABLE bench_plan_time (shape_position int, setting text, round int, planning_ms float8);
DO $$
DECLARE
    server constant text := current_setting('bench.server');
    baseline_library constant text := current_setting('bench.baseline_library');
    -- Without a baseline the tree's library is preloaded, and the sessions load none.
    load_tree constant text := CASE WHEN baseline_library <> '' THEN '-c session_preload_libraries=uuidx' END;
    settings constant text[] := (ARRAY['hook on', 'hook off', 'uuidx not created', 'hook on, baseline library'])
                                [1 : CASE WHEN baseline_library <> '' THEN 4 ELSE 3 END];
    databases constant text[] := ARRAY['bench_uuidx', 'bench_uuidx', 'bench_plain', 'bench_uuidx'];
    options constant text[] := ARRAY[load_tree, concat_ws(' ', load_tree, '-c uuidx.time_predicates=off'), load_tree,
                                     '-c session_preload_libraries=' || baseline_library];
    -- The file name of the uuidx library each session is to map: the tree's is
    -- $libdir/uuidx.so, the baseline's has a name of its own.
    libraries constant text[] := ARRAY['uuidx.so', 'uuidx.so', 'uuidx.so', 'uuidx_baseline.so'];
    mapped text[];
    -- A new backend's first plannings fill its caches: about ten (a partitioned table's
    -- first one takes ten times as long), left out of every batch.
    warm_up constant int := 10;
    shapes constant bench_plan_shape[] := ARRAY(SELECT s FROM bench_plan_shape s ORDER BY s.position);
    rounds constant int := current_setting('bench.rounds')::int;
    queries constant int := current_setting('bench.queries')::int;
    shape bench_plan_shape;
    setting text;
    times float8[];
    planning_ms float8;
BEGIN
    FOR round IN 1 .. rounds LOOP
        -- New backends every round: a backend's own speed (where its caches landed in
        -- memory) differs from another's by a microsecond or two, which would otherwise
        -- count as the difference of two sessions; this way it is noise of the rounds.
        FOR k IN 1 .. cardinality(settings) LOOP
            PERFORM dblink_connect(settings[k], server || ' dbname=' || databases[k]
                                                || coalesce(' options=''' || nullif(options[k], '') || '''', ''));
        END LOOP;
        FOR shape_place IN 0 .. cardinality(shapes) - 1 LOOP
            shape := shapes[(round + shape_place) % cardinality(shapes) + 1];
            FOR setting_place IN 0 .. cardinality(settings) - 1 LOOP
                setting := settings[(round / cardinality(shapes) + setting_place) % cardinality(settings) + 1];
                times := '{}';
                FOR i IN 1 .. warm_up + queries LOOP
                    SELECT (r.plan->0->>'Planning Time')::float8 INTO planning_ms
                    FROM dblink(setting, 'EXPLAIN (SUMMARY ON, FORMAT JSON) ' || shape.query) AS r(plan json);
                    IF i > warm_up THEN
                        times := times || planning_ms;
                    END IF;
                END LOOP;
                INSERT INTO bench_plan_time SELECT shape.position, setting, round, t FROM unnest(times) t;
            END LOOP;
        END LOOP;
        -- After the round's plannings, so that a library loaded by one of them is seen too.
        IF baseline_library <> '' THEN
            FOR k IN 1 .. cardinality(settings) LOOP
                SELECT array_agg(DISTINCT m[1] ORDER BY m[1]) INTO mapped
                FROM dblink(settings[k], 'SELECT pg_backend_pid()') AS b(pid int),
                     regexp_matches(pg_read_file(format('/proc/%s/maps', b.pid)), '/(uuidx[^/[:space:]]*\.so)$', 'gn') m;
                IF mapped IS DISTINCT FROM ARRAY[libraries[k]] THEN
                    RAISE EXCEPTION 'the session "%" mapped the uuidx libraries %, not %', settings[k],
                        coalesce(mapped::text, '{}'), libraries[k];
                END IF;
            END LOOP;
        END IF;
        PERFORM dblink_disconnect(name) FROM unnest(settings) name;
    END LOOP;
END $$;

INSERT INTO bench_plan_sample
SELECT t.shape_position, t.setting, t.round, avg(t.planning_ms) FILTER (WHERE t.planning_ms <= p.p90) * 1000
FROM bench_plan_time t
JOIN (SELECT shape_position, setting, round, percentile_cont(0.9) WITHIN GROUP (ORDER BY planning_ms) AS p90
      FROM bench_plan_time GROUP BY shape_position, setting, round) p USING (shape_position, setting, round)
GROUP BY t.shape_position, t.setting, t.round;
