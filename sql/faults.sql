-- The fault-injection build (test/hardening.mk FAULT_INJECTION=1) through the SQL door:
-- while the random source fails, every function that draws random bytes raises XX000 and
-- returns nothing; while OpenSSL's digest updates fail, every function that hashes raises
-- 0A000 (the core reports the failure as a value: it is built without C++ exceptions); the
-- session lives through both, and once the fault is off, values are valid and distinct.
-- While uuid's btree comparison operators are missing, the planner's rewrites leave every
-- query to PostgreSQL: no error, the plan and rows of uuidx.time_predicates off.
-- Not in the Makefile's REGRESS: only the fault-injection build has the switch, so
-- test/run-hardening.sh runs it there (REGRESS=faults).
\set SHOW_CONTEXT never
SET client_min_messages = warning;
CREATE FUNCTION uuidx_inject_fault(fault text) RETURNS void
    AS 'uuidx', 'uuidx_inject_fault' LANGUAGE C STRICT;
SELECT pg_backend_pid() AS session_pid \gset
-- Draw first, so that the pool holds bytes and v1 its clock sequence and node: the fault
-- must reach them too.
SELECT uuidv4() IS NOT NULL AND uuid_generate_v7() IS NOT NULL AND uuidv1() IS NOT NULL AS drawn;

SELECT uuidx_inject_fault('random_source_fails');
SELECT uuidv4() IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_generate_v7() IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuidv1() IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_generate_v6() IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuidv7('-1 hour') IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_generate_v7(now()) IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_timestamptz_to_v7(now()) IS NOT NULL AS returned;
\echo :SQLSTATE
-- A failed refill leaves nothing in the pool to hand out: the second call fails too.
SELECT count(uuidv4()) FROM generate_series(1, 5000);
\echo :SQLSTATE
-- Functions that draw nothing still work.
SELECT uuidv5(uuid_namespace('dns'), 'www.example.com') = '2ed6657d-e927-568b-95e1-2665a8aea6a2' AS rfc_vector;
SELECT pg_backend_pid() = :session_pid AS same_session;

SELECT uuidx_inject_fault('none');
SELECT count(DISTINCT u) = 1000 AND bool_and(public.uuid_extract_version(u) = 4 AND uuid_extract_variant(u) = 2) AS valid_v4
FROM (SELECT uuidv4() AS u FROM generate_series(1, 1000)) AS drawn;
SELECT count(*) = 999 AND bool_and(u > previous AND public.uuid_extract_version(u) = 7 AND uuid_extract_variant(u) = 2) AS valid_v7
FROM (SELECT u, lag(u) OVER (ORDER BY g) AS previous
      FROM (SELECT g, uuid_generate_v7() AS u FROM generate_series(1, 1000) AS g) AS drawn) AS pairs
WHERE previous IS NOT NULL;
SELECT count(DISTINCT u) = 1000 AND bool_and(public.uuid_extract_version(u) = 1 AND uuid_extract_variant(u) = 2) AS valid_v1
FROM (SELECT uuidv1() AS u FROM generate_series(1, 1000)) AS drawn;
SELECT count(DISTINCT u) = 1000 AND bool_and(public.uuid_extract_version(u) = 6 AND uuid_extract_variant(u) = 2) AS valid_v6
FROM (SELECT uuid_generate_v6() AS u FROM generate_series(1, 1000)) AS drawn;

SELECT uuidx_inject_fault('digest_fails');
SELECT uuidv5(uuid_namespace('dns'), 'www.example.com') IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuidv3(uuid_namespace('dns'), 'www.example.com') IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_v4_to_v7('919108f7-52d1-4320-9bac-f847db4148a8', now()) IS NOT NULL AS returned;
\echo :SQLSTATE
SELECT uuid_generate_v8_name(uuid_namespace('dns'), 'www.example.com', 'sha3-256') IS NOT NULL AS returned;
\echo :SQLSTATE
-- Functions that hash nothing still work.
SELECT public.uuid_extract_version(uuidv4()) = 4 AS v4_works;
SELECT pg_backend_pid() = :session_pid AS same_session;

SELECT uuidx_inject_fault('none');
SELECT uuidv5(uuid_namespace('dns'), 'www.example.com') = '2ed6657d-e927-568b-95e1-2665a8aea6a2' AS rfc_vector;
SELECT pg_backend_pid() = :session_pid AS same_session;

-- uuid's btree comparison operators missing, the state catalog surgery on uuid_ops would
-- leave (uuidx's get_opfamily_member() calls find no uuid member): every query that would
-- reach a rewrite of the time predicates is left to PostgreSQL, with the plan and the rows it
-- has with uuidx.time_predicates off, and no error. The planner looks the operators up once
-- per session, so each part below starts a session of its own.
CREATE SCHEMA planner_faults;
CREATE TABLE planner_faults.keys (id uuid PRIMARY KEY, n integer NOT NULL);
INSERT INTO planner_faults.keys
SELECT uuid_generate_v7(timestamptz '2025-01-01 00:00:00.5+00' + i * interval '17 minutes'), i
FROM generate_series(1, 4000) i;
CREATE TABLE planner_faults.parts (id uuid NOT NULL, n integer NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE planner_faults.parts_2025_01 PARTITION OF planner_faults.parts
    FOR VALUES FROM (uuid_time_encoder('2025-01-01+00')) TO (uuid_time_encoder('2025-02-01+00'));
CREATE TABLE planner_faults.parts_2025_02 PARTITION OF planner_faults.parts
    FOR VALUES FROM (uuid_time_encoder('2025-02-01+00')) TO (uuid_time_encoder('2025-03-01+00'));
INSERT INTO planner_faults.parts SELECT id, n FROM planner_faults.keys;
ANALYZE planner_faults.keys, planner_faults.parts;
-- One query per rewrite that needs uuid's comparison: a time condition (the window, and on a
-- partitioned table the key range beside it), a keyset page, time order with a LIMIT, and
-- buckets of the time in the key's order.
CREATE TABLE planner_faults.queries (shape text PRIMARY KEY, query text NOT NULL);
INSERT INTO planner_faults.queries VALUES
    ('time condition', $$SELECT n FROM planner_faults.keys
        WHERE uuid_v7_to_timestamptz(id) >= '2025-01-10+00' AND uuid_v7_to_timestamptz(id) < '2025-01-11+00' ORDER BY n$$),
    ('time condition, partitioned', $$SELECT n FROM planner_faults.parts
        WHERE uuid_v7_to_timestamptz(id) >= '2025-01-10+00' AND uuid_v7_to_timestamptz(id) < '2025-01-11+00' ORDER BY n$$),
    ('keyset page', $$SELECT n FROM planner_faults.keys
        WHERE (uuid_v7_to_timestamptz(id), id) > ('2025-01-20+00', '00000000-0000-0000-0000-000000000000')
        ORDER BY uuid_v7_to_timestamptz(id), id LIMIT 10$$),
    ('newest first', $$SELECT n FROM planner_faults.keys ORDER BY uuid_v7_to_timestamptz(id) DESC, id DESC LIMIT 20$$),
    ('hourly buckets', $$SELECT date_trunc('hour', uuid_v7_to_timestamptz(id)) AS hour, count(*)
        FROM planner_faults.keys GROUP BY 1 ORDER BY 1 LIMIT 10$$);

-- Whether `query` has the plan (EXPLAIN, COSTS OFF) and the rows, in the order returned, that
-- it has with uuidx.time_predicates off.
CREATE FUNCTION planner_faults.plan_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    line text;
    plan text := '';
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
        plan := plan || line || E'\n';
    END LOOP;
    RETURN plan;
END $$;
CREATE FUNCTION planner_faults.rows_of(query text) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
    r record;
    result text[] := '{}';
BEGIN
    FOR r IN EXECUTE query LOOP
        result := result || r::text;
    END LOOP;
    RETURN result;
END $$;
CREATE FUNCTION planner_faults.against_setting_off(query text, OUT same_plan boolean, OUT same_rows boolean,
                                                   OUT row_count integer) LANGUAGE plpgsql AS $$
DECLARE
    plan_on text := planner_faults.plan_of(query);
    rows_on text[] := planner_faults.rows_of(query);
BEGIN
    PERFORM set_config('uuidx.time_predicates', 'off', true);
    same_plan := plan_on = planner_faults.plan_of(query);
    same_rows := rows_on = planner_faults.rows_of(query);
    PERFORM set_config('uuidx.time_predicates', 'on', true);
    row_count := cardinality(rows_on);
END $$;

-- Without the fault, every query is rewritten: its plan changes, its rows do not.
\c
SET client_min_messages = warning;
SET timezone = 'UTC';
SET max_parallel_workers_per_gather = 0;
SELECT uuidx_inject_fault('none');
SELECT shape, (planner_faults.against_setting_off(query)).* FROM planner_faults.queries ORDER BY shape;

-- With the fault from the session's start, none is.
\c
SET client_min_messages = warning;
SET timezone = 'UTC';
SET max_parallel_workers_per_gather = 0;
SELECT uuidx_inject_fault('uuid_operators_missing');
SELECT shape, (planner_faults.against_setting_off(query)).* FROM planner_faults.queries ORDER BY shape;
SELECT uuidx_inject_fault('none');
